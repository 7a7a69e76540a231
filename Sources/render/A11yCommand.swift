import Accessibility
import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots

/// `render a11y SESSION...`: text contrast, touch targets and large text on every screen (each named snapshot and
/// the final frame) of each session; docs/accessibility.md says what each check measures.
struct A11yCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11y",
        abstract: "Check text contrast, touch-target sizes and large text on every screen of sessions.",
        discussion: """
            Exit codes: 0 no findings, 5 a session has an error diagnostic (with --strict a warning too; \
            --allow-errors: never), 6 findings, 1 a session was rejected, 7 it exceeds a documented limit, \
            3 a session could not be rendered, 2 the JSON report could not be written. Thresholds: text 4.5:1 \
            (3:1 at 24 dp, or 18.66 dp bold) (WCAG 2.2 1.4.3); targets 48x48 dp in the android and default \
            looks, 44x44 pt in ios, and WCAG 2.2 2.5.8's 24x24 noted; large text: each screen laid out again at \
            font scales 1.3 and 2.0, text cut there or past the screen's width reported. See docs/accessibility.md.
            """)

    @Argument(help: "Session files, or folders (every *.json in them but *.expect.json).")
    var sessionArguments: [String]

    @Option(name: .long, help: "Write every finding here as a JSON array, one finding per line.")
    var json: String?

    @Flag(
        inversion: .prefixedNo,
        help: """
            Lay every screen out again at font scales 1.3 and 2.0 and report text cut there or past the \
            screen's width (--no-large-text: contrast and targets only).
            """)
    var largeText = true

    @OptionGroup var common: CommonOptions

    @OptionGroup var gateOptions: GateOptions

    /// `PATH: 2 findings (6 on 3 screens: 4 repeats folded)`, or `PATH: no findings`.
    static func head(_ path: String, _ count: Int, _ before: Int) -> String {
        guard count > 0 else { return "\(path): no findings" }
        let what = "\(path): \(count) finding\(count == 1 ? "" : "s")"
        let repeats = before - count
        return what + (repeats == 0 ? "" : " (\(repeats) repeat\(repeats == 1 ? "" : "s") on other screens folded)")
    }

    func run() throws {
        let renderer: Renderer
        do { renderer = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError {
            throw e
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        var audit = AccessibilityAudit(renderer: renderer)
        audit.largeText = largeText
        var all: [FoldedFinding] = []
        var folded = 0
        var kept: [SessionDiagnostic] = []
        var failure: Int32?
        for path in SessionArguments.expand(sessionArguments) {
            renderer.forgetLastFrame()
            let printer = DiagnosticPrinter(file: path, format: common.diagnostics, quiet: common.quiet)
            let loaded: (Session, [Diagnostic])
            do { loaded = try renderer.load(path: path) } catch {
                StdErr.write("\(error)")
                failure = failure ?? ExitCodes.forRejection(error)
                continue
            }
            do {
                let (findings, diagnostics) = try audit.run(loaded.0)
                printer.print(loaded.1 + diagnostics)
                kept += gateOptions.gate.kept(file: path, loaded.1 + diagnostics)
                // A finding repeated on several screens (an unchanged screen snapshotted again) is one.
                let once = FoldedFinding.fold(findings)
                all += once
                folded += findings.count - once.count
                if !common.quiet {
                    let lines = once.map {
                        "  \($0.screens.joined(separator: ", ")) \($0.finding.frame): \($0.finding.message)  "
                            + $0.finding.locator.description
                    }
                    StdOut.write(lines: OutputText.lines([Self.head(path, once.count, findings.count)] + lines))
                }
            } catch {
                StdErr.write("\(path): error: rendering failed: \(error)")
                failure = failure ?? ExitCodes.renderFailed
            }
        }
        if let out = json {
            do { try renderer.write(Array(FoldedFinding.jsonArray(all).utf8), to: out) } catch {
                StdErr.write("\(out): error: cannot write the JSON report: \(error)")
                throw ExitCode(ExitCodes.unwritable)
            }
        }
        if !common.quiet && !all.isEmpty {
            StdOut.write(
                "\(all.count) finding\(all.count == 1 ? "" : "s")"
                    + (folded == 0 ? "" : " (\(folded) repeat\(folded == 1 ? "" : "s") on other screens folded)"))
        }
        let gateLines = gateOptions.gate.summary(kept)
        if !gateLines.isEmpty { StdErr.write(lines: OutputText.lines(gateLines)) }
        if let f = failure { throw ExitCode(f) }
        if let code = gateOptions.gate.exitCode(kept) { throw ExitCode(code) }
        if !all.isEmpty { throw ExitCode(ExitCodes.checkFailed) }
    }
}

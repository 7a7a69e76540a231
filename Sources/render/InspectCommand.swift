import ArgumentParser
import Foundation
import Primitives
import RenderPipeline
import SessionFormat

/// `render inspect SESSION --point X,Y | --tree`: what a touch at a point reaches (and its ancestors,
/// their resolved styles and where each value came from), or the tree a user can reach with the
/// locator that finds each element (semantics.md items 39 and 43).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the element at a point of a frame, or the reachable tree with a locator for each element.")

    @Argument(help: "The session file.")
    var session: String

    @ArgumentParser.Option(name: .long, help: "Inspect the named snapshot instead of the final frame.")
    var snapshot: String?

    @ArgumentParser.Option(name: .long, help: "Inspect the state at virtual time MS.")
    var at: Int?

    @ArgumentParser.Option(name: .long, help: "The point in dp, as X,Y (e.g. 120,300).")
    var point: String?

    @Flag(name: .long, help: "Print the reachable tree, each element with the locator that finds it.")
    var tree = false

    @Flag(
        name: .long,
        help: """
            With --point: print JSON, each element with a `style` object: key -> {value, source} (the \
            session step and selector that declared it, the theme key, or the default).
            """)
    var json = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (point != nil) != tree else { throw ValidationError("give either --point X,Y or --tree") }
        if snapshot != nil && at != nil { throw ValidationError("give --snapshot or --at, not both") }
        if let p = point, Self.parse(p) == nil { throw ValidationError("--point must be X,Y in dp (e.g. 120,300)") }
        if json && point == nil { throw ValidationError("--json is for --point") }
    }

    static func parse(_ s: String) -> Point? {
        let parts = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    func run() throws {
        let renderer: Renderer
        do { renderer = try Renderer(options: try common.renderOptions()) } catch let e as ValidationError {
            throw e
        } catch {
            StdErr.write("render: error: \(error)")
            throw ExitCode(ExitCodes.renderFailed)
        }
        let loaded: (Session, [Diagnostic])
        do { loaded = try renderer.load(path: session) } catch {
            StdErr.write("\(error)")
            throw ExitCode(ExitCodes.forRejection(error))
        }
        let (s, d) = loaded
        let printer = DiagnosticPrinter(file: session, format: common.diagnostics, quiet: common.quiet)
        let capture: RenderedCapture
        if let ms = at {
            capture = renderer.state(s, at: ms)
            printer.print(d)
        } else {
            let replay = renderer.replay(s)
            printer.print(d + replay.diagnostics)
            if let name = snapshot {
                guard let c = replay.captures.last(where: { $0.kind == .snapshot && $0.name == name }) else {
                    StdErr.write("\(session): error: no snapshot named \"\(name)\"")
                    throw ExitCode(ExitCodes.noSuchSnapshot)
                }
                capture = c
            } else {
                capture = replay.captures.last!
            }
        }
        let inspection = renderer.inspection(of: capture, session: s)
        if let p = point.flatMap(Self.parse) {
            print(json ? inspection.pointJSON(p) : inspection.point(p), terminator: "")
        } else {
            print(inspection.reachableTree(), terminator: "")
        }
    }
}

import Accessibility
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import WidgetTree

/// Renders a session's final frame and each named snapshot (the last capture of each name) and
/// compares every one with its golden: `render check` and `assertSnapshot` both run through here.
package struct SnapshotChecker {
    package var settings: SnapshotSettings
    /// With `settings.a11y`: the audit a batch worker keeps warm across its sessions (its glyph
    /// rasterizer reuses its frame memory); nil: one per `check` call. Made for `renderer`'s fonts.
    package var audit: AccessibilityAudit?
    package init(settings: SnapshotSettings) { self.settings = settings }

    /// One rendered target: the golden name, its snapshot name (nil: final frame) and the frame.
    package struct Target {
        package var name: String
        package var snapshot: String?
        package var frame: RenderedFrame
    }

    /// Renders the final frame and every named snapshot of a session: named snapshots in capture
    /// order, then the final frame; with the session's device (for the sidecar).
    /// `only`: restrict to these snapshot names (`""` = the final frame); nil = all.
    /// `diagnostics`: every diagnostic of decoding, replaying and drawing them (for the gate, `SessionGate`).
    package static func render(session path: String, renderer: Renderer, only: Set<String>? = nil) throws -> (
        device: Device, targets: [Target], diagnostics: [Diagnostic]
    ) {
        let (session, decoded) = try renderer.load(path: path)
        let replay = renderer.replay(session)
        var lastOfName: [String: Int] = [:]
        for (i, c) in replay.captures.enumerated() where c.kind == .snapshot {
            if let n = c.name, !n.isEmpty { lastOfName[n] = i }
        }
        try checkCollisions(session: path, snapshots: lastOfName.keys)
        // `only` may name a snapshot as the session does or as its golden is named (an accept line).
        let wanted = only.map { names in
            Set(names.map { $0.isEmpty ? "" : SnapshotSettings.goldenName(session: path, snapshot: $0) })
        }
        // Capture index -> the names it is the golden of (nil = the final frame); one capture may be both.
        var namesAt: [Int: [String?]] = [:]
        for (n, i) in lastOfName.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) })
        where wanted?.contains(SnapshotSettings.goldenName(session: path, snapshot: n)) ?? true {
            namesAt[i, default: []].append(n)
        }
        if let last = replay.captures.indices.last, only?.contains("") ?? true {
            namesAt[last, default: []].append(nil)
        }
        var named: [Target] = []
        var final: [Target] = []
        let drawn = try renderer.renderEach(session, replay, only: { _, i in namesAt[i] != nil }) { frame, i in
            for n in namesAt[i] ?? [] {
                let t = Target(name: SnapshotSettings.goldenName(session: path, snapshot: n), snapshot: n, frame: frame)
                if n == nil { final.append(t) } else { named.append(t) }
            }
        }
        return (session.device, named + final, decoded + replay.diagnostics + drawn.diagnostics)
    }

    /// "no snapshot step named 'filed' (did you mean "filled"?) (snapshots: filled, start)": why a
    /// check of one snapshot found nothing to check, naming the snapshots that exist.
    package static func noSuchSnapshot(_ name: String, session path: String, renderer: Renderer) -> String {
        var names: [String] = []
        if let (session, _) = try? renderer.load(path: path) {
            for c in renderer.replay(session).captures where c.kind == .snapshot {
                if let n = c.name, !n.isEmpty, !names.contains(n) { names.append(n) }
            }
        }
        return
            """
            \(path): no snapshot step named '\(name)'\(NearestName.hint(for: name, in: names)) (snapshots: \
            \(names.isEmpty ? "none" : names.joined(separator: ", ")))
            """
    }

    /// Throws when two snapshot names of the session become the same golden file (`a/b` and `a_b`
    /// are both `NAME@a_b`), naming both: one would silently overwrite the other's golden.
    static func checkCollisions(session path: String, snapshots: some Sequence<String>) throws {
        var byFile: [String: String] = [:]
        for n in snapshots.sorted() {
            let file = SnapshotSettings.goldenName(session: path, snapshot: n)
            if let other = byFile[file] {
                throw GoldenNameCollision(
                    "the snapshots '\(other)' and '\(n)' both become the golden \(file).png: rename one of them")
            }
            byFile[file] = n
        }
    }

    /// Checks one session: an outcome per target. A session that cannot be rendered gives one `.error` outcome.
    /// `only`: these targets alone are rendered, compared and recorded (snapshot names, `""` for the
    /// final frame); nil: the final frame and every named snapshot.
    package func check(session path: String, renderer: Renderer, only: Set<String>? = nil) -> [SnapshotOutcome] {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        do {
            let (device, targets, diagnostics) = try Self.render(session: path, renderer: renderer, only: only)
            let kept = settings.gate.kept(file: path, diagnostics)
            var labelled = settings
            labelled.fontsDirectory = renderer.options.fontsDirectory
            let comparison = GoldenComparison(settings: labelled)
            // One audit per session at least: its glyph rasterizer serves every screen.
            let audit = settings.a11y.map { _ in self.audit ?? AccessibilityAudit(renderer: renderer) }
            var outcomes = try targets.map { t in
                let env = SnapshotSidecar.Environment.current(
                    options: renderer.options, device: device, frame: t.frame, fonts: renderer.fonts)
                let sidecar = SnapshotSidecar(frame: t.frame, environment: env)
                var o = try comparison.evaluate(
                    name: t.name, session: path, snapshot: t.snapshot, actual: t.frame.bitmap,
                    sidecar: sidecar, reproduce: reproduceLine(path, renderer: renderer))
                if !o.passed && o.status != .recorded,
                    let line = Optional(acceptLine(path, name: t.name, renderer: renderer))
                {
                    o.accept = line
                    o.message += "\n" + OutputText.line("  accept the new picture: " + line)
                }
                if let mode = settings.a11y, let audit {
                    let findings = try audit.findings(t.frame, device: device, screen: t.snapshot ?? "final")
                    var a = try A11yBaseline.evaluate(
                        name: t.name, findings: findings, screen: Size(width: device.width, height: device.height),
                        settings: labelled, mode: mode)
                    if a.status != .recorded && (a.status != .passed || a.count(.resolved) > 0) {
                        a.accept = acceptLine(path, name: t.name, renderer: renderer) + " --a11y"
                    }
                    o.a11y = a
                }
                return o
            }
            // The session's diagnostics ride on its first outcome (a report merge keeps them with it).
            if !kept.isEmpty && !outcomes.isEmpty { outcomes[0].diagnostics = kept }
            return outcomes
        } catch let e as GoldenWriteError {
            var o = errorOutcome(session: path, renderer: renderer, reason: "")
            o.unwritable = true
            o.message = OutputText.line("\(name): \(e)")
            return [o]
        } catch let e as ConfinementError {
            var o = errorOutcome(session: path, renderer: renderer, reason: "")
            o.message = OutputText.line("\(name): golden refused: \(e)")
            return [o]
        } catch {
            return [errorOutcome(session: path, renderer: renderer, reason: "\(error)")]
        }
    }

    /// The `.error` outcome of a session that could not be rendered (`reason`: why; a batch also
    /// uses it for a session whose worker crashed or timed out).
    package func errorOutcome(session path: String, renderer: Renderer, reason: String) -> SnapshotOutcome {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        return SnapshotOutcome(
            name: name, session: path, snapshot: nil, status: .error,
            golden: settings.snapshotsDirectory + "/" + name + ".png",
            reproduce: reproduceLine(path, renderer: renderer),
            message: OutputText.line("\(name): could not render \(path): \(reason)"))
    }

    /// `render check PATH --snapshots DIR --threshold N --max-mismatch F [--theme T] [--device WxH@S]`.
    func reproduceLine(_ path: String, renderer: Renderer) -> String {
        var parts = [
            settings.command, Self.shellQuote(path), "--snapshots", Self.shellQuote(settings.snapshotsDirectory),
            "--threshold", String(settings.tolerance.threshold), "--max-mismatch",
            String(settings.tolerance.maxMismatch),
        ]
        if !settings.tolerance.semantic { parts.append("--pixels-only") }
        if renderer.options.theme != "default" { parts += ["--theme", Self.shellQuote(renderer.options.theme)] }
        if let d = renderer.options.device {
            parts += ["--device", "\(fmt(d.width))x\(fmt(d.height))@\(fmt(d.scale))"]
        }
        return parts.joined(separator: " ")
    }

    /// `render check PATH --accept NAME --snapshots DIR [--theme T] [--device WxH@S]`.
    func acceptLine(_ path: String, name: String, renderer: Renderer) -> String {
        var parts = [
            settings.command, Self.shellQuote(path), "--accept", Self.shellQuote(name),
            "--snapshots", Self.shellQuote(settings.snapshotsDirectory),
        ]
        if renderer.options.theme != "default" { parts += ["--theme", Self.shellQuote(renderer.options.theme)] }
        if let d = renderer.options.device {
            parts += ["--device", "\(fmt(d.width))x\(fmt(d.height))@\(fmt(d.scale))"]
        }
        return parts.joined(separator: " ")
    }

    package static func shellQuote(_ s: String) -> String {
        let safe = s.allSatisfy { $0.isLetter || $0.isNumber || "-_./@=:+,".contains($0) }
        return safe && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

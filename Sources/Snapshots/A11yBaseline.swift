import Accessibility
import Foundation
import JSON
import Primitives
import RenderPipeline
import SessionFormat

/// The accessibility baseline of one golden: `NAME.a11y.json` beside `NAME.png` (`NAME@SNAP.a11y.json`
/// beside `NAME@SNAP.png`), the findings a reviewer accepted, as `render a11y --json` writes them (a
/// JSON array, one finding per line, sorted by check, place and locator, so a review diffs well).
/// No file means no accepted finding. docs/accessibility.md, "The baseline".
package enum A11yBaseline {
    package static let suffix = ".a11y.json"
    /// Largest baseline read (a screen's findings are a few KB; this is thousands of screens' worth).
    static let maxBytes = 16 << 20

    /// The stable order of a baseline: check, then top to bottom, left to right, then locator and
    /// wording (paint order would move lines when the tree is reordered without anything moving).
    package static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted { a, b in
            if a.check.rawValue != b.check.rawValue { return a.check.rawValue < b.check.rawValue }
            if a.frame.y != b.frame.y { return a.frame.y < b.frame.y }
            if a.frame.x != b.frame.x { return a.frame.x < b.frame.x }
            let (la, lb) = (a.locator.description, b.locator.description)
            return la != lb ? la < lb : a.message < b.message
        }
    }

    /// The bytes of a baseline holding `findings`.
    package static func bytes(_ findings: [Finding]) -> [UInt8] { Array(Finding.jsonArray(sorted(findings)).utf8) }

    /// The findings of a baseline file's bytes; throws `A11yBaselineError` naming what is wrong.
    package static func parse(_ bytes: [UInt8]) throws -> [A11yFinding] {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw A11yBaselineError("\(error)") }
        guard let items = value.arrayValue else {
            throw A11yBaselineError("the file holds \(value.typeName), not an array of findings")
        }
        return try items.enumerated().map { i, v in
            do { return try finding(v) } catch let e as A11yBaselineError {
                throw A11yBaselineError("finding \(i + 1): \(e.description)")
            }
        }
    }

    /// One finding object (the keys `Finding.json` writes; `state` is not part of a baseline).
    static func finding(_ v: JSONValue) throws -> A11yFinding {
        guard let o = v.objectValue else { throw A11yBaselineError("\(v.typeName), not an object") }
        func string(_ k: String) throws -> String {
            guard let s = o[k]?.stringValue else { throw A11yBaselineError("no string \"\(k)\"") }
            return s
        }
        func number(_ k: String) throws -> Double {
            guard let n = o[k]?.numberValue?.double, n.isFinite else {
                throw A11yBaselineError("no number \"\(k)\"")
            }
            return n
        }
        let (screen, check) = (try string("screen"), try string("check"))
        guard let frame = o["frame"]?.arrayValue?.compactMap({ $0.numberValue?.double }), frame.count == 4 else {
            throw A11yBaselineError("no \"frame\" of four numbers")
        }
        guard let locator = o["locator"], locator.objectValue != nil else {
            throw A11yBaselineError("no \"locator\" object")
        }
        var w = JSONWriter()
        write(locator, &w)
        let element = try number("element")
        return A11yFinding(
            state: nil, screen: screen, check: check,
            element: CheckedInt.int(element, .towardZero), type: try string("type"), text: try string("text"),
            frame: frame, locator: w.text, measured: try number("measured"), needed: try number("needed"),
            message: try string("message"))
    }

    /// Compact JSON of a parsed value, members in their order (a locator reads back as it was written).
    static func write(_ v: JSONValue, _ w: inout JSONWriter) {
        switch v {
        case .null: w.raw("null")
        case .bool(let b): w.raw(b ? "true" : "false")
        case .number(let n): w.raw(n.text)
        case .string(let s): w.string(s)
        case .array(let a):
            w.raw("[")
            for (i, x) in a.enumerated() {
                if i > 0 { w.raw(",") }
                write(x, &w)
            }
            w.raw("]")
        case .object(let o):
            w.raw("{")
            for (i, m) in o.members.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(m.key)
                w.raw(":")
                write(m.value, &w)
            }
            w.raw("}")
        }
    }

    /// The current findings against the baseline's: each current one `new` or `present` (matched by
    /// check and locator, one baseline finding each), each unmatched baseline one `resolved`.
    /// New first, then still present, then resolved.
    package static func compare(baseline: [A11yFinding], current: [A11yFinding]) -> [A11yFinding] {
        var unmatched: [String: [Int]] = [:]
        for (i, f) in baseline.enumerated() { unmatched[f.key, default: []].append(i) }
        var new: [A11yFinding] = []
        var present: [A11yFinding] = []
        for var f in current {
            if var list = unmatched[f.key], !list.isEmpty {
                list.removeFirst()
                unmatched[f.key] = list
                f.state = .present
                present.append(f)
            } else {
                f.state = .new
                new.append(f)
            }
        }
        let left = Set(unmatched.values.flatMap { $0 })
        let resolved = baseline.indices.filter(left.contains).map { i -> A11yFinding in
            var f = baseline[i]
            f.state = .resolved
            return f
        }
        return new + present + resolved
    }

    /// Audits one screen (`render a11y`'s checks on the frame the check rendered anyway) and
    /// compares it with its baseline `name + ".a11y.json"` in the goldens folder, writing the
    /// baseline as the record mode says: `missing` when there is none and something was found,
    /// `failed` (and `--accept`) when findings are new or resolved (or the file is unreadable),
    /// `all` always (when there is a file or a finding). Writing one is `recorded`: never a pass.
    package static func evaluate(
        name: String, findings: [Finding], screen: Size, settings: SnapshotSettings, mode: A11yMode
    ) throws -> A11yResult {
        let goldens = ConfinedFolder(settings.snapshotsDirectory)
        let path = settings.snapshotsDirectory + "/" + name + suffix
        let current = try findings.isEmpty ? [] : parse(bytes(findings))
        var old: [A11yFinding]?
        var unreadable: String?
        // No goldens folder (a gallery without one): nothing accepted, nothing written.
        if !settings.snapshotsDirectory.isEmpty,
            let data = try goldens.readIfPresent(name + suffix, maxBytes: Self.maxBytes)
        {
            do { old = try parse(data) } catch { unreadable = "\(error)" }
        }
        let all = compare(baseline: old ?? [], current: current)
        var result = A11yResult(
            baseline: path, status: .passed, screen: [screen.width, screen.height], findings: all, message: "")
        let (new, present, resolved) = (result.count(.new), result.count(.present), result.count(.resolved))
        let exists = old != nil || unreadable != nil
        let write: Bool
        switch settings.record {
        case _ where settings.snapshotsDirectory.isEmpty: write = false
        case .never: write = false
        case .missing: write = !exists && !current.isEmpty
        case .failed: write = unreadable != nil || (exists ? new + resolved > 0 : !current.isEmpty)
        case .all: write = exists || !current.isEmpty
        }
        let counts = "\(present) still present, \(resolved) resolved"
        var lines: [String]
        if write {
            try GoldenFiles.write(bytes(findings), name: name + suffix, in: goldens)
            result.status = .recorded
            lines = [
                settings.accepting
                    ? "\(name): accepted the accessibility findings: wrote \(path) (\(current.count) findings; "
                        + "\(new) were new, \(resolved) resolved)"
                    : "\(name): recorded the accessibility baseline \(path) (\(current.count) findings); "
                        + "check it and run again"
            ]
        } else if let why = unreadable {
            result.status = .invalid
            lines = ["\(name): \(path) is not an accessibility baseline: \(why) (record it again with --accept)"]
        } else if new > 0 {
            result.status = mode == .warn ? .warned : .failed
            lines = ["\(name): \(new) new accessibility finding\(new == 1 ? "" : "s") against \(path) (\(counts))"]
        } else {
            lines = ["\(name): no new accessibility findings (\(counts))"]
        }
        let shown = write ? all.filter { $0.state != .resolved } : all.filter { $0.state != .present }
        for f in shown.prefix(20) { lines.append("  \(f.state?.rawValue ?? "")  \(f.line)") }
        if shown.count > 20 { lines.append("  ... and \(shown.count - 20) more") }
        if !write && resolved > 0 && new == 0 { lines.append("  (--accept drops the resolved ones from \(path))") }
        result.message = OutputText.lines(lines)
        return result
    }

    /// `evaluate` of one frame: the audit of `render a11y`, with `screen` naming it in the findings.
    package static func check(
        _ frame: RenderedFrame, device: Device, renderer: Renderer, name: String, screen: String,
        settings: SnapshotSettings, mode: A11yMode
    ) throws -> A11yResult {
        let findings = try AccessibilityAudit(renderer: renderer).findings(frame, device: device, screen: screen)
        return try evaluate(
            name: name, findings: findings, screen: Size(width: device.width, height: device.height),
            settings: settings, mode: mode)
    }
}

/// A baseline file that does not hold findings.
package struct A11yBaselineError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

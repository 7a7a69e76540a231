import Foundation
import MCP
import ServeProtocol

/// render, tree, inspect, a11y, portability: the engine's answers through the worker (ServeProtocol's
/// requests), worded for an agent.
extension MCPTools {
    static let viewKeys: Set<String> = ["session", "session_json", "snapshot", "look", "device", "font_scale"]

    func render(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(Self.viewKeys.union(["full_size"]))
        let v = try frameView(a)
        let full = try a.bool("full_size") ?? false
        let (meta, png, _) = try await frame(v, full: full)
        let stem = ((v.shown as NSString).lastPathComponent as NSString).deletingPathExtension
        let saved = try save(
            png, folder: "renders", name: Self.fileName(stem + (v.snapshot.map { "@" + $0 } ?? "")) + ".png")
        var text = frameSummary(v, meta, full: full)
        text += "\nsaved: \(saved)"
        return CallTool.Result(content: [Self.image(png), Self.words(text)], isError: false)
    }

    func frameSummary(_ v: FrameView, _ meta: FrameMeta, full: Bool) -> String {
        let (w, h, k) = Self.shrunkSize(meta, full: full)
        let d = meta.device
        var lines = [
            "session: \(v.shown), \(v.snapshot.map { "snapshot \($0)" } ?? "final frame"); look "
                + "\(Self.lookName(v.theme, root)), device \(v.device), font scale \(v.fontScale)",
            "frame: \(meta.pixelWidth)x\(meta.pixelHeight) px (\(Self.n(d.width))x\(Self.n(d.height)) dp "
                + "@\(Self.n(d.scale)))"
                + (k > 1 ? "; picture \(w)x\(h) (shrunk \(k)x; full_size: true for the whole)" : ""),
        ]
        let snaps = meta.timeline.compactMap { $0.kind == "snapshot" ? $0.name : nil }
        if !snaps.isEmpty { lines.append("snapshots: " + snaps.joined(separator: ", ")) }
        lines.append(
            meta.diagnostics.isEmpty
                ? "diagnostics: none" : Self.diagnosticsText(meta.diagnostics, heading: "diagnostics"))
        return lines.joined(separator: "\n")
    }

    static func lookName(_ theme: String, _ root: RootFolder) -> String {
        theme.hasPrefix("/") ? root.relative(theme) : theme
    }

    static func n(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e9 ? String(Int(d)) : String(format: "%.1f", d)
    }

    func tree(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(Self.viewKeys.union(["offset", "max_chars", "reachable_only"]))
        let v = try frameView(a)
        let (meta, _, spec) = try await frame(v, full: false)
        let locs = await locators(spec)
        let head = "session: \(v.shown), \(v.snapshot ?? "final frame")\n"
        let text = Self.treeText(
            meta.tree, locators: locs, offset: try a.int("offset", in: 0...1_000_000) ?? 0,
            maxChars: (try a.int("max_chars", in: 500...40000) ?? Self.treeChars) - head.count,
            reachableOnly: try a.bool("reachable_only") ?? false)
        return CallTool.Result(content: [Self.words(head + text)], isError: false)
    }

    /// A tree answer's default size in characters (docs/mcp.md): a typical screen's whole tree fits.
    static let treeChars = 6000

    /// One line per element, indented by depth: `#ID kind "text" [x,y,w,h] locator` (or `unreachable: why`);
    /// cut at `maxChars`, the last line saying how to get the rest.
    static func treeText(
        _ tree: [TreeEntry], locators: [Int: String], offset: Int, maxChars: Int, reachableOnly: Bool = false
    ) -> String {
        var depth: [Int: Int] = [:]
        for e in tree { depth[e.id] = e.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? 0 }
        let shown = reachableOnly ? tree.filter(\.reachable) : tree
        var out =
            "elements: \(shown.count) (id kind \"text\" [x,y,width,height] in dp, then the locator that finds "
            + "it or why a touch cannot reach it)\n"
        var i = offset
        var lastWhy: String?
        while i < shown.count {
            let e = shown[i]
            var line = String(repeating: " ", count: min(2 * (depth[e.id] ?? 0), 24)) + "#\(e.id) \(e.kind)"
            // An element found by its text has the text once, whole, in its locator.
            let locator = e.reachable ? locators[e.id] : nil
            let byText =
                locator.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map {
                    $0.count == 1 && $0["text"] as? String == e.text
                } ?? false
            if !e.text.isEmpty && !byText { line += " " + quoted(e.text) }
            line += " [" + e.frame.map(n).joined(separator: ",") + "]"
            if e.reachable {
                if let l = locator { line += " " + l }
            } else {
                // Under a dialog, every element says the same: said once, then "(as above)".
                line += " unreachable" + (e.why == lastWhy ? " (as above)" : (e.why.map { ": \($0)" } ?? ""))
            }
            lastWhy = e.reachable ? nil : e.why
            if let b = e.barButtons, !b.isEmpty { line += " bar buttons: " + b.joined(separator: ", ") }
            // The line saying how to go on fits in the budget too.
            if out.count + line.count + 1 + 60 > maxChars {
                out += "... \(shown.count - i) more elements: call again with offset \(i)\n"
                return out
            }
            out += line + "\n"
            i += 1
        }
        return out
    }

    static func quoted(_ s: String) -> String {
        let short = s.count > 80 ? String(s.prefix(77)) + "..." : s
        let d =
            (try? JSONSerialization.data(withJSONObject: [short], options: [.withoutEscapingSlashes]))
            ?? Data("[\"\"]".utf8)
        return String(String(decoding: d, as: UTF8.self).dropFirst().dropLast())
    }

    func inspect(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(Self.viewKeys.union(["x", "y", "locator", "id"]))
        let v = try frameView(a)
        let (meta, _, spec) = try await frame(v, full: false)
        let x = try a.number("x", in: -1e6...1e6)
        let y = try a.number("y", in: -1e6...1e6)
        let answer: FrameAnswer
        if let x, let y {
            answer = await worker.call(.hit(spec, x: x, y: y))
        } else if x != nil || y != nil {
            throw ToolError("inspect: give both x and y")
        } else {
            let id: Int
            if let given = try a.int("id", in: 0...Int(Int32.max)) {
                id = given
            } else if let locator = try a.object("locator") {
                id = try Self.find(locator, in: meta.tree, locators: await locators(spec))
            } else {
                throw ToolError("inspect: give x and y (dp), a locator or an id")
            }
            answer = await worker.call(.element(spec, id: id))
        }
        let r = try Self.reply(answer, InspectAnswer.self)
        var head = "touch: \(r.touch)"
        if let id = r.id { head += " #\(id)" }
        if let k = r.kind { head += " \(k)" }
        if let t = r.text, !t.isEmpty { head += " " + Self.quoted(t) }
        if let f = r.frame { head += " [" + f.map(Self.n).joined(separator: ",") + "]" }
        if let l = r.locator { head += "\nlocator: \(l)" }
        if let by = r.by { head += "\nin the way: element #\(by)" }
        return CallTool.Result(content: [Self.words(head + "\n" + r.lines.joined(separator: "\n"))], isError: false)
    }

    /// The element a locator names on a frame: the one whose plainest locator it is, else by the script
    /// format's criteria (text, textContains, type, index, id) among the reachable elements in tree order.
    static func find(_ locator: [String: Any], in tree: [TreeEntry], locators: [Int: String]) throws -> Int {
        let given = locator as NSDictionary
        for (id, text) in locators {
            if let o = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], given.isEqual(to: o)
            {
                return id
            }
        }
        let known: Set<String> = ["text", "textContains", "type", "index", "id"]
        if let bad = locator.keys.first(where: { !known.contains($0) }) {
            throw ToolError("locator: key \(bad) is not one inspect reads (text, textContains, type, index, id)")
        }
        if let id = locator["id"] as? Int { return id }
        var matches = tree.filter(\.reachable)
        if let t = locator["text"] as? String { matches = matches.filter { $0.text == t } }
        if let t = locator["textContains"] as? String { matches = matches.filter { $0.text.contains(t) } }
        if let k = locator["type"] as? String { matches = matches.filter { $0.kind == k } }
        let index = locator["index"] as? Int ?? 0
        guard matches.indices.contains(index) else {
            let texts = tree.filter { $0.reachable && !$0.text.isEmpty }.prefix(12).map { quoted($0.text) }
            throw ToolError(
                "locator finds no reachable element (\(matches.count) match); reachable texts: "
                    + "\(texts.joined(separator: ", "))"
            )
        }
        return matches[index].id
    }

    func accessibility(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(Self.viewKeys)
        let v = try frameView(a)
        let spec = v.spec(capture: try await capture(v))
        let r = try Self.reply(await worker.call(.a11y(spec)), A11yAnswer.self)
        var lines = [
            "session: \(v.shown), \(v.snapshot ?? "final frame"); touch targets judged against "
                + "\(Self.n(r.guideline.side)) \(r.guideline.unit) (\(r.guideline.look))",
            r.findings.isEmpty ? "findings: none" : "findings: \(r.findings.count)",
        ]
        for f in r.findings.prefix(60) {
            lines.append(
                "- \(f.check): #\(f.element) \(f.type) \(Self.quoted(f.text)) "
                    + "[\(f.frame.map(Self.n).joined(separator: ","))]: \(f.message)"
                    + (f.locatorText.map { " (locator \($0))" } ?? ""))
        }
        if r.findings.count > 60 { lines.append("- ... \(r.findings.count - 60) more") }
        if !r.diagnostics.isEmpty { lines.append(Self.diagnosticsText(r.diagnostics, heading: "diagnostics")) }
        return CallTool.Result(content: [Self.words(lines.joined(separator: "\n"))], isError: false)
    }

    func portability(_ a: ToolArguments) async throws -> CallTool.Result {
        try a.only(["session", "session_json", "device", "font_scale"])
        let v = try frameView(a)
        let r = try Self.reply(
            await worker.call(.portability(path: v.path, theme: "default", device: v.device, fontScale: v.fontScale)),
            PortabilityAnswer.self)
        var lines = ["session: \(v.shown)", r.summary]
        for f in r.findings.prefix(80) { lines.append("- step \(f.step) \(f.kind): \(f.message)") }
        if r.findings.count > 80 { lines.append("- ... \(r.findings.count - 80) more") }
        return CallTool.Result(content: [Self.words(lines.joined(separator: "\n"))], isError: false)
    }
}

import Foundation
import ServeProtocol

/// A frame a tool names: the session file, the look, the device, the font scale and the capture, as the
/// worker is asked for it (`StateSpec`). Its state key holds the file's modification time and size, so an
/// edited session is drawn again and an unchanged one is answered from memory.
struct FrameView: Sendable {
    var path: String
    /// The session as answers name it (relative to --root).
    var shown: String
    var theme: String
    var themeGeneration: String
    var device: String
    var fontScale: String
    var snapshot: String?
    var fileKey: String

    func spec(capture: String) -> StateSpec {
        let fields = [path, theme, themeGeneration, device, fontScale, capture]
        return StateSpec(
            state: ([fileKey] + fields).joined(separator: "|"), path: path, theme: theme,
            themeGeneration: themeGeneration, device: device, fontScale: fontScale, capture: capture)
    }

    /// The look, device and font scale without the capture: one session's timeline.
    var timelineKey: String { [fileKey, path, theme, themeGeneration, device, fontScale].joined(separator: "|") }
}

enum FileStamp {
    /// Modification time (ns) and size: what changes when a file is written again.
    static func of(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec).\(st.st_size)"
    }
}

extension MCPTools {
    static let builtInLooks: Set<String> = ["default", "ios", "android"]

    /// The frame a call's arguments name (session or session_json, snapshot, look, device, font_scale).
    func frameView(_ a: ToolArguments) throws -> FrameView {
        let path: String
        switch (try a.string("session"), try a.string("session_json", maxBytes: 8 << 20)) {
        case (let s?, nil): path = try root.file(s)
        case (nil, let json?): path = try inline(json)
        case (nil, nil): throw ToolError("\(a.tool): give session (a file under --root) or session_json")
        default: throw ToolError("\(a.tool): give session or session_json, not both")
        }
        guard let stamp = FileStamp.of(path) else { throw ToolError("\(a.tool): cannot read \(path)") }
        let (theme, generation) = try look(try a.string("look"), session: path, stamp: stamp)
        let device = try a.string("device") ?? "session"
        guard device.count <= 64, device.allSatisfy({ $0.isLetter || $0.isNumber || "@x._-".contains($0) }) else {
            throw ToolError("\(a.tool): device must be a preset name or WxH@S (e.g. 390x844@3)")
        }
        let scale = try a.number("font_scale", in: 0.5...3) ?? 1
        let snapshot = try a.string("snapshot").flatMap { $0 == "final" || $0.isEmpty ? nil : $0 }
        return FrameView(
            path: path, shown: root.relative(path), theme: theme, themeGeneration: generation, device: device,
            fontScale: String(scale), snapshot: snapshot, fileKey: stamp)
    }

    /// An inline session, written once under .render-mcp/inline/ by a hash of its text.
    func inline(_ json: String) throws -> String {
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any] else {
            throw ToolError("session_json is not a JSON object (a session: {\"device\": ..., \"steps\": [...]})")
        }
        let dir = try root.outFolder("inline")
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in json.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let path = (dir as NSString).appendingPathComponent(String(format: "session-%016llx.json", h))
        if !FileManager.default.fileExists(atPath: path) {
            do { try Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                throw ToolError("cannot write \(path): \(error.localizedDescription)")
            }
        }
        return path
    }

    /// The theme the worker is given (a built-in name or a file's path) and its generation. With no look,
    /// the session's own `theme` (a name, or a file beside the session), as `render` does; else default.
    func look(_ given: String?, session: String, stamp: String) throws -> (String, String) {
        if let g = given {
            if Self.builtInLooks.contains(g) || (!g.contains("/") && !g.hasSuffix(".json")) { return (g, "0") }
            let file = try root.file(g, what: "look")
            return (file, FileStamp.of(file) ?? "0")
        }
        if let t = sessionThemes[session + "|" + stamp] { return t }
        var found = ("default", "0")
        if let d = FileManager.default.contents(atPath: session),
            let o = try? JSONSerialization.jsonObject(with: d) as? [String: Any], let t = o["theme"] as? String
        {
            if !t.contains("/") && !t.hasSuffix(".json") {
                found = (t, "0")
            } else {
                let dir = (session as NSString).deletingLastPathComponent
                let file = t.hasPrefix("/") ? t : (dir as NSString).appendingPathComponent(t)
                if let real = RootFolder.realPath(file), root.contains(real) {
                    found = (real, FileStamp.of(real) ?? "0")
                }
            }
        }
        sessionThemes[session + "|" + stamp] = found
        return found
    }
}

import Foundation

/// Finds the bundled Fonts/ folder: --fonts-dir, then $PREVIEW_RENDERER_FONTS, then a `Fonts/` with a
/// `fonts.lock` beside the binary or in one of its parent folders, then ./Fonts.
enum FontsLocator {
    static func find(explicit: String?) -> String? {
        let fm = FileManager.default
        func ok(_ d: String) -> Bool { fm.fileExists(atPath: d + "/fonts.lock") }
        if let e = explicit { return ok(e) ? absolute(e) : nil }
        if let env = ProcessInfo.processInfo.environment["PREVIEW_RENDERER_FONTS"], ok(env) { return absolute(env) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Fonts").path
            if ok(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return ok("Fonts") ? absolute("Fonts") : nil
    }
    static func absolute(_ p: String) -> String {
        p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
    }
}

import ArgumentParser
import Foundation
import SessionFormat
import Styles
import TextLayout

/// Finds the bundled Fonts/ folder: --fonts-dir, else the library's rule (`BundledFonts`). A folder
/// the user named (an option or PREVIEW_RENDERER_FONTS) that is not there is an error naming it,
/// never silently passed over for another one.
enum FontsLocator {
    static func find(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String
    {
        if let e = explicit {
            guard !e.isEmpty else {
                throw ValidationError(
                    "--fonts-dir needs a folder, and the value is empty (leave it out to use Fonts/ beside render)")
            }
            try check(e, named: "--fonts-dir \(e)")
            return BundledFonts.absolute(e)
        }
        if let env = environment["PREVIEW_RENDERER_FONTS"], !env.isEmpty {
            try check(env, named: "PREVIEW_RENDERER_FONTS=\(env)")
        }
        guard let found = BundledFonts.defaultDirectory(environment: environment) else {
            throw ValidationError(
                "no bundled fonts found: run `make fonts` or pass --fonts-dir DIR (a folder with fonts.lock)")
        }
        return found
    }

    /// A bundled fonts folder: it exists and holds fonts.lock.
    static func check(_ dir: String, named what: String) throws {
        try requireFolder(dir, named: what)
        guard FileManager.default.fileExists(atPath: dir + "/fonts.lock") else {
            throw ValidationError(
                "\(what): no fonts.lock in it (the bundled fonts folder holds one; `make fonts` fills it)")
        }
    }

    /// `--fonts DIR` and the like: a folder that exists.
    static func requireFolder(_ dir: String, named what: String) throws {
        var isDir: ObjCBool = false
        guard !dir.isEmpty else { throw ValidationError("\(what): the value is empty; give a folder") }
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw ValidationError("\(what): no such folder")
        }
    }

    /// `--theme NAME`: a built-in theme or a theme file; a name that is neither is a usage error
    /// with the nearest built-in name, before anything is rendered.
    static func checkTheme(_ theme: String) throws {
        guard !theme.hasSuffix(".json"), !theme.contains("/"), !ThemeLoader.builtInNames.contains(theme.lowercased())
        else { return }
        let names = ThemeLoader.builtInNames
        throw ValidationError(
            """
            --theme \(theme): no built-in theme of that name\(NearestName.hint(for: theme, in: names)) (built-in: \
            \(names.joined(separator: ", ")); a theme file's name ends in .json)
            """)
    }
}

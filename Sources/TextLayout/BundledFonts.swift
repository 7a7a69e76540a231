import Foundation

/// Where the bundled fonts folder (the one with `fonts.lock`) is found when nobody names it, so the
/// `render` binary, this repository's tests and a package that depends on this one all render with no
/// fonts argument. The first folder that holds a `fonts.lock` wins:
/// 1. `$PREVIEW_RENDERER_FONTS`;
/// 2. `Fonts/` beside the running executable or in one of its six parent folders (a built `render`),
///    or `../share/preview-renderer/fonts` from the executable's folder (an installed `render`:
///    `PREFIX/bin/render` reads `PREFIX/share/preview-renderer/fonts`, README "Install");
/// 3. `Fonts/` of the checkout these sources were compiled from (a package dependency's checkout:
///    its font files may be absent, and are then read from their Debian install paths, see `fonts.lock`);
/// 4. `./Fonts`.
package enum BundledFonts {
    /// The fonts folder of the checkout this file was compiled in.
    static let checkoutFonts: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // BundledFonts.swift, TextLayout, Sources
        return url.appendingPathComponent("Fonts").path
    }()

    /// The folder by the rule above; nil when none has a `fonts.lock`. `executable` is the running
    /// program's path (a test passes a stand-in for an installed one).
    package static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment, executable: String = executablePath
    ) -> String? {
        let fm = FileManager.default
        func ok(_ d: String) -> Bool { fm.fileExists(atPath: d + "/fonts.lock") }
        if let env = environment["PREVIEW_RENDERER_FONTS"], !env.isEmpty, ok(env) { return absolute(env) }
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = dir.deletingLastPathComponent().appendingPathComponent(installedFonts).path
        if ok(installed) { return installed }
        for _ in 0..<7 {
            let candidate = dir.appendingPathComponent("Fonts").path
            if ok(candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        if ok(checkoutFonts) { return checkoutFonts }
        return ok("Fonts") ? absolute("Fonts") : nil
    }

    /// Where `make install` puts the fonts, relative to the install prefix (`bin/render` is beside it).
    package static let installedFonts = "share/preview-renderer/fonts"

    /// The running executable: /proc/self/exe, since `argv[0]` is only `render` when found through PATH.
    package static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
    }

    /// The message when no folder is found: what to pass or set.
    package static let notFoundMessage =
        """
        no bundled fonts folder (one with fonts.lock) found: pass its path (--fonts-dir DIR, fontsDirectory:) or \
        set PREVIEW_RENDERER_FONTS
        """

    /// `p` made absolute against the working folder.
    package static func absolute(_ p: String) -> String {
        p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
    }
}

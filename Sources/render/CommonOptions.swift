import ArgumentParser
import Foundation
import RenderPipeline
import SessionFormat

/// Options shared by the commands that read sessions.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Theme: a built-in name (default) or a theme JSON file.")
    var theme: String = "default"

    @Option(name: .long, help: "Device: WxH@S in dp (e.g. 390x844@3) or a preset name (see README).")
    var device: String?

    @Option(name: .long, help: "The app's own fonts folder (used before the bundled fonts).")
    var fonts: String?

    @Option(name: .customLong("fonts-dir"), help: "The bundled Fonts/ folder (default: found next to the binary or in the current folder).")
    var fontsDir: String?

    @Option(name: .customLong("font-scale"), help: "Accessibility text size: multiply every font size by F (0.5-3).")
    var fontScale: Double = 1

    @Option(name: .long, help: "Diagnostics format on stderr: text or json.")
    var diagnostics: DiagnosticsFormat = .text

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print stage timings and what was written.")
    var verbose = false

    func renderOptions() throws -> RenderOptions {
        guard let dir = FontsLocator.find(explicit: fontsDir) else {
            throw ValidationError("no bundled fonts found: run `make fonts` or pass --fonts-dir DIR (a folder with fonts.lock)")
        }
        var o = RenderOptions(fontsDirectory: dir)
        o.theme = theme
        o.appFontsDirectory = fonts
        guard fontScale.isFinite, (0.5...3).contains(fontScale) else { throw ValidationError("--font-scale must be 0.5...3") }
        o.fontScale = fontScale
        if let d = device {
            do { o.device = try Device.parse(d) } catch { throw ValidationError("--device \(d): \(error)") }
        }
        return o
    }
}

enum DiagnosticsFormat: String, ExpressibleByArgument { case text, json }

import ArgumentParser
import Foundation
import RenderPipeline
import SessionFormat

/// Options shared by the commands that read sessions.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .customLong("theme"),
        help: "Theme: a built-in name (default) or a theme JSON file (default: the session's `theme`, else default).")
    var themeOption: String?
    /// The theme asked for (`default` when none was).
    var theme: String { themeOption ?? "default" }

    @Option(name: .long, help: "Device: WxH@S in dp (e.g. 390x844@3) or a preset name (see README).")
    var device: String?

    @Option(name: .long, help: "The app's own fonts folder (used before the bundled fonts).")
    var fonts: String?

    @Option(
        name: .customLong("fonts-dir"),
        help: "The bundled Fonts/ folder (default: found next to the binary or in the current folder).")
    var fontsDir: String?

    @Option(name: .customLong("font-scale"), help: "Accessibility text size: multiply every font size by F (0.5-3).")
    var fontScale: Double = 1

    @Option(name: .long, help: "Diagnostics format on stderr: text or json.")
    var diagnostics: DiagnosticsFormat = .text

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print stage timings and what was written.")
    var verbose = false

    /// The options as plain values.
    var values: CommonValues {
        CommonValues(
            theme: theme, themeGiven: themeOption != nil, device: device, fonts: fonts, fontsDir: fontsDir,
            fontScale: fontScale,
            diagnostics: diagnostics, quiet: quiet, verbose: verbose)
    }

    func renderOptions() throws -> RenderOptions { try values.renderOptions() }
}

extension DiagnosticsFormat: ExpressibleByArgument {}

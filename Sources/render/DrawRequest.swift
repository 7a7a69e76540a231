import ArgumentParser
import RenderPipeline
import SessionFormat

/// What `render SESSION` was asked to do, as plain values (see `DrawCommand` for the meaning of
/// each): filled from the parsed command line, or directly by `QuickStart`.
struct DrawRequest {
    var session: String
    var output: String? = nil
    var snapshot: String? = nil
    var layoutDump: String? = nil
    var displayList: String? = nil
    var events: String? = nil
    var frames: String? = nil
    var at: Int? = nil
    var apng: String? = nil
    var fps: Int? = nil
    var compression = 1
    var bounds = false
    var boundsSpacing = false
    var element: Int? = nil
    var strict = false
    /// `--out-dir`: every named snapshot is also written to `PREFIX@SNAP.png` (PREFIX is `DIR/NAME`).
    var snapshotsPrefix: String? = nil
    var common = CommonValues()
}

/// `CommonOptions` as plain values.
struct CommonValues {
    var theme = "default"
    /// Whether `--theme` was given (else a session's own `theme` applies).
    var themeGiven = false
    var device: String? = nil
    var fonts: String? = nil
    var fontsDir: String? = nil
    var fontScale = 1.0
    var diagnostics = DiagnosticsFormat.text
    var quiet = false
    var verbose = false

    func renderOptions() throws -> RenderOptions {
        let dir = try FontsLocator.find(explicit: fontsDir)
        if let f = fonts { try FontsLocator.requireFolder(f, named: "--fonts \(f)") }
        if themeGiven { try FontsLocator.checkTheme(theme) }
        var o = RenderOptions(fontsDirectory: dir)
        o.theme = theme
        o.sessionThemeApplies = !themeGiven
        o.appFontsDirectory = fonts
        guard fontScale.isFinite, (0.5...3).contains(fontScale) else {
            throw ValidationError("--font-scale must be 0.5...3")
        }
        o.fontScale = fontScale
        if let d = device {
            do { o.device = try Device.parse(d) } catch { throw ValidationError("--device \(d): \(error)") }
        }
        return o
    }
}

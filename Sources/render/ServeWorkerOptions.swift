import RenderPipeline
import ServeWorker

extension CommonValues {
    /// The renderer's options for a look `render serve`'s worker is asked for (the ServeWorker module):
    /// the same checks and defaults as `render`'s own options (fonts found, theme checked, device parsed).
    static func options(for look: LookOptions) throws -> RenderOptions {
        var values = CommonValues()
        values.theme = look.theme
        values.themeGiven = look.themeGiven
        values.fontsDir = look.fontsDir
        values.fonts = look.fonts
        values.device = look.device
        values.fontScale = look.fontScale
        return try values.renderOptions()
    }
}

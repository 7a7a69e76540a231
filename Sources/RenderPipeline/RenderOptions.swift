import Foundation
import Primitives
import SessionFormat

import struct Styles.Theme
import enum TextLayout.BundledFonts

/// Everything a render can be asked to do differently. Passed explicitly; no global state.
public struct RenderOptions: Sendable {
    /// Theme name (`default`) or path of a theme JSON file.
    public var theme: String = "default"
    /// A theme given as a value (used instead of `theme` when set): e.g. `default` with `platform` changed.
    public var themeValue: Theme? = nil
    /// Whether a session's own `theme` replaces `theme` (the CLI without `--theme`).
    package var sessionThemeApplies: Bool = false
    /// Replaces the session's device (from `--device`).
    public var device: Device? = nil
    /// The bundled fonts folder (holds `fonts.lock`).
    public var fontsDirectory: String
    /// The app's own fonts (`--fonts DIR`); otherwise the session's `fonts` folder.
    public var appFontsDirectory: String? = nil
    /// Capture a frame per tick (for `--frames`).
    package var captureTicks: Bool = false
    /// With `captureTicks`: display-link frames at this rate inside each tick (`--fps`); nil: one per tick.
    package var fps: Int? = nil
    /// Accessibility text size, as a phone's user setting: every font size is multiplied by it.
    public var fontScale: Double = 1
    /// zlib level of PNG output (0...9). 1 is fast; 9 gives smaller files.
    public var compressionLevel: Int = 1
    /// `--bounds`: draw every element's frame and id over the picture (`boundsSpacing`: margins and padding too).
    public var showBounds: Bool = false
    public var boundsSpacing: Bool = false
    /// `--element ID`: paint only this element's subtree (the caller crops to its frame, `ElementCrop`).
    package var isolatedElement: Int? = nil
    /// `fontsDirectory`: the bundled fonts folder (holds `fonts.lock`); nil finds it: `$PREVIEW_RENDERER_FONTS`,
    /// `Fonts/` by the executable or the installed fonts, the checkout's `Fonts/`, then `./Fonts`.
    public init(fontsDirectory: String? = nil) {
        self.fontsDirectory = fontsDirectory ?? BundledFonts.defaultDirectory() ?? ""
    }
}

/// Seconds spent in each stage, summed over the frames rendered.
package struct StageTimings: Sendable {
    package var decode = 0.0, replay = 0.0, resources = 0.0, layout = 0.0, paint = 0.0, raster = 0.0, encode = 0.0,
        write = 0.0
    package init() {}
    /// `decode 1.2 ms, replay ...` for `-v` and the benchmark.
    package var summary: String {
        let parts: [(String, Double)] = [
            ("decode", decode), ("replay", replay), ("resources", resources), ("layout", layout),
            ("paint", paint), ("raster", raster), ("encode", encode), ("write", write),
        ]
        return parts.map { "\($0.0) \(String(format: "%.1f", $0.1 * 1000)) ms" }.joined(separator: ", ")
    }
}

/// Measures a closure's wall time into a timing slot.
@inline(__always)
func timed<T>(_ slot: inout Double, _ body: () throws -> T) rethrows -> T {
    let t0 = DispatchTime.now().uptimeNanoseconds
    defer { slot += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9 }
    return try body()
}

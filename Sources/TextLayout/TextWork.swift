import Primitives

/// The kinds of work text layout counts (`TextEngine.work`), for complexity tests: each grows
/// linearly with the text when layout is linear.
package enum TextWork {
    /// Paragraphs laid out (layout-cache misses).
    package static let layouts = "text.layouts"
    /// Code points itemized (prepared-text cache misses).
    package static let charsPrepared = "text.chars-prepared"
    /// Code points the line breaker examined (break candidates and widths).
    package static let breakScans = "text.break-scans"
    /// Code points handed to the shaping cache, context included (each is copied and hashed, hit or miss).
    package static let shapingInput = "text.shaping-input"
    /// Glyphs HarfBuzz produced (shaping-cache misses).
    package static let glyphsShaped = "text.glyphs-shaped"
    /// Glyphs positioned on lines.
    package static let glyphsPlaced = "text.glyphs-placed"
    /// Glyph indices examined to cut line pieces from a run at safe breaks (`SafeSlice.swift`):
    /// binary-search steps and the glyphs of each piece.
    package static let sliceScans = "text.slice-scans"
}

/// Work counted during one paragraph's layout, on one thread: plain integers, added to the
/// engine's counts once at the end.
final class TextWorkTally {
    var breakScans = 0
    var glyphsPlaced = 0
    var sliceScans = 0
}

/// The engine's own counts, in plain integers (a dictionary of kinds cost more per paragraph
/// than some paragraphs' layout); `counts` gives them as `WorkCounts`.
struct EngineWork {
    var layouts = 0
    var charsPrepared = 0
    var breakScans = 0
    var glyphsPlaced = 0
    var sliceScans = 0
    var counts: WorkCounts {
        var w = WorkCounts()
        w.add(TextWork.layouts, layouts)
        w.add(TextWork.charsPrepared, charsPrepared)
        w.add(TextWork.breakScans, breakScans)
        w.add(TextWork.glyphsPlaced, glyphsPlaced)
        w.add(TextWork.sliceScans, sliceScans)
        return w
    }
}

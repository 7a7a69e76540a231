import CairoFonts
import Dispatch
import Foundation
import Primitives
import Styles

/// Shapes and lays out paragraphs (HarfBuzz shaping, UAX #14 breaks, bidi, ellipsis, min-scale).
/// Caches shaped text, so a screen of many labels stays fast.
///
/// Lines are aligned within `maxWidth` when it is given (else within the longest line); a caller
/// that sizes a box to `size.width` and wants centred or right-aligned text lays out again with
/// `maxWidth: size.width` (cached, and the lines break the same way).
package final class TextEngine: @unchecked Sendable {
    package let fonts: FontLibrary
    let shapes = ShapeCache()
    private let lock = NSLock()
    private var preparedCache = FrameCache<PreparedKey, PreparedText>(limit: 2000)
    private var layoutCache = FrameCache<LayoutKey, ParagraphLayout>(limit: 4000)

    /// The accessibility text size a user may set on a phone (`--font-scale`): every font size,
    /// a span's `sizeDelta` and an explicit line height are multiplied by it before layout.
    /// Non-finite or non-positive values mean 1. Fixed at construction, so a layout can never
    /// mix two scales; a renderer with another scale makes another engine.
    package let fontScale: Double

    /// Whether line pieces cut at HarfBuzz safe breaks reuse the run's glyphs (`SafeSlice.swift`);
    /// off only in tests that check it gives what shaping every piece again gives.
    let slicesSafeCuts: Bool

    package convenience init(fonts: FontLibrary, fontScale: Double = 1) {
        self.init(fonts: fonts, fontScale: fontScale, slicesSafeCuts: true)
    }

    init(fonts: FontLibrary, fontScale: Double, slicesSafeCuts: Bool) {
        self.fonts = fonts
        self.fontScale = fontScale.isFinite && fontScale > 0 ? fontScale : 1
        self.slicesSafeCuts = slicesSafeCuts
    }

    /// Both keys hash their text and a few numbers only (`AttributedText.hashSpanTexts`); `==`
    /// still compares everything.
    struct PreparedKey: Hashable {
        var text: AttributedText
        var font: FontSpec
        func hash(into hasher: inout Hasher) {
            text.hashSpanTexts(into: &hasher)
            hasher.combine(font.weight)
        }
    }
    struct LayoutKey: Hashable {
        var text: AttributedText
        var style: ParagraphStyle
        var maxWidth: Double?
        var maxHeight: Double?
        var deviceScale: Double?
        func hash(into hasher: inout Hasher) {
            text.hashSpanTexts(into: &hasher)
            hasher.combine(style.size)
            hasher.combine(maxWidth)
            hasher.combine(maxHeight)
        }
    }

    /// Lays out `text` in `style` within `maxWidth` dp (nil = unbounded) and `maxHeight` dp (nil = unbounded).
    ///
    /// `deviceScale` (pixels per dp, from the `Device` being drawn): font ascent, descent and line
    /// gap are rounded to whole device pixels at this scale before line boxes are built, as
    /// Chromium does; nil (or a non-finite or non-positive value) keeps exact dp metrics. It is an
    /// argument, not engine state, so one engine can serve devices of different scales at once,
    /// and the layout cache is keyed by it.
    package func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double? = nil,
        deviceScale: Double? = nil
    ) -> ParagraphLayout {
        let maxWidth = maxWidth.map { $0.isNaN ? Double.infinity : max(0, $0) }
        let maxHeight = maxHeight.flatMap { $0.isFinite ? max(0, $0) : nil }
        let device = Self.validScale(deviceScale)
        let key = LayoutKey(text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, deviceScale: device)
        if let hit = lock.withLock({ layoutCache.value(for: key) }) { return hit }
        let (scaledText, scaledStyle) = Self.applying(fontScale: fontScale, text, style)
        let (result, sameAt) = compute(
            scaledText, style: scaledStyle, maxWidth: maxWidth ?? .infinity, maxHeight: maxHeight,
            deviceScale: device)
        lock.withLock {
            layoutCache.insert(result, for: key)
            // A label sized to its text is laid out again in exactly its own width: that layout
            // is this one (`LinePlan.sameParagraphWidth`), so it is found here instead of made.
            if let w = sameAt, w != maxWidth {
                var narrow = key
                narrow.maxWidth = w
                layoutCache.insert(result, for: narrow)
            }
        }
        return result
    }

    /// Height of one line in `style` (dp): the line height, or the font's hhea metrics (snapped to
    /// pixels at `deviceScale` as `layout` does).
    package func lineHeight(_ style: ParagraphStyle, deviceScale: Double? = nil) -> Double {
        let device = Self.validScale(deviceScale)
        let style = Self.applying(fontScale: fontScale, AttributedText(""), style).1
        if let lh = style.lineHeight { return lh }
        guard let f = fonts.face(fonts.resolve(style.font)) else { return style.size * 1.17 }
        let m = f.metrics(size: style.size)
        return Self.snap(m.ascent, device) + Self.snap(-m.descent, device) + Self.snap(m.lineGap, device)
    }

    /// `text` and `style` with every size (and an explicit line height) multiplied by `fontScale`.
    static func applying(fontScale fs: Double, _ text: AttributedText, _ style: ParagraphStyle) -> (
        AttributedText, ParagraphStyle
    ) {
        guard fs != 1 else { return (text, style) }
        var style = style
        var text = text
        style.size *= fs
        style.lineHeight = style.lineHeight.map { $0 * fs }
        for i in text.spans.indices where text.spans[i].sizeDelta != 0 { text.spans[i].sizeDelta *= fs }
        return (text, style)
    }

    /// `v` dp rounded to whole device pixels at `scale` (nil: unchanged).
    static func snap(_ v: Double, _ scale: Double?) -> Double {
        guard let s = scale else { return v }
        return (v * s).rounded() / s
    }

    /// The scale metrics snap at: nil for a missing, non-finite or non-positive one.
    static func validScale(_ s: Double?) -> Double? { s.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }

    /// Ends a frame: cached text the frame did not use is dropped (see `FrameCache`), so memory
    /// does not grow with frames whose text is new each time. The renderer calls it after each frame.
    package func endFrame() {
        lock.withLock {
            layoutCache.endFrame()
            preparedCache.endFrame()
        }
        shapes.endFrame()
    }

    /// Drops every paragraph, prepared text and shaped run kept so far (not the fonts' own caches):
    /// a batch worker calls it between sessions (through `Renderer.forgetLastFrame`), so nothing a
    /// session laid out is reused by the next one.
    package func forgetLaidOutText() {
        lock.withLock {
            layoutCache.removeAll()
            preparedCache.removeAll()
        }
        shapes.removeAll()
    }

    /// Shaping-cache statistics (for tests and timing reports).
    package var shapingCacheStats: (hits: Int, misses: Int) { (shapes.hits, shapes.misses) }

    /// The work this engine has done so far (kinds in `TextWork`), for complexity tests: counts of
    /// operations, which grow with the input the way the algorithms do, on any machine.
    package var work: WorkCounts {
        var w = lock.withLock { workValue.counts }
        let s = shapes.workCounts
        w.add(TextWork.shapingInput, s.input)
        w.add(TextWork.glyphsShaped, s.glyphs)
        return w
    }
    private var workValue = EngineWork()

    /// Itemizes and shapes `items` on all cores into the prepared-text cache, for the layout that
    /// follows (which then only breaks lines): the screen's texts were otherwise shaped one after
    /// another on one core while the other waited. Each distinct text is prepared once, by one
    /// thread, so results and work counts are those of preparing them in order.
    package func prepareAhead(_ items: [(text: AttributedText, font: FontSpec)]) {
        guard preparesAhead else { return }
        var seen = Set<PreparedKey>()
        var todo: [PreparedKey] = []
        lock.withLock {
            for item in items {
                let key = PreparedKey(text: item.text, font: item.font)
                if preparedCache.value(for: key) == nil, seen.insert(key).inserted { todo.append(key) }
            }
        }
        guard todo.count >= 2, Workers.limit > 1 else { return }
        DispatchQueue.concurrentPerform(iterations: todo.count) { i in
            _ = prepare(todo[i].text, font: todo[i].font)
        }
    }

    /// Whether `prepareAhead` does anything: only with more than one thread to prepare on.
    package var preparesAhead: Bool { Workers.limit > 1 }

    func prepare(_ text: AttributedText, font: FontSpec) -> PreparedText {
        let key = PreparedKey(text: text, font: font)
        if let hit = lock.withLock({ preparedCache.value(for: key) }) { return hit }
        let p = TextItemizer(fonts: fonts, shapes: shapes).prepare(text, font: font)
        lock.withLock {
            workValue.charsPrepared &+= p.scalars.count
            preparedCache.insert(p, for: key)
        }
        return p
    }

    /// The paragraph, and a narrower width at which laying it out again gives the same paragraph (nil: none known).
    private func compute(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double, maxHeight: Double?,
        deviceScale: Double?
    ) -> (ParagraphLayout, sameAt: Double?) {
        guard style.size > 0, style.size.isFinite, text.spans.contains(where: { !$0.text.isEmpty }) else {
            return (.empty, nil)
        }
        let p = prepare(text, font: style.font)
        let tally = TextWorkTally()
        var scale = 1.0
        if let f = style.minScale, f > 0, f < 1 {
            let boxed = maxHeight != nil || (style.noWrap && maxWidth.isFinite)
            if boxed {
                scale = ScaleSearch.largestFitting(minimum: f) { k in
                    LinePlan(
                        self, p, text, style, scale: k, maxWidth: maxWidth, maxHeight: maxHeight,
                        deviceScale: deviceScale, tally: tally
                    )
                    .fitsWithoutShrinking
                }
            }
        }
        let plan = LinePlan(
            self, p, text, style, scale: scale, maxWidth: maxWidth, maxHeight: maxHeight,
            deviceScale: deviceScale, tally: tally)
        let paragraph = plan.paragraph()
        lock.withLock {
            workValue.breakScans &+= tally.breakScans
            workValue.glyphsPlaced &+= tally.glyphsPlaced
            workValue.sliceScans &+= tally.sliceScans
            workValue.layouts &+= 1
        }
        return (paragraph, plan.sameParagraphWidth(paragraph))
    }
}

/// Finds the largest factor in 1/64 steps (binary search; fitting is monotonic in the size).
enum ScaleSearch {
    static func largestFitting(minimum f: Double, _ fits: (Double) -> Bool) -> Double {
        if fits(1) { return 1 }
        var lo = CheckedInt.int(f * 64, .up, in: 0...63)
        var hi = 63
        guard lo <= hi, fits(Double(lo) / 64) else { return f }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(Double(mid) / 64) { lo = mid } else { hi = mid - 1 }
        }
        return Double(lo) / 64
    }
}

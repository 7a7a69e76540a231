import Primitives
import TextLayout

/// What layout needs from text: a paragraph laid out within a width (and height) for a device.
/// `TextEngine` is the real implementation; tests inject a fake with fixed metrics.
package protocol TextMeasuring: Sendable {
    /// Lays out `text` in `style` within `maxWidth` / `maxHeight` dp (nil = unbounded), with line
    /// metrics snapped to whole pixels at `deviceScale` pixels per dp (nil = exact dp). The scale
    /// comes with each call, from the `Device` being laid out: the measurer keeps none of its own.
    func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?,
        deviceScale: Double?
    ) -> ParagraphLayout
    /// Prepares texts ahead of layout (shaping does not depend on the width); results must not
    /// depend on whether it was called.
    func prepareAhead(_ items: [(text: AttributedText, font: FontSpec)])
    /// Whether `prepareAhead` does anything: when it does not, layout does not gather the texts.
    var preparesAhead: Bool { get }
}

extension TextMeasuring {
    /// Prepares (itemizes and shapes) texts that layout is about to measure, ahead and in any
    /// order; the default does nothing. See `TextEngine.prepareAhead`.
    package func prepareAhead(_ items: [(text: AttributedText, font: FontSpec)]) {}
    package var preparesAhead: Bool { true }
}

extension TextEngine: TextMeasuring {}

/// Remembers paragraphs already laid out in one pass: a container may measure a label several
/// times with the same width (measure, then place), and shaping is the expensive part.
struct ParagraphCache {
    struct Key: Hashable {
        var text: AttributedText
        var style: ParagraphStyle
        var maxWidth: Double?
        var maxHeight: Double?
        var deviceScale: Double?
        /// The text and widths only (`AttributedText.hashSpanTexts`); `==` compares everything.
        func hash(into hasher: inout Hasher) {
            text.hashSpanTexts(into: &hasher)
            hasher.combine(style.size)
            hasher.combine(maxWidth)
            hasher.combine(maxHeight)
        }
    }
    /// Room for a screen's paragraphs from the start (growing the table hashes every text again).
    private var entries = [Key: ParagraphLayout](minimumCapacity: 64)

    mutating func layout(
        _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?,
        deviceScale: Double?, using measurer: any TextMeasuring
    ) -> ParagraphLayout {
        if text.spans.allSatisfy({ $0.text.isEmpty }) { return .empty }
        let key = Key(text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, deviceScale: deviceScale)
        if let hit = entries[key] { return hit }
        let p = measurer.layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, deviceScale: deviceScale)
        entries[key] = p
        return p
    }
}

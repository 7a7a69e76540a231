import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Toasts are not elements of a layout: each is a label the screen places over everything for
/// as long as it lives, so it goes straight to the result, laid out, placed and coloured, with its
/// opacity.
struct Toasts {
    let cx: LayoutContext

    /// Toasts alive now: the text in a rounded label (padding from the theme), centred, its bottom
    /// edge `bottomOffset` above the content bottom (or centred in the content area), fading
    /// linearly to 0 over the last `fadeDuration` ms; the box in the theme's colour at its toast opacity.
    func layout(content: Rect) {
        let look = cx.looks.toast
        let pad = look.padding
        let background = look.background
        var ps = cx.paragraphStyle(look.font)
        ps.align = .center
        for toast in cx.tree.toasts {
            let duration = toast.duration > 0 ? toast.duration : look.defaultDuration
            let remaining = toast.start + duration - cx.tree.time
            guard cx.tree.time >= toast.start, remaining > 0 else { continue }
            let p = cx.fittedParagraph(
                AttributedText(toast.text), ps, maxW: max(0, cx.device.width - 48 - pad.horizontal))
            let w = p.size.width + pad.horizontal
            let h = p.size.height + pad.vertical
            let y = look.centered ? content.midY - h / 2 : content.maxY - look.bottomOffset - h
            let frame = Rect(x: (cx.device.width - w) / 2, y: y, width: w, height: h)
            let fade = Double(max(0, look.fadeDuration))
            let opacity = fade > 0 && Double(remaining) < fade ? Double(remaining) / fade : 1
            cx.out.addToast(
                LaidOutToast(
                    text: toast.text, frame: frame, background: background, radius: look.radius, paragraph: p,
                    origin: Point(x: frame.x + pad.left, y: frame.y + pad.top), opacity: opacity))
        }
    }
}

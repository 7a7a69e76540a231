import Layout
import Primitives
import SessionFormat
import Styles

/// Builds one frame's display list: the per-element box model (semantics.md section 6) and the
/// recursion over children. Widget looks, bars and overlays live in extensions.
struct PaintBuilder {
    let layout: LayoutResult
    let device: Device
    var items: [DisplayItem] = []
    /// Work done so far (kinds in `PaintWork`), for complexity tests.
    var work = WorkCounts()

    init(layout: LayoutResult, device: Device) {
        self.layout = layout
        self.device = device
    }

    var screen: Rect { Rect(x: 0, y: 0, width: device.width, height: device.height) }

    mutating func add(_ item: DisplayItem) { items.append(item) }

    // MARK: - Styles and geometry

    /// The rounded outline of a box, radii scaled down as CSS does when they do not fit.
    static func outline(_ frame: Rect, _ radii: Corners) -> RoundedRect { RoundedRect.outline(frame, radii) }

    /// The padding box (inside the border) with the inner radii of the box look's outline (the
    /// radii the background is filled with, so a clip follows the drawn corners).
    static func paddingBox(_ frame: Rect, _ style: ResolvedStyle, _ radii: Corners) -> RoundedRect {
        let bw = style.borderWidths
        let outer = outline(frame, radii)
        return RoundedRect(
            rect: frame.inset(by: bw), radii: outer.radii.inset(max(bw.top, bw.right, bw.bottom, bw.left)))
    }

    // MARK: - Elements

    /// Paints an element and its subtree (section 6): opacity and zoom wrap everything.
    mutating func paintElement(_ id: Int) {
        guard let element = layout[id] else { return }
        let frame = element.frame
        work.add(PaintWork.elements, 1)
        let s = element.style
        if s.opacity <= 0 { return }
        if element.kind == .progressSpinner && element.isStopped { return }
        let zoomed = s.zoom != 1 && s.zoom > 0
        if zoomed {
            add(.save)
            add(.scale(factor: s.zoom, about: Point(x: frame.midX, y: frame.midY)))
        }
        let faded = s.opacity < 1
        if faded { add(.beginLayer(opacity: s.opacity)) }

        paintBox(element, s, frame)

        let children = element.children
        work.add(PaintWork.childrenSorted, children.count)
        if !children.isEmpty {
            let clips = element.kind == .scrollLayout || s.overflowHidden
            if clips {
                add(.save)
                add(.clip(PaintBuilder.paddingBox(frame, s, element.look.radii)))
            }
            for c in children { paintElement(c) }
            if clips { add(.restore) }
        }

        if faded { add(.endLayer) }
        if zoomed { add(.restore) }
    }

    /// Shadow, background, content, border: one element without its children.
    mutating func paintBox(_ element: LaidOutElement, _ s: ResolvedStyle, _ frame: Rect) {
        let look = element.look
        let outline = PaintBuilder.outline(frame, look.radii)
        if let sh = look.shadow, !sh.color.isTransparent {
            add(
                .shadow(
                    outline, offset: Point(x: sh.offsetX, y: sh.offsetY), blur: sh.blur, spread: sh.spread,
                    color: sh.color))
        }
        if let bg = look.background, let paint = GradientMapper.paint(bg, in: frame) {
            add(.fill(outline, paint))
        }
        paintContent(element, s, frame)
        paintBorder(s, outline)
    }

    mutating func paintBorder(_ s: ResolvedStyle, _ outline: RoundedRect) {
        let widths = s.borderWidths
        guard widths.top > 0 || widths.right > 0 || widths.bottom > 0 || widths.left > 0 else { return }
        add(.border(outline, widths: widths, colors: s.border.map(\.color), styles: s.border.map(\.style)))
    }
}

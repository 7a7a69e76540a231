import Layout
import Primitives
import Styles

/// `--bounds`: every laid-out element's frame as thin lines with a small id tag, drawn over the
/// finished picture like Android's "show layout bounds". Plain display items appended after the
/// frame's own, so they go through the normal raster path (and the display-list dump).
package struct BoundsOverlay {
    /// Frame lines and tag background: opaque, so a probe can find them exactly.
    package static let lineColor = Color(rgb: 0xd500f9)
    /// Margins (outside the frame) and padding (inside the border), with `spacing`: translucent,
    /// as in a browser's box-model view.
    package static let marginColor = Color(r: 0xff, g: 0x98, b: 0x00, a: 0x55)
    package static let paddingColor = Color(r: 0x4c, g: 0xaf, b: 0x50, a: 0x55)
    /// Tag text size in dp: small, legible at 2x and 3x.
    package static let tagSize = 8.0

    /// Lays out an element's id tag: white bold `tagSize` text on one line (the caller's text engine).
    package let tag: (String) -> ParagraphLayout
    /// Also shade margins and padding.
    package var spacing: Bool

    package init(tag: @escaping (String) -> ParagraphLayout, spacing: Bool = false) {
        self.tag = tag
        self.spacing = spacing
    }

    /// The overlay items for a laid-out tree on `device`'s screen (dp; `scale` device pixels per dp).
    /// With `subtree` (`--element ID`), only that element and the elements inside it are outlined.
    package func items(layout: LayoutResult, screen: Rect, scale: Double, subtree: Int? = nil) -> [DisplayItem] {
        let hair = 1 / max(scale, 0.01)  // one device pixel in dp
        var seen = Set<Int>()
        var boxes: [(id: Int, frame: Rect, clip: Rect)] = []
        for id in layout.paintOrder where seen.insert(id).inserted && subtree.map({ isInside(id, $0, layout) }) ?? true
        {
            guard let e = layout[id], e.isVisible, e.frame.width > 0 || e.frame.height > 0 else { continue }
            let f = e.frame
            let clip = clipRect(of: id, layout: layout, screen: screen)
            guard clip.width > 0, clip.height > 0, f.x <= clip.maxX, f.maxX >= clip.x, f.y <= clip.maxY,
                f.maxY >= clip.y
            else { continue }
            boxes.append((id, f, clip))
        }
        var out: [DisplayItem] = []
        func clipped(_ clip: Rect, _ body: () -> Void) {
            out.append(.save)
            out.append(.clip(RoundedRect(rect: clip)))
            body()
            out.append(.restore)
        }
        if spacing {
            for b in boxes {
                guard let s = layout[b.id]?.style else { continue }
                clipped(screen) { ring(outer: b.frame.outset(s.margin), inner: b.frame, Self.marginColor, &out) }
                clipped(b.clip) {
                    ring(
                        outer: b.frame.inset(by: s.borderWidths), inner: s.contentBox(of: b.frame),
                        Self.paddingColor, &out)
                }
            }
        }
        // Lines first, then every tag, so no element's lines cross another's tag.
        for b in boxes {
            clipped(b.clip) { ring(outer: b.frame, inner: b.frame.inset(by: Sides(all: hair)), Self.lineColor, &out) }
        }
        for b in boxes {
            let p = tag(String(b.id))
            guard p.size.width > 0 else { continue }
            let tag = Rect(x: b.frame.x, y: b.frame.y, width: p.size.width + 2, height: p.size.height)
            clipped(b.clip) {
                out.append(.fill(RoundedRect(rect: tag), .color(Self.lineColor)))
                for line in p.lines {
                    for run in line.runs { out.append(.glyphs(run, origin: Point(x: tag.x + 1, y: tag.y))) }
                }
            }
        }
        return out
    }

    /// The visible part of the screen for an element: the screen cut by every clipping ancestor's
    /// padding box (scroll layouts, overflow hidden), as its own pixels are.
    func clipRect(of id: Int, layout: LayoutResult, screen: Rect) -> Rect {
        var clip = screen
        var next = layout[id]?.parent
        var guardCount = 0
        while let p = next, guardCount < 10_000, let e = layout[p] {
            guardCount += 1
            if e.kind == .scrollLayout || e.style.overflowHidden {
                clip = clip.intersection(e.frame.inset(by: e.style.borderWidths))
            }
            next = e.parent
        }
        return clip
    }

    /// Whether `id` is `ancestor` or laid out inside it.
    func isInside(_ id: Int, _ ancestor: Int, _ layout: LayoutResult) -> Bool {
        var next: Int? = id
        var guardCount = 0
        while let c = next, guardCount < 100_000 {
            if c == ancestor { return true }
            next = layout[c]?.parent
            guardCount += 1
        }
        return false
    }

    /// Fills the area between two boxes (outer minus inner) with four rectangles.
    func ring(outer o: Rect, inner i0: Rect, _ color: Color, _ out: inout [DisplayItem]) {
        let i = o.intersection(i0)
        let parts = [
            Rect(x: o.x, y: o.y, width: o.width, height: i.y - o.y),
            Rect(x: o.x, y: i.maxY, width: o.width, height: o.maxY - i.maxY),
            Rect(x: o.x, y: i.y, width: i.x - o.x, height: i.height),
            Rect(x: i.maxX, y: i.y, width: o.maxX - i.maxX, height: i.height),
        ]
        for r in parts where r.width > 0 && r.height > 0 { out.append(.fill(RoundedRect(rect: r), .color(color))) }
    }
}

extension Rect {
    /// Grown by a margin on each side.
    func outset(_ m: Sides<Double>) -> Rect {
        Rect(x: x - m.left, y: y - m.top, width: width + m.left + m.right, height: height + m.top + m.bottom)
    }
}

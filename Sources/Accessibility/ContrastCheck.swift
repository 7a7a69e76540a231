import Layout
import Primitives
import WidgetTree

/// Text contrast from the pixels (WCAG 2.2 1.4.3): for every placed text run of every element a
/// touch can reach, its colour against the frame's pixels inside the run's line box that no glyph
/// touched (`glyphMask`: the frame's glyphs alone, in black on white), so gradients, images and
/// box shadows behind the text count as they are painted.
struct ContrastCheck {
    var layout: LayoutResult
    var map: HitMap
    /// The rendered frame (premultiplied BGRA).
    var frame: Bitmap
    /// The same frame's glyphs alone: a pixel that is not white is (partly) glyph.
    var glyphMask: Bitmap
    var scale: Double

    /// Normal text needs 4.5:1, large text 3:1 (WCAG 2.2 1.4.3, "large scale": 18 pt, or 14 pt bold;
    /// 1 pt = 4/3 dp, so 24 dp, or 18.66 dp at weight 700 or more).
    static func needed(size: Double, weight: Int) -> Double {
        size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5
    }

    /// The worst pixels left out before the worst is taken: this share of a box's background, so a
    /// stray anti-aliased edge pixel does not decide, but any visible band of colour does.
    static let ignoredShare = 0.01

    /// One measured run: the worst contrast over its box and the background colour there.
    struct Measure {
        var ratio: Double
        var background: Color
        var needed: Double
    }

    /// The element's worst run against what it needs (the run with the lowest ratio / needed).
    func worst(_ id: Int) -> Measure? {
        guard let el = layout[id], let entry = map.entry(id), let visible = entry.visible else { return nil }
        var texts: [(ParagraphLayout, Point)] = []
        if let p = el.paragraph, let o = el.textOrigin, el.placeholder == nil { texts.append((p, o)) }
        if let ph = el.placeholder { texts.append((ph.paragraph, ph.origin)) }
        for t in el.extraTexts where t.role != .arrow { texts.append((t.paragraph, t.origin)) }
        var worst: Measure?
        for (paragraph, origin) in texts {
            for line in paragraph.lines {
                let box = line.rect.offsetBy(dx: origin.x, dy: origin.y).intersection(visible)
                guard box.width > 0, box.height > 0 else { continue }
                for run in line.runs where !run.isColor && !run.glyphs.isEmpty && run.color.a > 0 {
                    let need = Self.needed(size: run.size, weight: el.style.fontWeight)
                    guard let m = measure(run.color, box: box, needed: need) else { continue }
                    if worst.map({ m.ratio / m.needed < $0.ratio / $0.needed }) ?? true { worst = m }
                }
            }
        }
        return worst
    }

    /// The contrast of `color` against the unglyphed pixels whose centres lie in `box` (dp).
    func measure(_ color: Color, box: Rect, needed: Double) -> Measure? {
        let x0 = max(0, CheckedInt.int(box.minX * scale, .toNearestOrAwayFromZero))
        let x1 = min(frame.width, CheckedInt.int(box.maxX * scale, .toNearestOrAwayFromZero))
        let y0 = max(0, CheckedInt.int(box.minY * scale, .toNearestOrAwayFromZero))
        let y1 = min(frame.height, CheckedInt.int(box.maxY * scale, .toNearestOrAwayFromZero))
        guard x0 < x1, y0 < y1 else { return nil }
        // Background pixels counted per colour (as stored, premultiplied): a box's background is
        // mostly a few colours, so each colour's ratio is computed once and only the colours are
        // sorted, not every pixel (the same pick as sorting every pixel: ties order by colour).
        var counts: [UInt32: Int] = [:]
        var total = 0
        frame.pixels.withUnsafeBytes { frameBytes in
            glyphMask.pixels.withUnsafeBytes { maskBytes in
                // One 32-bit load per pixel (BGRA in memory, so blue is the low byte on every
                // little-endian host this builds for): a mask pixel is white when its colour bytes are.
                let px = frameBytes.bindMemory(to: UInt32.self)
                let mask = maskBytes.bindMemory(to: UInt32.self)
                var last: UInt32 = 0
                var run = 0
                for y in y0..<y1 {
                    let row = y * frame.width
                    for i in (row + x0)..<(row + x1) {
                        if UInt32(littleEndian: mask[i]) | 0xff00_0000 != 0xffff_ffff { continue }
                        let key = UInt32(littleEndian: px[i])
                        if run > 0 && key == last {
                            run += 1
                        } else {
                            if run > 0 { counts[last, default: 0] += run }
                            last = key
                            run = 1
                        }
                    }
                }
                if run > 0 { counts[last, default: 0] += run }
            }
        }
        guard !counts.isEmpty else { return nil }
        let opaqueText = color.a == 255 ? Contrast.luminance(color) : nil
        var colours: [(ratio: Double, color: Color, count: Int)] = []
        colours.reserveCapacity(counts.count)
        for (key, count) in counts {
            let bg = Self.unpremultiplied(
                b: UInt8(key & 255), g: UInt8(key >> 8 & 255), r: UInt8(key >> 16 & 255), a: UInt8(key >> 24))
            let lb = Contrast.luminance(bg)
            let lt = opaqueText ?? Contrast.luminance(Contrast.over(color, bg))
            colours.append((Contrast.ratio(lt, lb), bg, count))
            total += count
        }
        colours.sort { $0.ratio != $1.ratio ? $0.ratio < $1.ratio : Self.packed($0.color) < Self.packed($1.color) }
        let index = min(total - 1, CheckedInt.int(Double(total) * Self.ignoredShare))
        var seen = 0
        var pick = colours[colours.count - 1]
        for c in colours {
            seen += c.count
            if seen > index {
                pick = c
                break
            }
        }
        return Measure(ratio: pick.ratio, background: pick.color, needed: needed)
    }

    static func packed(_ c: Color) -> UInt32 { UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b) }

    /// An opaque colour from premultiplied bytes (a translucent frame pixel is seen over white, as
    /// the PNG shows on a white page).
    static func unpremultiplied(b: UInt8, g: UInt8, r: UInt8, a: UInt8) -> Color {
        if a == 255 { return Color(r: r, g: g, b: b) }
        let white = 255 - Int(a)
        func c(_ v: UInt8) -> UInt8 { UInt8(min(255, Int(v) + white)) }
        return Color(r: c(r), g: c(g), b: c(b))
    }
}

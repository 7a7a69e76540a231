import CairoFonts
import Compositing
import Primitives
import Testing

/// `DirectMaskTarget` against Cairo's own `setColor` + `mask` (the general path), byte for byte.

/// A surface filled with varied premultiplied pixels (every channel at most its alpha), the same
/// for the same seed.
private func surface(_ w: Int, _ h: Int, seed: UInt32) throws -> CairoSurface {
    let s = try CairoSurface(width: w, height: h)
    var x = seed
    s.withPixels { p, stride in
        for row in 0..<h {
            for col in 0..<w {
                x = x &* 1_664_525 &+ 1_013_904_223
                let a = UInt8(truncatingIfNeeded: x >> 24)
                let q = p + row * stride + col * 4
                // Some rows opaque (a frame's usual content), the rest of any alpha.
                let alpha = row % 3 == 0 ? 255 : a
                q[3] = alpha
                q[2] = min(alpha, UInt8(truncatingIfNeeded: x >> 16))
                q[1] = min(alpha, UInt8(truncatingIfNeeded: x >> 8))
                q[0] = min(alpha, UInt8(truncatingIfNeeded: x))
            }
        }
    }
    return s
}

/// A mask whose column x holds x (every mask value) shifted by the row, with zero runs (some
/// inside rows, from 33 columns long).
private func ramp(_ w: Int, _ h: Int) throws -> CairoMask {
    let m = try CairoMask(width: w, height: h)
    m.withPixels { p, stride in
        for row in 0..<h {
            for col in 0..<w { p[row * stride + col] = row % 5 == 4 ? 0 : UInt8(truncatingIfNeeded: col + row * 7) }
            if row % 4 == 1 { for col in 0..<min(w, 20) { p[row * stride + col] = 255 } }
            // Zeros inside the row (`rowGaps` when trimmed), as across a card in a shadow's ring.
            if row % 3 == 2 { for col in min(w, 100)..<min(w, 100 + 33 + row) { p[row * stride + col] = 0 } }
        }
    }
    return m
}

private let colors: [Color] = [
    .black, .white, Color(r: 0x22, g: 0x22, b: 0x22), Color(r: 0, g: 0, b: 0, a: 0x33),
    Color(r: 0x19, g: 0x76, b: 0xd2, a: 0x80), Color(r: 255, g: 0, b: 128, a: 1), Color(r: 7, g: 200, b: 99, a: 254),
    Color(r: 0xe9, g: 0x1e, b: 0x63, a: 0x4d),
]

/// The source pixel Cairo composites: a one-pixel mask of 255 over transparent black leaves exactly it.
@Test func premultipliedSourceIsCairosForEveryChannelAndAlpha() throws {
    let s = try CairoSurface(width: 256, height: 256)
    let one = try CairoMask(width: 1, height: 1)
    one.withPixels { p, _ in p[0] = 255 }
    let ctx = CairoContext(surface: s)
    ctx.drawsMasksDirectly = false
    for a in 0...255 {
        for c in 0...255 {
            ctx.setColor(Color(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 3), a: UInt8(a)))
            ctx.mask(one, x: Double(c), y: Double(a))
        }
    }
    s.flush()
    var wrong = 0
    s.withPixels { p, stride in
        for a in 0...255 {
            for c in 0...255 {
                let q = p + a * stride + c * 4
                let cairo = UInt32(q[3]) << 24 | UInt32(q[2]) << 16 | UInt32(q[1]) << 8 | UInt32(q[0])
                let mine = DirectMaskTarget.premultiplied(
                    Color(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 3), a: UInt8(a)))
                if cairo != mine { wrong += 1 }
            }
        }
    }
    #expect(wrong == 0)
}

/// Every mask value over varied destinations, for opaque and translucent colours, at offsets that
/// the clip and the surface cut on each side.
@Test func directMaskCompositesCairosBytes() throws {
    let mask = try ramp(261, 37)
    let trimmed = try ramp(261, 37)
    trimmed.trimRows()
    #expect(trimmed.rowGaps?[2] == 100..<135 && trimmed.rowGaps?[0].isEmpty == true)
    let placements: [(x: Int, y: Int, clip: Rect?)] = [
        (0, 0, nil), (-5, 3, nil), (40, 30, nil), (3, -4, Rect(x: 2, y: 1, width: 131, height: 19)),
        (-7, 2, Rect(x: 0, y: 8, width: 50, height: 50)), (1, 1, Rect(x: 17, y: 5, width: 1, height: 30)),
    ]
    for (i, color) in colors.enumerated() {
        for (j, p) in placements.enumerated() {
            let seed = UInt32(i * 31 + j)
            let viaCairo = try surface(280, 60, seed: seed)
            let direct = try surface(280, 60, seed: seed)
            for (s, useDirect) in [(viaCairo, false), (direct, true)] {
                let ctx = CairoContext(surface: s)
                ctx.drawsMasksDirectly = useDirect
                let c = p.clip ?? Rect(x: 0, y: 0, width: 280, height: 60)
                ctx.rectangle(c.x, c.y, c.width, c.height)
                ctx.clip()
                if useDirect {
                    let target = try #require(ctx.directMaskTarget(color: color))
                    // Every other placement skips the zeros around each row (`rowSpans`).
                    target.composite(j % 2 == 0 ? mask : trimmed, x: p.x, y: p.y)
                    target.finish()
                } else {
                    ctx.setColor(color)
                    ctx.mask(mask, x: Double(p.x), y: Double(p.y))
                }
                s.flush()
            }
            #expect(viaCairo.bitmap() == direct.bitmap(), "colour \(i), placement \(j)")
        }
    }
}

/// Where the direct path cannot give Cairo's bytes it is not offered: a path clip, another
/// operator, a group, a transformed matrix, or when switched off.
@Test func directMaskIsOnlyOfferedWhereItIsCairos() throws {
    let s = try CairoSurface(width: 40, height: 40)
    let ctx = CairoContext(surface: s)
    #expect(ctx.directMaskTarget(color: .black) != nil)  // no clip: Cairo lists the surface
    ctx.rectangle(0, 0, 40, 40)
    ctx.clip()
    #expect(ctx.directMaskTarget(color: .black) != nil)
    ctx.save()
    ctx.rectangle(0.5, 0, 10, 10)
    ctx.clip()
    #expect(ctx.directMaskTarget(color: .black) == nil)
    ctx.restore()
    ctx.save()
    ctx.arc(20, 20, 10, 0, 6.3)
    ctx.clip()
    #expect(ctx.directMaskTarget(color: .black) == nil)
    ctx.restore()
    ctx.setOperator(.source)
    #expect(ctx.directMaskTarget(color: .black) == nil)
    ctx.setOperator(.over)
    ctx.translate(1, 0)
    #expect(ctx.directMaskTarget(color: .black) == nil)
    ctx.identityMatrix()
    ctx.pushGroup()
    #expect(ctx.directMaskTarget(color: .black) == nil)
    ctx.popGroupAndPaint(alpha: 1)
    ctx.drawsMasksDirectly = false
    #expect(ctx.directMaskTarget(color: .black) == nil)
}

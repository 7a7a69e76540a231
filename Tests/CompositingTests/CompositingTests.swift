import Compositing
import Primitives
import Testing

// The compositors on plain memory, with the values pixman gives for the same operations
// (`DirectMaskTarget`'s derivation; the tests against Cairo itself are in RasterTests).

/// `body` with a `DirectMaskTarget` over `width` x `height` words filled with `fill`, clipped to
/// the given box (default: everything); returns the words afterwards.
private func onPixels(
    width: Int, height: Int, fill: UInt32 = 0xffff_ffff, source: UInt32,
    clip: (Int, Int, Int, Int)? = nil, _ body: (DirectMaskTarget) -> Void
) -> [UInt32] {
    var words = [UInt32](repeating: fill, count: width * height)
    words.withUnsafeMutableBufferPointer { p in
        let c = clip ?? (0, 0, width, height)
        let target = DirectMaskTarget(
            pixels: p.baseAddress!, stride: width, x0: c.0, y0: c.1, x1: c.2, y1: c.3, source: source, owner: nil,
            table: DirectMaskTarget.table(for: source))
        body(target)
    }
    return words
}

@Test func solidColoursBecomePixmansPremultipliedWords() {
    #expect(DirectMaskTarget.premultiplied(Color(r: 255, g: 0, b: 0, a: 255)) == 0xffff_0000)
    #expect(DirectMaskTarget.premultiplied(Color(r: 255, g: 0, b: 0, a: 255), alpha: 0.5) == 0x8080_0000)
    #expect(DirectMaskTarget.premultiplied(Color(r: 0, g: 0, b: 255, a: 0)) == 0)
}

@Test func aMaskOverWhiteGivesKnownPixels() {
    var mask: [UInt8] = [0, 255, 128, 64, 0, 0, 0, 0, 0, 255]
    let words = mask.withUnsafeMutableBufferPointer { m in
        onPixels(width: 10, height: 1, source: 0xffff_0000) { t in
            t.composite(AlphaRows(data: UnsafePointer(m.baseAddress!), width: 10, height: 1, stride: 10), x: 0, y: 0)
        }
    }
    // m = 128: through = (128, 128, 0, 0), kept white = mul(255, 127) = 127 per channel.
    // m = 64: through = (64, 64, 0, 0), kept = mul(255, 191) = 191.
    #expect(
        words == [
            0xffff_ffff, 0xffff_0000, 0xffff_7f7f, 0xffff_bfbf, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff,
            0xffff_ffff, 0xffff_0000,
        ])
}

@Test func theClipAndTheMaskPlaceBoundTheComposite() {
    var mask = [UInt8](repeating: 255, count: 16)
    let words = mask.withUnsafeMutableBufferPointer { m in
        onPixels(width: 6, height: 6, fill: 0, source: 0xff00_00ff, clip: (1, 1, 4, 6)) { t in
            #expect(t.contains(x0: 1, y0: 1, x1: 4, y1: 6) && !t.contains(x0: 0, y0: 1, x1: 4, y1: 6))
            // A 4 x 4 mask at (2, -1): rows 0...2 and columns 2...5, clipped to columns 1...3.
            t.composite(AlphaRows(data: UnsafePointer(m.baseAddress!), width: 4, height: 4, stride: 4), x: 2, y: -1)
        }
    }
    let painted = words.indices.filter { words[$0] != 0 }.map { ($0 % 6, $0 / 6) }
    #expect(painted.map { "\($0.0),\($0.1)" } == ["2,1", "3,1", "2,2", "3,2"])
    #expect(words.filter { $0 != 0 }.allSatisfy { $0 == 0xff00_00ff })
}

@Test func rowSpansSkipOnlyZeros() {
    // The same mask with and without its spans and gaps gives the same pixels.
    var mask = [UInt8](repeating: 0, count: 64 * 2)
    for x in [3, 4, 50, 60] { mask[x] = 200 }
    mask[64 + 10] = 90
    let spans: [Range<Int32>] = [3..<61, 10..<11]
    let gaps: [Range<Int32>] = [5..<50, 0..<0]
    let (plain, trimmed) = mask.withUnsafeMutableBufferPointer { m -> ([UInt32], [UInt32]) in
        let data = UnsafePointer(m.baseAddress!)
        let a = onPixels(width: 64, height: 2, source: 0xc040_2010) { t in
            t.composite(AlphaRows(data: data, width: 64, height: 2, stride: 64), x: 0, y: 0)
        }
        let b = onPixels(width: 64, height: 2, source: 0xc040_2010) { t in
            t.composite(
                AlphaRows(data: data, width: 64, height: 2, stride: 64, rowSpans: spans, rowGaps: gaps), x: 0, y: 0)
        }
        return (a, b)
    }
    #expect(plain == trimmed)
    #expect(plain.filter { $0 != 0xffff_ffff }.count == 5)
}

@Test func opaqueFillsSetWholePixelsInsideTheClip() {
    let words = onPixels(width: 40, height: 3, fill: 0, source: 0xff12_3456, clip: (0, 0, 38, 2)) { t in
        t.fillOpaque(x0: -5, y0: 1, x1: 100, y1: 9)
    }
    #expect(words.filter { $0 == 0xff12_3456 }.count == 38)
    #expect(words[40..<78].allSatisfy { $0 == 0xff12_3456 })
    #expect(words[78] == 0 && words[0] == 0)
}

@Test func boxBlursApproximateAGaussian() {
    #expect(BlurMask.boxes(sigma: 0.1).isEmpty)
    #expect(BlurMask.boxes(sigma: .nan).isEmpty)
    let boxes = BlurMask.boxes(sigma: 3)
    #expect(boxes.count == 3)
    // d = floor(3 * 3 * sqrt(2 pi) / 4 + 0.5) = 6: two boxes of 6 shifted apart, one centred box of 7.
    #expect(boxes.map(\.size) == [6, 6, 7])
    #expect(boxes.reduce(0) { $0 + $1.low + $1.high } == 0)
    #expect(BlurMask.reach(sigma: 3) >= 9)
    // A square of full coverage: its middle stays full, its corner fades, nothing passes 255.
    let side = 40
    var mask = [UInt8](repeating: 0, count: side * side)
    for y in 10..<30 { for x in 10..<30 { mask[y * side + x] = 255 } }
    mask.withUnsafeMutableBufferPointer {
        BlurMask.gaussian($0.baseAddress!, width: side, height: side, stride: side, sigma: 2)
    }
    #expect(mask[20 * side + 20] == 255)
    #expect(mask[10 * side + 10] < 128 && mask[10 * side + 10] > 0)
    #expect(mask[0] == 0)
    // Symmetric about the square's middle.
    #expect(mask[15 * side + 9] == mask[24 * side + 30])
}

/// The blur read the plain way: each box pass along every row, then down every column, one output
/// pixel at a time from its whole window (outside pixels 0), rounded as `BlurMask` rounds.
private func referenceBlur(_ mask: [UInt8], width w: Int, height h: Int, stride: Int, sigma: Double) -> [UInt8] {
    var plane = [Int](repeating: 0, count: w * h)
    for y in 0..<h { for x in 0..<w { plane[y * w + x] = Int(mask[y * stride + x]) } }
    func pass(_ get: (Int) -> Int, count n: Int, _ box: BlurMask.Box) -> [Int] {
        let r = ((1 << 24) + box.size / 2) / box.size
        return (0..<n).map { x in
            var sum = 0
            let first = max(x + box.low, 0)
            for i in first..<max(first, min(x + box.high + 1, n)) { sum += get(i) }
            return min(255, (sum * r + (1 << 23)) >> 24)
        }
    }
    let boxes = BlurMask.boxes(sigma: sigma)
    for box in boxes {
        for y in 0..<h {
            let row = pass({ plane[y * w + $0] }, count: w, box)
            for x in 0..<w { plane[y * w + x] = row[x] }
        }
    }
    for box in boxes {
        for x in 0..<w {
            let column = pass({ plane[$0 * w + x] }, count: h, box)
            for y in 0..<h { plane[y * w + x] = column[y] }
        }
    }
    var out = mask
    for y in 0..<h { for x in 0..<w { out[y * stride + x] = UInt8(plane[y * w + x]) } }
    return out
}

@Test func blurMatchesThePlainReadingOfItsBoxes() {
    // Random masks, widths on both sides of the 16-column blocks, a stride wider than the row (its
    // padding must stay), boxes from three pixels to wider than the mask, odd and even.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt8 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: seed >> 56)
    }
    for (w, h, sigma) in [
        (1, 1, 2.0), (5, 3, 1.2), (15, 9, 2), (16, 16, 3), (17, 40, 4.5), (33, 7, 2.6),
        (48, 20, 9), (70, 31, 40), (3, 90, 1.7),
        // Boxes of over 65,536 pixels: 64-bit products (far past `maxSigma`, which callers clamp to).
        (20, 3, 40_000),
    ] {
        let stride = w + 3
        var mask = (0..<(stride * h)).map { _ in next() }
        // Some runs of full coverage and of nothing, as shapes have.
        for i in Swift.stride(from: 0, to: mask.count, by: 7) { mask[i] = i % 3 == 0 ? 255 : 0 }
        let expected = referenceBlur(mask, width: w, height: h, stride: stride, sigma: sigma)
        mask.withUnsafeMutableBufferPointer {
            BlurMask.gaussian($0.baseAddress!, width: w, height: h, stride: stride, sigma: sigma)
        }
        #expect(mask == expected, "\(w) x \(h), sigma \(sigma)")
    }
}

@Test func gradientStopsMatchPremultipliedInterpolation() {
    let clear = Color(r: 255, g: 0, b: 0, a: 0)
    let blue = Color(r: 0, g: 0, b: 255, a: 255)
    let stops = GradientStops.premultipliedForCairo([(0, clear), (1, blue)])
    // A transparent end takes its neighbour's colour: no purple on the way.
    #expect(stops.map(\.0) == [0, 1])
    #expect(stops.map(\.1) == [Color(r: 0, g: 0, b: 255, a: 0), blue])
    // Two different partial alphas and colours: cut into `pieces`.
    let half = GradientStops.premultipliedForCairo([
        (0, Color(r: 255, g: 0, b: 0, a: 64)), (1, Color(r: 0, g: 0, b: 255, a: 192)),
    ])
    #expect(half.count == GradientStops.pieces + 1)
}

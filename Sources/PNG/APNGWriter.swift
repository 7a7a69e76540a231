import Primitives

/// Writes an animated PNG (APNG) frame by frame: the signature, IHDR and `acTL` first, then per
/// frame an `fcTL` and its pixel data (`IDAT` for the first frame, which is also the still image
/// non-APNG viewers show, `fdAT` for the others), then `IEND`. Bytes go to `sink` as they are
/// produced, so no more than one frame is ever held. Debian's libpng has no APNG API, hence the
/// chunks are written here, with the same chunk writer, row filters and deflater as `PNGCodec`.
///
/// Frames are stored as 8-bit RGBA. After the first (full) frame, each frame stores only the
/// rectangle of pixels that differ from the previous frame (`APNG_DISPOSE_OP_NONE`,
/// `APNG_BLEND_OP_SOURCE`: the rectangle replaces what was there), so a spinner turning on a
/// still screen costs a few kilobytes per frame. Only the previous frame is kept for that.
package final class APNGWriter {
    package let width: Int
    package let height: Int
    /// The number of frames announced in `acTL`; `finish()` checks that many were added.
    package let frameCount: Int
    private let compressionLevel: Int
    private let sink: ([UInt8]) throws -> Void
    private var sequence: UInt32 = 0
    private var written = 0
    private var finished = false
    private var previous: Bitmap?

    /// Starts the stream. `loops` 0 plays forever.
    package init(
        width: Int, height: Int, frameCount: Int, loops: Int = 0, compressionLevel: Int = 1,
        sink: @escaping ([UInt8]) throws -> Void
    ) throws {
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw PNGError.png("cannot encode an animation of \(width)x\(height) pixels")
        }
        guard frameCount > 0, frameCount < 1 << 31 else {
            throw PNGError.png("an animated PNG needs 1 or more frames, not \(frameCount)")
        }
        guard (0...9).contains(compressionLevel) else {
            throw PNGError.png("compression level \(compressionLevel) is not in 0...9")
        }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.compressionLevel = compressionLevel
        self.sink = sink
        var w = PNGChunkWriter()
        w.append("IHDR", PNGChunkWriter.header(width: width, height: height, colorType: 6))
        w.append("acTL", Self.be32(UInt32(frameCount)) + Self.be32(UInt32(max(0, min(loops, Int(Int32.max))))))
        try sink(w.bytes)
    }

    /// Encodes and writes one frame shown for `delayMs` milliseconds.
    package func addFrame(_ bitmap: Bitmap, delayMs: Int) throws {
        guard !finished else { throw PNGError.png("frame added after finish") }
        guard bitmap.width == width, bitmap.height == height else {
            throw PNGError.png("frame of \(bitmap.width)x\(bitmap.height) in a \(width)x\(height) animation")
        }
        guard written < frameCount else { throw PNGError.png("more frames than the \(frameCount) announced") }
        var w = PNGChunkWriter(signature: false)
        let (num, den) = Self.delay(delayMs)
        let r = previous.map { Self.changedRect($0, bitmap) } ?? (0, 0, width, height)
        var fc = Self.be32(nextSequence()) + Self.be32(UInt32(r.2)) + Self.be32(UInt32(r.3))
        fc += Self.be32(UInt32(r.0)) + Self.be32(UInt32(r.1))
        fc += [UInt8(num >> 8), UInt8(num & 0xff), UInt8(den >> 8), UInt8(den & 0xff), 0, 0]
        w.append("fcTL", fc)
        try flush(&w)
        let first = written == 0
        try encodePixels(bitmap, x0: r.0, y0: r.1, w: r.2, h: r.3) { data in
            if first {
                w.append(type: Array("IDAT".utf8), data[...])
            } else {
                w.append(type: Array("fdAT".utf8), (Self.be32(self.nextSequence()) + data)[...])
            }
            try self.flush(&w)
        }
        previous = bitmap
        written += 1
    }

    /// The smallest rectangle (x, y, width, height) holding every pixel that differs between
    /// two frames; an unchanged frame gives its top-left pixel (a frame cannot be empty).
    static func changedRect(_ a: Bitmap, _ b: Bitmap) -> (Int, Int, Int, Int) {
        let w = a.width
        let h = a.height
        var minX = w
        var maxX = -1
        var minY = h
        var maxY = -1
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let qa = pa.bindMemory(to: UInt32.self)
                let qb = pb.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    let row = y * w
                    var x = 0
                    while x < w && qa[row + x] == qb[row + x] { x += 1 }
                    if x == w { continue }
                    var x1 = w - 1
                    while qa[row + x1] == qb[row + x1] { x1 -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, x1)
                    if minY == h { minY = y }
                    maxY = y
                }
            }
        }
        if maxY < 0 { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Writes `IEND`. Fails if fewer frames than announced were added (the file would be invalid).
    package func finish() throws {
        guard !finished else { return }
        guard written == frameCount else { throw PNGError.png("\(written) frames written, \(frameCount) announced") }
        finished = true
        var w = PNGChunkWriter(signature: false)
        w.append("IEND")
        try sink(w.bytes)
    }

    /// The fcTL delay fraction for `ms`: milliseconds when they fit in 16 bits, else coarser units.
    static func delay(_ ms: Int) -> (UInt16, UInt16) {
        let ms = max(0, ms)
        if ms <= 65535 { return (UInt16(ms), 1000) }
        if ms / 10 <= 65535 { return (UInt16(ms / 10), 100) }
        return (UInt16(min(65535, ms / 1000)), 1)
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private func flush(_ w: inout PNGChunkWriter) throws {
        if !w.bytes.isEmpty { try sink(w.bytes) }
        w = PNGChunkWriter(signature: false)
    }

    /// Filtered, deflated RGBA rows of the rectangle (x0, y0, w, h), handed to `emit` in pieces of
    /// about `PNGCodec.idatChunkSize`.
    private func encodePixels(_ bitmap: Bitmap, x0: Int, y0: Int, w: Int, h: Int, emit: ([UInt8]) throws -> Void) throws
    {
        let deflater = try ZlibDeflater(level: compressionLevel)
        var full = [UInt8](repeating: 0, count: width * 4)
        var previous = [UInt8](repeating: 0, count: w * 4)
        var current = previous
        var filter = PNGRowFilter(rowBytes: w * 4, bytesPerPixel: 4)
        try bitmap.pixels.withUnsafeBufferPointer { px in
            for y in y0..<(y0 + h) {
                PNGCodec.unpremultiplyRow(px, y: y, width: width, channels: 4, into: &full)
                current.withUnsafeMutableBufferPointer { c in
                    full.withUnsafeBufferPointer { f in
                        c.baseAddress!.update(from: f.baseAddress! + x0 * 4, count: w * 4)
                    }
                }
                let row = compressionLevel <= 1 ? filter.none(current) : filter.adaptive(current, previous)
                try row.withUnsafeBufferPointer { try deflater.write($0) }
                swap(&previous, &current)
                if let data = deflater.take(minimum: PNGCodec.idatChunkSize) { try emit(data) }
            }
        }
        let rest = try deflater.finish()
        if !rest.isEmpty { try emit(rest) }
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
    }
}

/// A changed rectangle's pixels as runs, for `render serve`'s page to expand without the browser's
/// image decoder (docs/serve.md, "Live"): `createImageBitmap` decodes a PNG on another
/// thread and resolves a task later, 3 to 12 ms of a live frame's time on a busy machine, while the
/// page expands these runs in well under a millisecond for the rectangles a tap or an edit changes.
///
/// The pixels are the frame's own: premultiplied B, G, R, A bytes, in rows, the runs crossing rows.
/// Each packet starts with a byte `h`: `h < 128` is `h + 1` literal pixels (4 bytes each) that
/// follow; `h >= 128` is one pixel (4 bytes) repeated `h - 126` times (2 to 129). The page turns them
/// into straight RGBA exactly as the PNG encoder does (`PNGCodec.unpremultiplyRow`: round to
/// nearest, clamped), so both paths paint the same pixels (Serve/browser-tests/test_serve.py).
enum PixelRuns {
    /// Larger rectangles go as PNG: the page's expansion grows with the pixel count (4 bytes each; a
    /// 720 x 1280 frame's 921,600 pixels in 4.6 ms on the shared machine, issue 49), up to a 1170 x 2532
    /// phone screen and a little more.
    static let maxPixels = 3_200_000
    /// Runs that come out larger than this go as PNG instead (the socket's bytes, and 10 pages' worth).
    static let maxBytes = 393_216

    /// The runs of `bgra` (4 bytes per pixel), or nil when they would exceed `maxBytes`.
    static func encode(_ bgra: [UInt8]) -> [UInt8]? {
        let count = bgra.count / 4
        var out = [UInt8]()
        out.reserveCapacity(min(maxBytes, count * 2))
        return bgra.withUnsafeBytes { raw -> [UInt8]? in
            func px(_ k: Int) -> UInt32 { raw.loadUnaligned(fromByteOffset: k * 4, as: UInt32.self) }
            var i = 0
            var literalStart = 0  // pixels from here to i not yet written, all literals
            func flushLiterals(upTo end: Int) {
                var s = literalStart
                while s < end {
                    let n = min(128, end - s)
                    out.append(UInt8(n - 1))
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(s * 4)..<((s + n) * 4)]))
                    s += n
                }
            }
            while i < count {
                var j = i + 1
                while j < count && j - i < 129 && px(j) == px(i) { j += 1 }
                if j - i >= 2 {
                    flushLiterals(upTo: i)
                    out.append(UInt8(126 + j - i))
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(i * 4)..<(i * 4 + 4)]))
                    literalStart = j
                }
                i = j
                if out.count > maxBytes { return nil }
            }
            flushLiterals(upTo: count)
            return out.count > maxBytes ? nil : out
        }
    }
}

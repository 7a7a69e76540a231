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

    /// The runs of `bgra` (4 bytes per pixel), or nil when they would exceed `maxBytes`. Written into one
    /// buffer (a whole screen's runs: appending to an array cost about 2 ms for 921,600 pixels).
    static func encode(_ bgra: [UInt8]) -> [UInt8]? {
        let count = bgra.count / 4
        var fits = true
        // At most `maxBytes`, and no more than all literals take.
        let capacity = min(maxBytes, count * 4 + (count + 127) / 128)
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { dst, used in
            used = 0
            bgra.withUnsafeBytes { raw in
                func px(_ k: Int) -> UInt32 { raw.loadUnaligned(fromByteOffset: k * 4, as: UInt32.self) }
                var o = 0
                /// Copies pixels `from..<to` after a header byte; false when that would pass `capacity`.
                func put(_ header: Int, _ from: Int, _ to: Int) -> Bool {
                    let n = 1 + (to - from) * 4
                    guard o + n <= capacity else { return false }
                    dst[o] = UInt8(header)
                    UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: dst[(o + 1)..<(o + n)]))
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[(from * 4)..<(to * 4)]))
                    o += n
                    return true
                }
                func flushLiterals(_ start: Int, upTo end: Int) -> Bool {
                    var s = start
                    while s < end {
                        let n = min(128, end - s)
                        guard put(n - 1, s, s + n) else { return false }
                        s += n
                    }
                    return true
                }
                var i = 0
                var literalStart = 0  // pixels from here to i not yet written, all literals
                while i < count {
                    let p = px(i)
                    var j = i + 1
                    while j < count && j - i < 129 && px(j) == p { j += 1 }
                    if j - i >= 2 {
                        guard flushLiterals(literalStart, upTo: i), put(126 + j - i, i, i + 1) else {
                            fits = false
                            return
                        }
                        literalStart = j
                    }
                    i = j
                }
                guard flushLiterals(literalStart, upTo: count) else {
                    fits = false
                    return
                }
                used = o
            }
        }
        return fits ? out : nil
    }
}

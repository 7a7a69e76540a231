import CZlib
import Dispatch
import Primitives

#if canImport(Glibc)
    import Glibc
#endif

/// The fast PNG pixel compressor behind compression level 1: a zlib stream of unfiltered rows
/// (filter type 0) written straight from the pixel buffer, with no row copies.
///
/// User-interface pictures are mostly runs: a pixel equal to the one above it (distance one row)
/// or to the one before it (distance one pixel). Only those two LZ77 matches are searched, on whole
/// pixels, and everything else is a literal; each band of rows is one dynamic-Huffman block,
/// all with the same codes, decided before from a sample of the rows (`SymbolSampler`), so each
/// band is coded in one pass over its pixels with no token buffer.
/// Bands are compressed on all cores and joined on byte boundaries (an empty stored block ends
/// each band, as pigz does), so the output is the same whatever the number of cores. About ten
/// times faster than zlib level 1 and about the same size on screens.
package enum PNGFastDeflate {
    /// Raw bytes per band: small enough to balance two cores, large enough that the block header
    /// each band repeats (a few hundred bytes) does not matter. 17 bands on a phone screen.
    static let bandBytes = 1 << 19

    /// A zlib stream as its pieces in order: the header, each band's deflate bytes, the Adler-32.
    /// The PNG writer copies them straight into IDAT chunks (joining them first cost a copy and
    /// the page faults of a second file-sized buffer).
    package struct Pieces {
        package var pieces: [[UInt8]]
        /// Total bytes.
        package var count: Int { pieces.reduce(0) { $0 + $1.count } }
        /// The stream as one array.
        package var joined: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            for p in pieces { out += p }
            return out
        }
    }

    /// The zlib stream of an opaque image's rows as 8-bit RGB (colour type 2).
    /// `pixels` are premultiplied BGRA words (`Bitmap`'s layout) with alpha 255.
    package static func zlibRGB(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> [UInt8] {
        encode(OpaqueBGRA.self, pixels, width: width, height: height)!.joined
    }

    /// The zlib stream of straight RGBA words (R in the low byte) as 8-bit RGBA rows (colour type 6).
    package static func zlibRGBA(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> [UInt8] {
        encode(StraightRGBA.self, pixels, width: width, height: height)!.joined
    }

    /// `zlibRGB` as pieces.
    package static func zlibRGBPieces(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> Pieces {
        encode(OpaqueBGRA.self, pixels, width: width, height: height)!
    }

    /// `zlibRGB` as pieces when every pixel has alpha 255, else nil (found while encoding, without a
    /// pass of its own: see `BandEncoder.run`).
    package static func zlibRGBPiecesIfOpaque(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> Pieces?
    {
        encode(OpaqueBGRA.self, pixels, width: width, height: height, opaqueOnly: true)
    }

    /// `zlibRGBA` as pieces.
    package static func zlibRGBAPieces(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> Pieces {
        encode(StraightRGBA.self, pixels, width: width, height: height)!
    }

    /// `zlibRGBPiecesIfOpaque` lent to `body` as it lies in the encoder's working memory, without
    /// copying the bands out (`body`'s result, or nil when a pixel is not opaque). The pieces are
    /// valid only during the call.
    static func withRGBStreamIfOpaque<R>(
        _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, _ body: ([UnsafeBufferPointer<UInt8>]) -> R
    ) -> R? {
        withStream(OpaqueBGRA.self, pixels, width: width, height: height, opaqueOnly: true, body)
    }

    /// `zlibRGBAPieces` lent to `body` (see `withRGBStreamIfOpaque`).
    static func withRGBAStream<R>(
        _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, _ body: ([UnsafeBufferPointer<UInt8>]) -> R
    ) -> R {
        withStream(StraightRGBA.self, pixels, width: width, height: height, body)!
    }

    /// The stream with exactly `workers` threads (tests check that the bytes do not depend on it).
    static func zlibStream(
        rgba: Bool, _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, workers: Int
    ) -> [UInt8] {
        rgba
            ? encode(StraightRGBA.self, pixels, width: width, height: height, workers: workers)!.joined
            : encode(OpaqueBGRA.self, pixels, width: width, height: height, workers: workers)!.joined
    }

    /// The stream as pieces of its own (copied out of the working memory).
    private static func encode<P: PixelBytes>(
        _: P.Type, _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
        opaqueOnly: Bool = false, workers: Int? = nil
    ) -> Pieces? {
        withStream(P.self, pixels, width: width, height: height, opaqueOnly: opaqueOnly, workers: workers) {
            Pieces(pieces: $0.map { Array($0) })
        }
    }

    /// Compresses the bands and lends the zlib stream's pieces (the header, each band's deflate
    /// bytes in the working memory, the Adler-32) to `body`; nil when `opaqueOnly` and a pixel is not.
    private static func withStream<P: PixelBytes, R>(
        _: P.Type, _ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
        opaqueOnly: Bool = false, workers requested: Int? = nil, _ body: ([UnsafeBufferPointer<UInt8>]) -> R
    ) -> R? {
        precondition(pixels.count >= width * height && width > 0 && height > 0)
        let rowBytes = width * P.bpp + 1
        let rowsPerBand = max(1, bandBytes / rowBytes)
        let bands = (height + rowsPerBand - 1) / rowsPerBand
        var results = [BandResult?](repeating: nil, count: bands)
        // One worker per core takes every n-th band and writes it after its previous one in its
        // scratch, where the PNG writer reads it (copying each band out cost a copy of the file).
        // The scratch comes from a pool kept between pictures: fresh megabytes per picture in a
        // batch worker would be fresh mappings, and page faults cost more than the compression.
        let workers = requested.map { max(1, min($0, bands)) } ?? Workers.count(for: bands)
        let bandCapacity = BandEncoder<P>.capacity(rows: rowsPerBand, rowBytes: rowBytes)
        let size = BandScratch.Size(bytes: bandCapacity * ((bands + workers - 1) / workers))
        // The codes of every band, from a sample of the rows (a translucent pixel there is an answer).
        guard
            let table = SymbolSampler<P>.table(
                pixels.baseAddress!, width: width, height: height, rowBytes: rowBytes, opaqueOnly: opaqueOnly)
        else { return nil }
        let stop = StopFlag()
        var scratches = [BandScratch?](repeating: nil, count: workers)
        defer { for s in scratches { if let s { BandScratch.give(s) } } }
        results.withUnsafeMutableBufferPointer { slots in
            scratches.withUnsafeMutableBufferPointer { held in
                let out = slots
                let kept = held
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let scratch = BandScratch.take(size)
                    kept[worker] = scratch
                    // The literal pixels' codes, for this picture's codes only, kept from one of the
                    // worker's bands to the next (see `LiteralCodeCache`).
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: LiteralCodeCache.words) { memory in
                        let cache = LiteralCodeCache(memory.baseAddress!, codes: table.codes, P.self)
                        var used = 0
                        for i in stride(from: worker, to: bands, by: workers) where !stop.isSet {
                            let y0 = i * rowsPerBand
                            let y1 = min(height, y0 + rowsPerBand)
                            let band = BandEncoder<P>(pixels: pixels.baseAddress!, width: width, rows: y0..<y1)
                            out[i] = band.run(
                                final: i == bands - 1, table: table, into: scratch.bytes + used,
                                capacity: size.bytes - used, cache: cache, opaqueOnly: opaqueOnly)
                            guard let r = out[i] else {
                                stop.set()
                                break
                            }
                            used += r.bytes.count
                        }
                    }
                }
            }
        }
        if stop.isSet { return nil }
        var pieces: [UnsafeBufferPointer<UInt8>] = []
        pieces.reserveCapacity(results.count + 2)
        var adler: uLong = 1
        for r in results {
            guard let r else { return nil }
            pieces.append(r.bytes)
            adler = adler32_combine(adler, uLong(r.adler), off_t(r.length))
        }
        let a = UInt32(truncatingIfNeeded: adler)
        // zlib header: deflate, 32 KB window, "fastest" flag; (0x78 << 8 | 0x01) % 31 == 0.
        let header: [UInt8] = [0x78, 0x01]
        let trailer: [UInt8] = [UInt8(a >> 24), UInt8(a >> 16 & 0xff), UInt8(a >> 8 & 0xff), UInt8(a & 0xff)]
        return header.withUnsafeBufferPointer { h in
            trailer.withUnsafeBufferPointer { t in body([h] + pieces + [t]) }
        }
    }
}

/// What one band gives: its deflate bytes (ending on a byte boundary, in the worker's scratch),
/// the Adler-32 of its raw bytes (filter bytes included) and how many raw bytes it covers.
struct BandResult {
    var bytes: UnsafeBufferPointer<UInt8>
    var adler: UInt32
    var length: Int
}

/// How pixel words map to PNG bytes.
protocol PixelBytes {
    /// Bytes per pixel in the PNG row.
    static var bpp: Int { get }
    /// Byte `j` (0..<bpp) of the PNG pixel.
    static func byte(_ v: UInt32, _ j: Int) -> UInt32
    /// For eight pixels: the sum of each one's PNG bytes, and the sum of j * byte j.
    static func sums(_ v: SIMD8<UInt32>) -> (SIMD8<UInt32>, SIMD8<UInt32>)
    /// One pixel's sum of its PNG bytes.
    static func sum(_ v: UInt32) -> Int
    /// One pixel's sum of j * byte j.
    static func weighted(_ v: UInt32) -> Int
}

/// Opaque premultiplied BGRA (B in the low byte) -> R, G, B.
enum OpaqueBGRA: PixelBytes {
    static var bpp: Int { 3 }
    @inline(__always) static func byte(_ v: UInt32, _ j: Int) -> UInt32 { (v >> UInt32(16 - 8 * j)) & 0xff }
    @inline(__always) static func sums(_ v: SIMD8<UInt32>) -> (SIMD8<UInt32>, SIMD8<UInt32>) {
        let m = SIMD8<UInt32>(repeating: 0xff)
        let r = (v &>> 16) & m
        let g = (v &>> 8) & m
        let b = v & m
        return (r &+ g &+ b, g &+ (b &<< 1))
    }
    @inline(__always) static func sum(_ v: UInt32) -> Int {
        // B + R in bits 0...8 of the low half after the multiply-free fold, then G.
        let br = v & 0x00FF_00FF
        return Int((br &+ (br &>> 16)) & 0x1FF) &+ Int(v &>> 8 & 0xFF)
    }
    @inline(__always) static func weighted(_ v: UInt32) -> Int { Int(v &>> 8 & 0xFF) &+ Int(v & 0xFF) &<< 1 }
}

/// Straight RGBA (R in the low byte) -> R, G, B, A.
enum StraightRGBA: PixelBytes {
    static var bpp: Int { 4 }
    @inline(__always) static func byte(_ v: UInt32, _ j: Int) -> UInt32 { (v >> UInt32(8 * j)) & 0xff }
    @inline(__always) static func sums(_ v: SIMD8<UInt32>) -> (SIMD8<UInt32>, SIMD8<UInt32>) {
        let m = SIMD8<UInt32>(repeating: 0xff)
        let r = v & m
        let g = (v &>> 8) & m
        let b = (v &>> 16) & m
        let a = v &>> 24
        return (r &+ g &+ b &+ a, g &+ (b &<< 1) &+ a &+ (a &<< 1))
    }
    @inline(__always) static func sum(_ v: UInt32) -> Int {
        // Bytes 0 + 2 and 1 + 3 side by side in 16-bit halves, then the halves.
        let pairs = (v & 0x00FF_00FF) &+ (v &>> 8 & 0x00FF_00FF)
        return Int((pairs &+ (pairs &>> 16)) & 0x3FF)
    }
    @inline(__always) static func weighted(_ v: UInt32) -> Int {
        Int(v &>> 8 & 0xFF) &+ Int(v &>> 16 & 0xFF) &<< 1 &+ Int(v &>> 24) &* 3
    }
}

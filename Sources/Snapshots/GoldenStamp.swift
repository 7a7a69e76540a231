import PNG
import Primitives

/// A golden PNG's stamp: a private chunk (`pxHS`: ancillary, private, unsafe to copy, so an editor
/// that changes the picture drops it) holding the fingerprint of the pixels the PNG decodes to and
/// the CRC chain of its picture chunks. `render check` of an unchanged screen then compares the new
/// frame's fingerprint with the stamp instead of inflating and unfiltering 12 MB of golden: the
/// same verdict (the pixels are the golden's exactly), without the decode that was most of the
/// check's time. A golden without a stamp (or whose picture chunks changed since) is decoded as before.
package enum GoldenStamp {
    static let type = "pxHS"
    static let version: UInt8 = 1

    /// `png` (the encoding of a golden) with its stamp.
    package static func stamped(_ png: [UInt8]) throws -> [UInt8] {
        guard let crc = PNGChunks.pictureCRC(png) else { return png }
        let decoded = try PNGCodec.decode(png)
        let data =
            [version] + decoded.fingerprint + [
                UInt8(crc >> 24), UInt8(crc >> 16 & 0xff), UInt8(crc >> 8 & 0xff), UInt8(crc & 0xff),
            ]
        return PNGChunks.inserting(type, data, into: png)
    }

    /// Whether `png` decodes to exactly `bitmap`'s pixels, by its stamp (false when it has none, or
    /// when its picture chunks are not the ones it was stamped with).
    package static func matches(_ png: [UInt8], _ bitmap: Bitmap) -> Bool {
        guard let data = PNGChunks.find(type, in: png), data.count == 21, data[0] == version,
            let crc = PNGChunks.pictureCRC(png)
        else { return false }
        let stored = UInt32(data[17]) << 24 | UInt32(data[18]) << 16 | UInt32(data[19]) << 8 | UInt32(data[20])
        return stored == crc && Array(data[1..<17]) == bitmap.fingerprint
    }
}

import Primitives

/// Reading and adding chunks of an encoded PNG without decoding it.
package enum PNGChunks {
    /// `(type, data range, crc)` of every chunk, in order; nil when the bytes are not a well-formed PNG.
    package static func list(_ png: [UInt8]) -> [(type: String, data: Range<Int>, crc: UInt32)]? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var out: [(String, Range<Int>, UInt32)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(be32(png, i))
            guard length <= png.count - i - 12 else { return nil }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, (i + 8)..<(i + 8 + length), be32(png, i + 8 + length)))
            i += 12 + length
            if type == "IEND" { return out }
        }
        return nil
    }

    /// The data of the first chunk of `type`.
    package static func find(_ type: String, in png: [UInt8]) -> [UInt8]? {
        guard let c = list(png)?.first(where: { $0.type == type }) else { return nil }
        return Array(png[c.data])
    }

    /// `png` with a chunk of `type` and `data` added just before IEND.
    package static func inserting(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        guard let end = list(png)?.last, end.type == "IEND" else { return png }
        var w = PNGChunkWriter()
        w.append(type, data)
        let at = end.data.lowerBound - 8
        return Array(png[..<at]) + w.bytes.dropFirst(8) + Array(png[at...])  // the writer starts with the signature
    }

    /// The CRCs of the chunks that make the picture (IHDR, PLTE, IDAT), chained: changes when any of
    /// their bytes do, read without inflating anything.
    package static func pictureCRC(_ png: [UInt8]) -> UInt32? {
        guard let chunks = list(png) else { return nil }
        var crc: UInt32 = 0
        for c in chunks where ["IHDR", "PLTE", "IDAT"].contains(c.type) {
            crc = PNGChunkWriter.crc(
                [UInt8(c.crc >> 24), UInt8(c.crc >> 16 & 0xff), UInt8(c.crc >> 8 & 0xff), UInt8(c.crc & 0xff)],
                seed: crc)
        }
        return crc
    }

    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}

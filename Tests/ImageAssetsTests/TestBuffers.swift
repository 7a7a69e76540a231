import Foundation
import TestSupport

/// Hand-built test inputs: little-endian words, floats, and minimal PNG files (stored deflate,
/// no compression) so each libpng colour type can be checked pixel by pixel.
enum TestBuffers {
    /// 16-bit words as little-endian bytes.
    static func words(_ ws: [UInt16]) -> [UInt8] { ws.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] } }
    /// Floats as little-endian bytes.
    static func floats(_ fs: [Float]) -> [UInt8] {
        fs.flatMap { f -> [UInt8] in
            let b = f.bitPattern
            return (0..<4).map { UInt8((b >> (8 * UInt32($0))) & 0xff) }
        }
    }

    /// A PNG of `width` x `height`, colour type / bit depth as given, `rows` = raw scanlines
    /// without the filter byte, extra chunks (PLTE, tRNS) before IDAT.
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
        chunks: [(String, [UInt8])] = []
    ) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, 0]
        out += chunk("IHDR", ihdr)
        for (t, d) in chunks { out += chunk(t, d) }
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(crc32(t + data))
    }

    static func zlibStored(_ d: [UInt8]) -> [UInt8] {
        precondition(d.count < 65535)
        var out: [UInt8] = [0x78, 0x01, 0x01]
        let n = UInt16(d.count)
        out += [UInt8(n & 0xff), UInt8(n >> 8), UInt8(~n & 0xff), UInt8(~n >> 8)]
        out += d
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in d {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    static func crc32(_ d: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for x in d {
            c ^= UInt32(x)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// A fresh empty folder under the system temp folder.
    static func tempFolder(_ tag: String) throws -> String { try TemporaryFolder.make("h7-\(tag)") }

    /// The repository's Examples/assets folder.
    static var examplesAssets: String { Repository.examplesAssets }
}

import CZlib

/// Writes a PNG byte stream: the signature, then chunks (length, type, data, CRC-32 from zlib).
/// Shared by the PNG encoder and any later writer of PNG-based formats (APNG frames).
package struct PNGChunkWriter: Sendable {
    /// The PNG file signature.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Everything written so far.
    package private(set) var bytes: [UInt8]

    /// Starts a stream with the PNG signature (or empty when `signature` is false).
    package init(signature: Bool = true) { bytes = signature ? PNGChunkWriter.signature : [] }

    /// Makes room for `count` more bytes at once (one allocation for a whole file whose size is known).
    package mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    /// Appends one chunk of four-letter `type` with `data`.
    package mutating func append(_ type: String, _ data: [UInt8] = []) {
        let t = Array(type.utf8)
        precondition(t.count == 4, "PNG chunk types have four letters")
        append(type: t, data[...])
    }

    /// Appends one chunk from raw type bytes and a slice of data (no copy of the data).
    package mutating func append(type t: [UInt8], _ data: ArraySlice<UInt8>) {
        // Grow geometrically: an exact reserve per chunk reallocated and copied the whole file per IDAT chunk.
        let needed = bytes.count + data.count + 12
        if bytes.capacity < needed { bytes.reserveCapacity(max(needed, 2 * bytes.capacity)) }
        appendUInt32(UInt32(data.count))
        bytes.append(contentsOf: t)
        bytes.append(contentsOf: data)
        var c = PNGChunkWriter.crc(t, seed: 0)
        c = PNGChunkWriter.crc(data, seed: c)
        appendUInt32(c)
    }

    /// Appends one byte stream, given as `pieces` in order, as chunks of `type` of at most `limit`
    /// bytes each (the last one shorter): the same bytes as cutting the joined stream, without
    /// joining it first.
    package mutating func append(type t: [UInt8], pieces: [[UInt8]], limit: Int) {
        // Each array's storage is only lent inside a closure: nest one per piece (a few dozen).
        func lend(_ i: Int, _ buffers: [UnsafeBufferPointer<UInt8>]) {
            if i == pieces.count {
                append(type: t, pieces: buffers, limit: limit)
                return
            }
            pieces[i].withUnsafeBufferPointer { lend(i + 1, buffers + [$0]) }
        }
        lend(0, [])
    }

    /// `append(type:pieces:limit:)` from buffers (the fast encoder's bands, read where they were written).
    mutating func append(type t: [UInt8], pieces: [UnsafeBufferPointer<UInt8>], limit: Int) {
        precondition(limit > 0)
        var left = pieces.reduce(0) { $0 + $1.count }
        var piece = 0
        var offset = 0
        while left > 0 {
            let n = min(limit, left)
            let needed = bytes.count + n + 12
            if bytes.capacity < needed { bytes.reserveCapacity(max(needed, 2 * bytes.capacity)) }
            appendUInt32(UInt32(n))
            bytes.append(contentsOf: t)
            var c = PNGChunkWriter.crc(t, seed: 0)
            var need = n
            while need > 0 {
                let p = pieces[piece]
                let take = min(need, p.count - offset)
                let part = UnsafeBufferPointer(rebasing: p[offset..<(offset + take)])
                bytes.append(contentsOf: part)
                c = PNGChunkWriter.crc(part, seed: c)
                offset += take
                need -= take
                if offset == p.count {
                    piece += 1
                    offset = 0
                }
            }
            appendUInt32(c)
            left -= n
        }
    }

    /// The IHDR chunk data: width, height, bit depth 8, `colorType`, deflate, filter 0, no interlace.
    package static func header(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        var d: [UInt8] = []
        for v in [UInt32(width), UInt32(height)] {
            d += [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
        }
        return d + [8, colorType, 0, 0, 0]
    }

    /// CRC-32 (zlib's) of `data`, continuing from `seed` (0 to start).
    package static func crc<C: Collection>(_ data: C, seed: UInt32) -> UInt32 where C.Element == UInt8 {
        let r = data.withContiguousStorageIfAvailable { buf in
            UInt32(crc32(uLong(seed), buf.baseAddress, uInt(buf.count)))
        }
        if let r { return r }
        let copy = Array(data)
        return copy.withUnsafeBufferPointer { UInt32(crc32(uLong(seed), $0.baseAddress, uInt($0.count))) }
    }

    /// Appends a big-endian 32-bit number (outside any chunk).
    package mutating func appendUInt32(_ v: UInt32) {
        bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)]
    }
}

import CZlib

/// A zlib deflate stream: feed bytes with `write`, collect the compressed bytes with `finish`.
/// Output is handed out in pieces of at least `chunkSize` bytes (PNG IDAT chunks) as it grows,
/// so a large image never holds all its filtered rows at once.
package final class ZlibDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var out = [UInt8](repeating: 0, count: 1 << 16)
    private var pending: [UInt8] = []
    private var finished = false

    /// A zlib (RFC 1950) stream at `level` 0...9.
    package init(level: Int) throws {
        // z_stream must not move: zlib keeps a pointer back to it, so it lives on the heap.
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let lv = Int32(max(0, min(9, level)))
        let rc = deflateInit2_(
            stream, lv, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw PNGError.zlib("deflateInit failed (\(rc))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `data` (more may follow).
    package func write(_ data: UnsafeBufferPointer<UInt8>) throws {
        guard !finished else { throw PNGError.zlib("write after finish") }
        guard let base = data.baseAddress, data.count > 0 else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
        stream.pointee.avail_in = uInt(data.count)
        try run(flush: Z_NO_FLUSH)
        stream.pointee.next_in = nil
    }

    /// Compresses `data` (more may follow).
    package func write(_ data: [UInt8]) throws { try data.withUnsafeBufferPointer { try write($0) } }

    /// Takes the compressed bytes produced so far if there are at least `minimum` of them.
    package func take(minimum: Int) -> [UInt8]? {
        guard pending.count >= max(1, minimum) else { return nil }
        defer { pending = [] }
        return pending
    }

    /// Ends the stream and returns the compressed bytes not yet taken.
    package func finish() throws -> [UInt8] {
        if !finished {
            try run(flush: Z_FINISH)
            finished = true
        }
        defer { pending = [] }
        return pending
    }

    private func run(flush: Int32) throws {
        try out.withUnsafeMutableBufferPointer { buf in
            while true {
                stream.pointee.next_out = buf.baseAddress
                stream.pointee.avail_out = uInt(buf.count)
                let rc = deflate(stream, flush)
                guard rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR else {
                    throw PNGError.zlib("deflate failed (\(rc))")
                }
                let produced = buf.count - Int(stream.pointee.avail_out)
                pending.append(contentsOf: buf[0..<produced])
                if flush == Z_FINISH {
                    if rc == Z_STREAM_END { return }
                } else if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 {
                    return
                }
            }
        }
    }
}

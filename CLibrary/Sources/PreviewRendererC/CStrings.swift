import CPreviewRendererHeader
import Foundation

/// C strings in: a pointer and a byte length (0: NUL-terminated; NULL with 0: empty), checked to be
/// well-formed UTF-8, since a Swift `String` would otherwise repair bad bytes silently and the
/// recorded session would not say what the app sent.
enum CStrings {
    /// `len` bytes at `p` (0: up to its NUL) as a String.
    ///
    /// A NULL pointer with a non-zero length is PR_ERR_NULL; a length (given, or found by looking
    /// for the NUL) above what a session file may hold (`CArgs.maxBytes`) is PR_ERR_ARGUMENT. Text
    /// within it but past 1 MiB is cut by the replay with the warning `text-too-long`, as in a file.
    static func string(_ p: UnsafePointer<CChar>?, _ len: Int, _ what: String) throws -> String {
        guard let p else {
            if len != 0 { throw CError(PR_ERR_NULL, "\(what) is NULL with length \(CArgs.text(len))") }
            return ""
        }
        let count: Int
        if len == 0 {
            // The NUL is looked for no further than the limit.
            count = strnlen(p, CArgs.maxBytes + 1)
            guard count <= CArgs.maxBytes else {
                throw CError(
                    PR_ERR_ARGUMENT,
                    "\(what) has no NUL in its first \(CArgs.maxBytes) bytes (more than a session file may hold)")
            }
        } else {
            count = try CArgs.size(len, max: CArgs.maxBytes, "\(what): length", "what a session file may hold")
        }
        return try p.withMemoryRebound(to: UInt8.self, capacity: count) { u in
            let buf = UnsafeBufferPointer(start: u, count: count)
            if let bad = firstInvalidUTF8(buf) {
                throw CError(PR_ERR_UTF8, "\(what) is not UTF-8: a bad byte sequence at byte \(bad) of \(count)")
            }
            return String(decoding: buf, as: UTF8.self)
        }
    }

    /// A NUL-terminated string (NULL: nil).
    static func optional(_ p: UnsafePointer<CChar>?, _ what: String) throws -> String? {
        guard let p else { return nil }
        return try string(p, 0, what)
    }

    /// Offset of the first byte of an ill-formed UTF-8 sequence, or nil.
    static func firstInvalidUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        // Mostly ASCII: skip it quickly.
        while i < buf.count, buf[i] < 0x80 { i += 1 }
        if i == buf.count { return nil }
        var decoder = UTF8()
        var it = buf[i...].makeIterator()
        var offset = i
        while true {
            // Count the bytes of each scalar to report where a bad one starts.
            let before = offset
            switch decoder.decode(&it) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return before
            }
        }
    }
}

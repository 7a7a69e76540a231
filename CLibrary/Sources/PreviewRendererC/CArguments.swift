import CPreviewRendererHeader
import Foundation
import SessionFormat

/// The range checks every `pr_*` entry point puts sizes and numbers through before using them, so
/// no value a caller passes traps (the header's promise: nothing aborts the process).
///
/// - A value no caller could mean (a size above what a session file may hold, SIZE_MAX, a
///   negative tick) is PR_ERR_ARGUMENT with a message naming the argument, its value and the
///   limit (`pr_last_error`).
/// - A value a session file could carry too (an unknown id, an int64 field at INT64_MIN, text
///   past 1 MiB) goes on to the replay, which reports the same diagnostic a session file gets.
///
/// Swift imports `size_t` as `Int`: a size above `Int.max` (SIZE_MAX) arrives negative, and is
/// printed here as the caller wrote it (`UInt(bitPattern:)`).
enum CArgs {
    /// The largest byte count of one buffer a call takes (text, image data): a session file's size.
    static let maxBytes = SessionLimits.maxFileBytes

    /// A `size_t` in 0 ... `max`; `limit` says what the maximum is.
    static func size(_ raw: Int, max: Int, _ what: String, _ limit: String) throws -> Int {
        guard raw >= 0, raw <= max else {
            throw CError(PR_ERR_ARGUMENT, "\(what) \(text(raw)) is out of range: at most \(max) (\(limit))")
        }
        return raw
    }

    /// A `size_t` as the caller wrote it.
    static func text(_ raw: Int) -> String { String(UInt(bitPattern: raw)) }

    /// An `int64_t` in `range` (an `Int` on the 64-bit platforms the library is built for).
    static func int(_ v: Int64, in range: ClosedRange<Int64>, _ what: String, _ why: String) throws -> Int {
        guard range.contains(v) else {
            throw CError(
                PR_ERR_ARGUMENT, "\(what) \(v) is out of range: \(range.lowerBound) ... \(range.upperBound) (\(why))")
        }
        return Int(v)
    }

    /// `count` bytes at `p`, with `count` already checked: NULL with a non-zero count is PR_ERR_NULL.
    static func bytes(_ p: UnsafePointer<UInt8>?, _ count: Int, _ what: String) throws -> [UInt8] {
        guard count > 0 else { return [] }
        guard let p else { throw CError(PR_ERR_NULL, "\(what) is NULL with size \(count)") }
        return Array(UnsafeBufferPointer(start: p, count: count))
    }
}

/// Runs the argument checks of a call: a thrown `CError` becomes its status and the calling
/// thread's last error on `handle` (or the global one).
func checking(_ handle: OpaquePointer?, _ body: () throws -> pr_status) -> pr_status {
    do { return try body() } catch let e as CError { return fail(handle, e.status, e.message) } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
}

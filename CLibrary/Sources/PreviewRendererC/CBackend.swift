import CPreviewRendererHeader
import Foundation
import RenderPipeline

/// What a `pr_backend *` points at: a `HeadlessBackend` behind a lock, so every `pr_*` call may
/// come from any thread (the header's "Threads" section), and the last error of each thread.
final class CBackend {
    let backend: HeadlessBackend
    /// Screenshots taken (names the unnamed ones `screenshot-N`); guarded by the lock.
    var screenshots = 0
    private let lock = NSLock()
    /// The last error message of each calling thread, NUL-terminated, owned here.
    private var errors: [pthread_t: UnsafeMutablePointer<CChar>] = [:]

    init(_ backend: HeadlessBackend) { self.backend = backend }

    deinit { for (_, p) in errors { free(p) } }

    /// Runs `body` holding the lock; a `CError` becomes its status and this thread's last error.
    func call(_ body: (HeadlessBackend) throws -> Void) -> pr_status {
        lock.lock()
        defer { lock.unlock() }
        do {
            try body(backend)
            return PR_OK
        } catch let e as CError {
            setError(e.message)
            return e.status
        } catch {
            setError("\(error)")
            return PR_ERR_RENDER
        }
    }

    /// The calling thread's last error ("" if none); valid until its next failing call.
    func lastError() -> UnsafePointer<CChar> {
        lock.lock()
        defer { lock.unlock() }
        if let p = errors[pthread_self()] { return UnsafePointer(p) }
        return CError.empty
    }

    /// Records `message` for the calling thread (the lock is held).
    private func setError(_ message: String) {
        let t = pthread_self()
        if let old = errors[t] { free(old) }
        errors[t] = strdup(message)
    }

    /// The Swift object behind a handle.
    static func from(_ handle: OpaquePointer?) -> CBackend? {
        handle.map { Unmanaged<CBackend>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// A failure with its status code and message (`pr_last_error`).
struct CError: Error {
    var status: pr_status
    var message: String
    init(_ status: pr_status, _ message: String) {
        self.status = status
        self.message = message
    }

    static let empty: UnsafePointer<CChar> = UnsafePointer(strdup("")!)
}

/// Errors of calls without a backend (`pr_create`, or a NULL backend), per thread.
enum GlobalErrors {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var errors: [pthread_t: UnsafeMutablePointer<CChar>] = [:]

    static func set(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        let t = pthread_self()
        if let old = errors[t] { free(old) }
        errors[t] = strdup(message)
    }

    static func get() -> UnsafePointer<CChar> {
        lock.lock()
        defer { lock.unlock() }
        return errors[pthread_self()].map { UnsafePointer($0) } ?? CError.empty
    }
}

/// Runs a call on the backend behind `handle`; a NULL handle is PR_ERR_NULL.
func withBackend(_ handle: OpaquePointer?, _ function: String, _ body: (HeadlessBackend) throws -> Void) -> pr_status {
    guard let b = CBackend.from(handle) else {
        GlobalErrors.set("\(function): the backend is NULL")
        return PR_ERR_NULL
    }
    return b.call(body)
}

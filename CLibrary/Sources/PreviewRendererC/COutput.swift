// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported functions carry the C header's names (pr_*).
import CPreviewRendererHeader
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import WidgetTree

// Output (preview_renderer.h): events, screenshots, diagnostics, the recorded session.

@_cdecl("pr_poll_events")
public func pr_poll_events(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<pr_event>?>?,
    _ count: UnsafeMutablePointer<Int>?
) -> pr_status {
    guard let out, let count else {
        return fail(handle, PR_ERR_NULL, "pr_poll_events: `out_events` or `out_count` is NULL")
    }
    out.pointee = nil
    count.pointee = 0
    var events: [AppEvent] = []
    let s = withBackend(handle, "pr_poll_events") { b in
        try requireNoBatch(b, "pr_poll_events")
        events = b.pollEvents()
    }
    guard s == PR_OK else { return s }
    if events.isEmpty { return PR_NO_EVENTS }
    guard let block = EventBlock.make(events) else {
        return fail(handle, PR_ERR_MEMORY, "pr_poll_events: out of memory")
    }
    out.pointee = block
    count.pointee = events.count
    return PR_OK
}

/// A screenshot call: the frame, recorded as a snapshot step named `name` (or "screenshot-N").
private func screenshot(
    _ handle: OpaquePointer?, _ f: String, _ name: UnsafePointer<CChar>?,
    _ body: @escaping (HeadlessBackend, Bitmap) throws -> Void
) -> pr_status {
    let given: String?
    do { given = try CStrings.optional(name, "\(f): name") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
    guard let cb = CBackend.from(handle) else { return fail(handle, PR_ERR_NULL, "\(f): the backend is NULL") }
    return cb.call { b in
        try requireNoBatch(b, f)
        cb.screenshots += 1
        let n = given.flatMap { $0.isEmpty ? nil : $0 } ?? "screenshot-\(cb.screenshots)"
        let bitmap: Bitmap
        do { bitmap = try b.screenshot(named: n) } catch {
            throw CError(PR_ERR_RENDER, "\(f): the frame could not be rendered: \(error)")
        }
        try body(b, bitmap)
    }
}

@_cdecl("pr_screenshot_png")
public func pr_screenshot_png(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ size: UnsafeMutablePointer<Int>?
) -> pr_status {
    guard let out, let size else {
        return fail(handle, PR_ERR_NULL, "pr_screenshot_png: `out_png` or `out_size` is NULL")
    }
    out.pointee = nil
    size.pointee = 0
    return screenshot(handle, "pr_screenshot_png", name) { b, bitmap in
        let png: [UInt8]
        do { png = try b.renderer.encode(bitmap) } catch {
            throw CError(PR_ERR_RENDER, "pr_screenshot_png: PNG encoding failed: \(error)")
        }
        guard let block = copyOut(png) else { throw CError(PR_ERR_MEMORY, "pr_screenshot_png: out of memory") }
        out.pointee = block
        size.pointee = png.count
    }
}

@_cdecl("pr_screenshot_file")
public func pr_screenshot_file(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?)
    -> pr_status
{
    guard let path else { return fail(handle, PR_ERR_NULL, "pr_screenshot_file: `path` is NULL") }
    let p: String
    do { p = try CStrings.string(path, 0, "pr_screenshot_file: path") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
    return screenshot(handle, "pr_screenshot_file", name) { b, bitmap in
        let png: [UInt8]
        do { png = try b.renderer.encode(bitmap) } catch {
            throw CError(PR_ERR_RENDER, "pr_screenshot_file: PNG encoding failed: \(error)")
        }
        do { try AtomicFile.write(png, to: p) } catch { throw CError(PR_ERR_IO, "pr_screenshot_file: \(error)") }
    }
}

@_cdecl("pr_screenshot_pixels")
public func pr_screenshot_pixels(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?
) -> pr_status {
    guard let out, let width, let height else {
        return fail(handle, PR_ERR_NULL, "pr_screenshot_pixels: `out_pixels`, `out_width` or `out_height` is NULL")
    }
    out.pointee = nil
    width.pointee = 0
    height.pointee = 0
    return screenshot(handle, "pr_screenshot_pixels", name) { _, bitmap in
        guard let block = copyOut(bitmap.pixels) else {
            throw CError(PR_ERR_MEMORY, "pr_screenshot_pixels: out of memory")
        }
        out.pointee = block
        width.pointee = Int32(clamping: bitmap.width)
        height.pointee = Int32(clamping: bitmap.height)
    }
}

@_cdecl("pr_get_diagnostics")
public func pr_get_diagnostics(
    _ handle: OpaquePointer?, _ first: Int, _ out: UnsafeMutablePointer<UnsafeMutablePointer<pr_diagnostic>?>?,
    _ count: UnsafeMutablePointer<Int>?
) -> pr_status {
    guard let out, let count else {
        return fail(handle, PR_ERR_NULL, "pr_get_diagnostics: `out_diagnostics` or `out_count` is NULL")
    }
    out.pointee = nil
    count.pointee = 0
    var list: [Diagnostic] = []
    let s = withBackend(handle, "pr_get_diagnostics") { b in
        let all = b.diagnostics
        // `first` is the count a caller has seen: past the end is no count it could have seen.
        let from = try CArgs.size(
            first, max: all.count, "pr_get_diagnostics: first", "the diagnostics reported so far")
        if from < all.count { list = Array(all[from...]) }
    }
    guard s == PR_OK, !list.isEmpty else { return s }
    guard let block = DiagnosticBlock.make(list) else {
        return fail(handle, PR_ERR_MEMORY, "pr_get_diagnostics: out of memory")
    }
    out.pointee = block
    count.pointee = list.count
    return PR_OK
}

@_cdecl("pr_write_session")
public func pr_write_session(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> pr_status {
    guard let path else { return fail(handle, PR_ERR_NULL, "pr_write_session: `path` is NULL") }
    let p: String
    do { p = absolute(try CStrings.string(path, 0, "pr_write_session: path")) } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
    let folder = URL(fileURLWithPath: p).deletingLastPathComponent().path
    // Written under the lock, a step at a time: the pixel payloads are read back from the
    // recording's temporary file one by one, never all in memory.
    return withBackend(handle, "pr_write_session") { b in
        do { try b.writeRecordedSession(to: p, name: sessionName(p), folder: folder) } catch {
            throw CError(PR_ERR_IO, "pr_write_session: \(error)")
        }
    }
}

/// The session's name: its file name without `.json`.
private func sessionName(_ path: String) -> String {
    let base = URL(fileURLWithPath: path).lastPathComponent
    return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
}

/// `bytes` in a malloc'ed block (the caller frees it with pr_free).
func copyOut(_ bytes: [UInt8]) -> UnsafeMutablePointer<UInt8>? {
    guard let p = malloc(max(1, bytes.count)) else { return nil }
    bytes.withUnsafeBytes { if let src = $0.baseAddress { memcpy(p, src, bytes.count) } }
    return p.assumingMemoryBound(to: UInt8.self)
}

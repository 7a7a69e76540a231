// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported functions carry the C header's names (pr_*).
import CPreviewRendererHeader
import Foundation
import Primitives
import RenderPipeline
import SessionFormat

// Commands and data (preview_renderer.h, "Commands and data").

/// A `pr_command` as a `Command`; errors name the command's index (`where`).
func makeCommand(_ c: pr_command, _ where_: String) throws -> Command {
    guard let type = CommandType(rawValue: Int(c.type)) else {
        throw CError(
            PR_ERR_ARGUMENT, "\(where_): unknown command type \(c.type) (0 ... \(CommandType.allCases.count - 1))")
    }
    // int64_t fields are Ints (64-bit platforms); any value is one a session file may carry too,
    // and the replay reports what it cannot apply, as for a file.
    return Command(
        type: type, internalId: Int(c.internal_id), childInternalId: Int(c.child_internal_id), value: Int(c.value),
        textValue: try CStrings.string(c.text_value, c.text_value_len, "\(where_).text_value"),
        textValue2: try CStrings.string(c.text_value2, c.text_value2_len, "\(where_).text_value2"),
        width: Int(c.width), height: Int(c.height), row: Int(c.row), column: Int(c.column),
        sheet: Int(c.sheet), flags: Int(c.flags))
}

/// Fails with PR_ERR_STATE when a batch is open (only commands may join it).
func requireNoBatch(_ b: HeadlessBackend, _ function: String) throws {
    if b.batchIsOpen {
        throw CError(
            PR_ERR_STATE,
            "\(function): a batch is open (pr_begin_batch); only commands may be sent until pr_commit_batch")
    }
}

@_cdecl("pr_send_command")
public func pr_send_command(_ handle: OpaquePointer?, _ command: UnsafePointer<pr_command>?) -> pr_status {
    // Converted before taking the lock: other threads keep going meanwhile.
    guard let command else { return fail(handle, PR_ERR_NULL, "pr_send_command: `command` is NULL") }
    let c: Command
    do { c = try makeCommand(command.pointee, "pr_send_command: command") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch { return fail(handle, PR_ERR_ARGUMENT, "\(error)") }
    return withBackend(handle, "pr_send_command") { $0.send(c) }
}

@_cdecl("pr_send_commands")
public func pr_send_commands(_ handle: OpaquePointer?, _ commands: UnsafePointer<pr_command>?, _ count: Int)
    -> pr_status
{
    var list: [Command] = []
    let s = checking(handle) {
        let n = try CArgs.size(
            count, max: SessionLimits.maxSteps, "pr_send_commands: count", "the steps a session file may hold")
        guard n > 0 else { return PR_OK }
        guard let commands else {
            throw CError(PR_ERR_NULL, "pr_send_commands: `commands` is NULL with count \(n)")
        }
        list.reserveCapacity(n)
        for i in 0..<n { list.append(try makeCommand(commands[i], "pr_send_commands: commands[\(i)]")) }
        return PR_OK
    }
    guard s == PR_OK else { return s }
    if list.isEmpty { return withBackend(handle, "pr_send_commands") { _ in } }
    return withBackend(handle, "pr_send_commands") { b in
        // Inside an open batch they join it; otherwise they are a batch of their own.
        let own = !b.batchIsOpen
        if own { b.beginBatch() }
        for c in list { b.send(c) }
        if own { b.commitBatch() }
    }
}

@_cdecl("pr_begin_batch")
public func pr_begin_batch(_ handle: OpaquePointer?) -> pr_status {
    withBackend(handle, "pr_begin_batch") { b in
        if b.batchIsOpen { throw CError(PR_ERR_STATE, "pr_begin_batch: a batch is already open") }
        b.beginBatch()
    }
}

@_cdecl("pr_commit_batch")
public func pr_commit_batch(_ handle: OpaquePointer?) -> pr_status {
    withBackend(handle, "pr_commit_batch") { b in
        if !b.batchIsOpen { throw CError(PR_ERR_STATE, "pr_commit_batch: no batch is open") }
        b.commitBatch()
    }
}

@_cdecl("pr_set_image_data")
public func pr_set_image_data(
    _ handle: OpaquePointer?, _ id: Int64, _ format: Int32, _ width: Int32, _ height: Int32,
    _ levels: Int32, _ data: UnsafePointer<UInt8>?, _ size: Int
) -> pr_status {
    let f = "pr_set_image_data"
    // The limits of a session file's `image` (session-format.md section 2).
    guard let fmt = PixelFormat(rawValue: Int(format)), fmt != .NO_FORMAT else {
        return fail(handle, PR_ERR_ARGUMENT, "\(f): unknown pixel format ordinal \(format) (1 ... 16)")
    }
    guard (1...65535).contains(width), (1...65535).contains(height) else {
        return fail(
            handle, PR_ERR_ARGUMENT, "\(f): width and height must be 1 ... 65535 pixels, found \(width) x \(height)")
    }
    guard (1...16).contains(levels) else {
        return fail(handle, PR_ERR_ARGUMENT, "\(f): levels must be 1 ... 16, found \(levels)")
    }
    var bytes: [UInt8] = []
    let s = checking(handle) {
        let n = try CArgs.size(size, max: CArgs.maxBytes, "\(f): size", "what a session file may hold")
        bytes = try CArgs.bytes(data, n, "\(f): `data`")
        return PR_OK
    }
    guard s == PR_OK else { return s }
    let image = PackedImage(format: fmt, width: Int(width), height: Int(height), levels: Int(levels), data: bytes)
    return withBackend(handle, f) { b in
        try requireNoBatch(b, f)
        b.setImageData(Int(id), image)
    }
}

@_cdecl("pr_set_surface")
public func pr_set_surface(
    _ handle: OpaquePointer?, _ id: Int64, _ width: Int32, _ height: Int32,
    _ pixels: UnsafePointer<UInt8>?, _ stride: Int
) -> pr_status {
    let f = "pr_set_surface"
    guard let pixels else { return fail(handle, PR_ERR_NULL, "\(f): `pixels` is NULL") }
    guard (1...8192).contains(width), (1...8192).contains(height) else {
        return fail(
            handle, PR_ERR_ARGUMENT, "\(f): the surface must be 1 ... 8192 pixels per side, found \(width) x \(height)")
    }
    let w = Int(width)
    let h = Int(height)
    // stride <= 1 MiB and h <= 8192: the last row starts below 8 GiB, no overflow.
    guard stride >= w * 4, stride <= 1 << 20 else {
        return fail(
            handle, PR_ERR_ARGUMENT,
            "\(f): stride \(CArgs.text(stride)) must be 4 x width (\(w * 4)) ... \(1 << 20) bytes")
    }
    // Rows packed without padding, as the session file holds them.
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    bytes.withUnsafeMutableBytes { dst in
        for y in 0..<h { memcpy(dst.baseAddress! + y * w * 4, pixels + y * stride, w * 4) }
    }
    if let bad = Bitmap.firstUnpremultiplied(bytes) {
        return fail(
            handle, PR_ERR_PIXELS,
            "\(f): pixel \(bad % w), \(bad / w) has a colour above its alpha: surface pixels must be premultiplied")
    }
    guard let b = CBackend.from(handle) else { return fail(handle, PR_ERR_NULL, "\(f): the backend is NULL") }
    let scale = b.backend.device.scale
    let payload = SurfacePayload(
        width: Double(w) / scale, height: Double(h) / scale, ops: [],
        pixels: Bitmap(width: w, height: h, pixels: bytes))
    return b.call { b in
        try requireNoBatch(b, f)
        b.setSurface(Int(id), payload)
    }
}

/// Reports `message` as the calling thread's last error on `handle` (or globally) and returns `status`.
func fail(_ handle: OpaquePointer?, _ status: pr_status, _ message: String) -> pr_status {
    guard let b = CBackend.from(handle) else {
        GlobalErrors.set(message)
        return status
    }
    return b.call { _ in throw CError(status, message) }
}

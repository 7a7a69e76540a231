// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported functions carry the C header's names (pr_*).
import CPreviewRendererHeader
import Foundation
import RenderPipeline
import SessionFormat

// Clock, input, lifecycle (preview_renderer.h): each one step, with a session file's rules.

/// A step call: no batch may be open.
private func step(_ handle: OpaquePointer?, _ f: String, _ body: @escaping (HeadlessBackend) throws -> Void)
    -> pr_status
{
    withBackend(handle, f) { b in
        try requireNoBatch(b, f)
        try body(b)
    }
}

@_cdecl("pr_tick")
public func pr_tick(_ handle: OpaquePointer?, _ ms: Int64) -> pr_status {
    guard ms >= 0, ms <= 1_000_000_000_000 else {
        return fail(handle, PR_ERR_ARGUMENT, "pr_tick: ms must be 0 ... 10^12 (time only moves forward), found \(ms)")
    }
    return step(handle, "pr_tick") { $0.tick(Int(ms)) }
}

@_cdecl("pr_press")
public func pr_press(_ handle: OpaquePointer?, _ id: Int64) -> pr_status {
    inputStep(handle, "pr_press") { $0.press(Int(id)) }
}

@_cdecl("pr_release")
public func pr_release(_ handle: OpaquePointer?, _ id: Int64) -> pr_status {
    inputStep(handle, "pr_release") { $0.release(Int(id)) }
}

private let barButtons = ["back", "menu", "save", "compose"]

@_cdecl("pr_tap")
public func pr_tap(_ handle: OpaquePointer?, _ id: Int64, _ barButton: UnsafePointer<CChar>?) -> pr_status {
    let button: String
    do { button = (try CStrings.optional(barButton, "pr_tap: bar_button") ?? "").lowercased() } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch { return fail(handle, PR_ERR_ARGUMENT, "\(error)") }
    guard button.isEmpty || barButtons.contains(button) else {
        return fail(
            handle, PR_ERR_ARGUMENT,
            "pr_tap: bar_button names an action bar button: back, menu, save or compose (found \"\(button)\")")
    }
    return inputStep(handle, "pr_tap") { $0.tap(Int(id), barButton: button) }
}

@_cdecl("pr_select")
public func pr_select(_ handle: OpaquePointer?, _ id: Int64, _ selected: Int32) -> pr_status {
    inputStep(handle, "pr_select") { $0.select(Int(id), selected != 0) }
}

@_cdecl("pr_scroll")
public func pr_scroll(_ handle: OpaquePointer?, _ id: Int64, _ offset: Int64) -> pr_status {
    // A session file's limit (|value| <= 10^9); compared without abs(), which traps on INT64_MIN.
    checking(handle) {
        let dp = try CArgs.int(offset, in: -1_000_000_000...1_000_000_000, "pr_scroll: offset_dp", "|offset| <= 10^9")
        return inputStep(handle, "pr_scroll") { $0.scroll(Int(id), to: dp) }
    }
}

@_cdecl("pr_input")
public func pr_input(_ handle: OpaquePointer?, _ id: Int64, _ text: UnsafePointer<CChar>?, _ len: Int) -> pr_status {
    let s: String
    do { s = try CStrings.string(text, len, "pr_input: text") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
    return inputStep(handle, "pr_input") { $0.input(Int(id), s) }
}

@_cdecl("pr_back")
public func pr_back(_ handle: OpaquePointer?) -> pr_status { step(handle, "pr_back") { $0.back() } }

@_cdecl("pr_sys")
public func pr_sys(_ handle: OpaquePointer?, _ type: UnsafePointer<CChar>?) -> pr_status {
    guard let type else { return fail(handle, PR_ERR_NULL, "pr_sys: `type` is NULL") }
    let name: String
    do { name = try CStrings.string(type, 0, "pr_sys: type").uppercased() } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch {
        return fail(handle, PR_ERR_ARGUMENT, "\(error)")
    }
    // The class follows from the name: the two enums share none (SystemEventTypes).
    let eventClass =
        SystemEventTypes.isSysEvent(name) ? SystemEventTypes.sysEventClass : SystemEventTypes.sysInfoEventClass
    if let why = SystemEventTypes.problem(eventClass: eventClass, type: name) {
        return fail(handle, PR_ERR_ARGUMENT, "pr_sys: \(why)")
    }
    if name == "BACK" { return step(handle, "pr_sys") { $0.back() } }
    return step(handle, "pr_sys") { $0.sys(name) }
}

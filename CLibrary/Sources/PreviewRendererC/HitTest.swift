// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported functions carry the C header's names (pr_*).
import CPreviewRendererHeader
import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import WidgetTree

// Touches by point, input steps by locator, and what is where (preview_renderer.h, "Where
// touches land"): the engine's one rule (semantics.md items 39 and 43).

/// An input call: no batch may be open; PR_NOT_DELIVERED (with the reason in `pr_last_error`)
/// when the touch reached no element or the element named cannot be reached.
func inputStep(_ handle: OpaquePointer?, _ f: String, _ body: @escaping (HeadlessBackend) throws -> Void)
    -> pr_status
{
    withBackend(handle, f) { b in
        try requireNoBatch(b, f)
        try body(b)
        if let o = b.lastInput, !o.delivered {
            throw CError(PR_NOT_DELIVERED, "\(f): \(o.message ?? "not delivered")")
        }
    }
}

/// A point in dp, checked.
private func point(_ f: String, _ x: Double, _ y: Double) throws -> Point {
    guard x.isFinite, y.isFinite, abs(x) <= 1e6, abs(y) <= 1e6 else {
        throw CError(
            PR_ERR_ARGUMENT, "\(f): the point (\(x), \(y)) is not finite or out of range (|x|, |y| <= 10^6 dp)")
    }
    return Point(x: x, y: y)
}

@_cdecl("pr_tap_at")
public func pr_tap_at(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> pr_status {
    inputStep(handle, "pr_tap_at") { $0.tap(at: try point("pr_tap_at", x, y)) }
}

@_cdecl("pr_press_at")
public func pr_press_at(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> pr_status {
    inputStep(handle, "pr_press_at") { $0.press(at: try point("pr_press_at", x, y)) }
}

@_cdecl("pr_release_at")
public func pr_release_at(_ handle: OpaquePointer?, _ x: Double, _ y: Double) -> pr_status {
    inputStep(handle, "pr_release_at") { $0.release(at: try point("pr_release_at", x, y)) }
}

@_cdecl("pr_scroll_at")
public func pr_scroll_at(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ offset: Int64) -> pr_status {
    // Through CArgs.int as pr_scroll: abs(INT64_MIN) traps (issue 44 killed the host with it).
    checking(handle) {
        let dp = try CArgs.int(offset, in: -1_000_000_000...1_000_000_000, "pr_scroll_at: offset", "|offset| <= 10^9")
        return inputStep(handle, "pr_scroll_at") { $0.scroll(at: try point("pr_scroll_at", x, y), to: dp) }
    }
}

/// One input step as a session file writes it (`{"type": "tap", "target": {"text": "Save"}}`).
@_cdecl("pr_input_step")
public func pr_input_step(_ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?) -> pr_status {
    guard let json else { return fail(handle, PR_ERR_NULL, "pr_input_step: `json` is NULL") }
    let text: String
    do { text = try CStrings.string(json, 0, "pr_input_step: json") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch { return fail(handle, PR_ERR_ARGUMENT, "\(error)") }
    let step: Step
    do { step = try InputStepDecoder.decode(text).0 } catch {
        return fail(handle, PR_ERR_ARGUMENT, "pr_input_step: \(error)")
    }
    return inputStep(handle, "pr_input_step") { $0.apply(input: step) }
}

/// The element a touch at (x, y) dp reaches now, in `*out_id` (0 and PR_NOT_DELIVERED when none:
/// the reason in `pr_last_error`).
@_cdecl("pr_element_at")
public func pr_element_at(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ outId: UnsafeMutablePointer<Int64>?)
    -> pr_status
{
    guard let outId else { return fail(handle, PR_ERR_NULL, "pr_element_at: `out_id` is NULL") }
    outId.pointee = 0
    return withBackend(handle, "pr_element_at") { b in
        let p = try point("pr_element_at", x, y)
        switch b.hitMap().touch(at: p) {
        case .element(let id): outId.pointee = Int64(id)
        case .blocked(let by):
            throw CError(PR_NOT_DELIVERED, "pr_element_at: outside the panel of element \(by), which takes the touch")
        case .scrim(let d): throw CError(PR_NOT_DELIVERED, "pr_element_at: the scrim of open drawer \(d)")
        case .nothing: throw CError(PR_NOT_DELIVERED, "pr_element_at: nothing there takes a touch")
        case .browser(let close):
            let part = close ? "close control (a tap closes it)" : "page (web content is not rendered)"
            throw CError(PR_NOT_DELIVERED, "pr_element_at: the in-app browser's \(part)")
        }
    }
}

/// The element a locator (JSON, as a step's `target`) finds now, in `*out_id` (0 and
/// PR_NOT_DELIVERED when none or several match: the candidates in `pr_last_error`).
@_cdecl("pr_find")
public func pr_find(_ handle: OpaquePointer?, _ locator: UnsafePointer<CChar>?, _ outId: UnsafeMutablePointer<Int64>?)
    -> pr_status
{
    guard let outId else { return fail(handle, PR_ERR_NULL, "pr_find: `out_id` is NULL") }
    outId.pointee = 0
    guard let locator else { return fail(handle, PR_ERR_NULL, "pr_find: `locator` is NULL") }
    let text: String
    do { text = try CStrings.string(locator, 0, "pr_find: locator") } catch let e as CError {
        return fail(handle, e.status, e.message)
    } catch { return fail(handle, PR_ERR_ARGUMENT, "\(error)") }
    let step: Step
    do { step = try InputStepDecoder.decode("{\"type\":\"tap\",\"target\":\(text)}").0 } catch {
        return fail(handle, PR_ERR_ARGUMENT, "pr_find: \(error)")
    }
    guard case .target(let l)? = step.address else {
        return fail(handle, PR_ERR_ARGUMENT, "pr_find: the locator is not an object")
    }
    return withBackend(handle, "pr_find") { b in
        switch b.find(l) {
        case .found(let id): outId.pointee = Int64(id)
        case .failed(let why): throw CError(PR_NOT_DELIVERED, "pr_find: \(why)")
        }
    }
}

import CPreviewRendererHeader
import Foundation
import Primitives
import SessionFormat
import WidgetTree

/// One malloc'ed block: `count` structs, then the NUL-terminated strings they point at, so the
/// caller frees everything with one `pr_free`.
struct Block<T> {
    let base: UnsafeMutableRawPointer
    let items: UnsafeMutablePointer<T>
    private var next: UnsafeMutablePointer<CChar>

    /// Room for `count` structs and `stringBytes` bytes of strings (their NULs included).
    init?(count: Int, stringBytes: Int) {
        let (head, o1) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        let (total, o2) = head.addingReportingOverflow(stringBytes)
        guard !o1, !o2, let p = calloc(1, total) else { return nil }
        base = p
        items = p.bindMemory(to: T.self, capacity: count)
        next = (p + head).bindMemory(to: CChar.self, capacity: stringBytes)
    }

    /// Copies `s` (with a NUL) into the block; returns it and its length.
    mutating func add(_ s: String) -> (UnsafePointer<CChar>, Int) {
        let start = next
        var n = 0
        for b in s.utf8 {
            start[n] = CChar(bitPattern: b)
            n += 1
        }
        start[n] = 0
        next = start + n + 1
        return (UnsafePointer(start), n)
    }
}

/// Events as `pr_event`s (semantics.md section 7 item 23: each field an event may carry).
enum EventBlock {
    static func make(_ events: [AppEvent]) -> UnsafeMutablePointer<pr_event>? {
        var bytes = 0
        for e in events {
            bytes += e.type.utf8.count + 1
            for (_, v) in e.fields { if case .string(let s) = v { bytes += s.utf8.count + 1 } }
            bytes += 2  // the empty text and url when absent
        }
        guard var block = Block<pr_event>(count: events.count, stringBytes: bytes) else { return nil }
        let empty = block.add("")
        for (i, e) in events.enumerated() {
            var out = pr_event()
            out.kind = kind(e.type)
            out.type = block.add(e.type).0
            out.time = Int64(e.time)
            out.internal_id = Int64(e.internalId)
            (out.text, out.text_len) = empty
            (out.image_url, out.image_url_len) = empty
            out.sys_type_name = empty.0
            var fields: UInt32 = 0
            for (key, v) in e.fields {
                switch key {
                case "value":
                    out.value = int(v)
                    fields |= UInt32(PR_FIELD_VALUE)
                case "value2":
                    out.value2 = int(v)
                    fields |= UInt32(PR_FIELD_VALUE2)
                case "text":
                    (out.text, out.text_len) = block.add(string(v))
                    fields |= UInt32(PR_FIELD_TEXT)
                case "timerId":
                    out.timer_id = int(v)
                    fields |= UInt32(PR_FIELD_TIMER_ID)
                case "sysType":
                    let name = string(v)
                    out.sys_type_name = block.add(name).0
                    out.sys_type = sysOrdinal(name)
                    fields |= UInt32(PR_FIELD_SYS_TYPE)
                case "scrollPos":
                    out.scroll_pos = double(v)
                    fields |= UInt32(PR_FIELD_SCROLL)
                case "scrollRem":
                    out.scroll_rem = double(v)
                    fields |= UInt32(PR_FIELD_SCROLL_LAYOUT)
                case "height":
                    out.scroll_height = double(v)
                    fields |= UInt32(PR_FIELD_SCROLL_LAYOUT)
                case "visible":
                    out.visible = int(v) != 0 ? 1 : 0
                    fields |= UInt32(PR_FIELD_VISIBLE)
                case "elementId":
                    out.element_id = int(v)
                    fields |= UInt32(PR_FIELD_ELEMENT_ID)
                case "imageUrl":
                    (out.image_url, out.image_url_len) = block.add(string(v))
                    fields |= UInt32(PR_FIELD_IMAGE_REQUEST)
                case "requestedWidth": out.requested_width = double(v)
                case "requestedHeight": out.requested_height = double(v)
                case "requestedLevels": out.requested_levels = Int32(clamping: int(v))
                case "mode":
                    if case .string(let m) = v {
                        out.mode = m == "CANCEL" ? 2 : 1
                    } else {
                        out.mode = Int32(clamping: int(v))
                    }
                case "format":
                    // An ordinal or a format name (the image request's InternalFormat).
                    if case .string(let f) = v {
                        out.format = Int32(PixelFormat(name: f)?.rawValue ?? 0)
                    } else {
                        out.format = Int32(clamping: int(v))
                    }
                    if out.format != 0 { fields |= UInt32(PR_FIELD_FORMAT) }
                default: break  // a field this header does not carry yet
                }
            }
            out.fields = fields
            block.items[i] = out
        }
        return block.items
    }

    static func kind(_ type: String) -> Int32 {
        switch type {
        case "ValueEvent": return Int32(PR_EVENT_VALUE.rawValue)
        case "TimerEvent": return Int32(PR_EVENT_TIMER.rawValue)
        case "ImageRequestEvent": return Int32(PR_EVENT_IMAGE_REQUEST.rawValue)
        case "ScrollChangedEvent": return Int32(PR_EVENT_SCROLL_CHANGED.rawValue)
        case "VisibilityEvent": return Int32(PR_EVENT_VISIBILITY.rawValue)
        case "CommandEvent": return Int32(PR_EVENT_COMMAND.rawValue)
        case "SysInfoEvent": return Int32(PR_EVENT_SYS_INFO.rawValue)
        case "SysEvent": return Int32(PR_EVENT_SYS.rawValue)
        default: return Int32(PR_EVENT_OTHER.rawValue)
        }
    }

    static let sysNames = [
        "START", "RESUME", "PAUSE", "STOP", "DESTROY", "MEMORY_WARNING", "LANGUAGE_CHANGED", "DEBUG_MODE",
    ]
    static func sysOrdinal(_ name: String) -> Int32 {
        if name == "BACK" { return Int32(PR_SYS_BACK.rawValue) }
        if name == "SHOW_DEBUG" { return Int32(PR_SYS_SHOW_DEBUG.rawValue) }
        return Int32((sysNames.firstIndex(of: name) ?? -1) + 1)
    }

    static func int(_ v: EventValue) -> Int64 {
        switch v {
        case .int(let i): return Int64(i)
        // Clamped: Int64(d) traps past 2^63.
        case .double(let d): return Int64(CheckedInt.int(d, .toNearestOrAwayFromZero, in: Int.min...Int.max))
        case .bool(let b): return b ? 1 : 0
        case .string(let s): return Int64(s) ?? 0
        }
    }
    static func double(_ v: EventValue) -> Double {
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .bool(let b): return b ? 1 : 0
        case .string(let s): return Double(s) ?? 0
        }
    }
    static func string(_ v: EventValue) -> String {
        switch v {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        }
    }
}

/// Diagnostics as `pr_diagnostic`s.
enum DiagnosticBlock {
    static func make(_ list: [Diagnostic]) -> UnsafeMutablePointer<pr_diagnostic>? {
        var bytes = 0
        for d in list { bytes += d.code.utf8.count + d.message.utf8.count + (d.path?.utf8.count ?? 0) + 3 }
        guard var block = Block<pr_diagnostic>(count: list.count, stringBytes: bytes) else { return nil }
        for (i, d) in list.enumerated() {
            var out = pr_diagnostic()
            out.severity = d.severity == .error ? 1 : d.severity == .info ? 2 : 0
            out.step = Int64(d.step ?? -1)
            out.code = block.add(d.code).0
            out.message = block.add(d.message).0
            out.path = block.add(d.path ?? "").0
            block.items[i] = out
        }
        return block.items
    }
}

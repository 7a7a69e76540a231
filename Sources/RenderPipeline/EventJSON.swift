import Foundation
import JSON
import Primitives
import SessionFormat
import WidgetTree

/// Events as JSON lines (semantics.md section 7 item 23), keys in a fixed order.
package enum EventJSON {
    package static func line(_ e: AppEvent) -> String {
        var parts = ["\"time\":\(e.time)", "\"type\":\(JSONWriter.quote(e.type))", "\"internalId\":\(e.internalId)"]
        for (k, v) in e.fields { parts.append("\(JSONWriter.quote(k)):\(value(v))") }
        return "{" + parts.joined(separator: ",") + "}"
    }
    package static func lines(_ events: [AppEvent]) -> String { events.map(line).map { $0 + "\n" }.joined() }

    static func value(_ v: EventValue) -> String {
        switch v {
        case .int(let i): return String(i)
        case .double(let d):
            if d.isNaN || d.isInfinite { return "null" }
            return CheckedInt.text(d)
        case .string(let s): return JSONWriter.quote(s)
        case .bool(let b): return b ? "true" : "false"
        }
    }
}

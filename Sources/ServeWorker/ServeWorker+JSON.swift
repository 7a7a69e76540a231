import JSON

/// The worker's answers written as JSON by the project's `JSONWriter`, keys in sorted order (the same
/// answer, the same bytes). Not Foundation's JSONSerialization: with sorted keys it compares every pair
/// of keys through ICU collation, and on the bench screen writing one frame's answer (the tree and 86
/// diagnostics, 26 KB) took more CPU than rendering the frame (Benchmarks/notes/serve-edit-to-pixel.md).
enum ServeJSON {
    static func bytes(_ value: Any) -> [UInt8] {
        var w = JSONWriter()
        write(value, into: &w)
        return w.bytes
    }

    /// The values the worker's answers hold: objects, arrays, strings, booleans, numbers, optionals.
    /// Anything else is written as null (JSONSerialization would have refused the whole answer).
    static func write(_ value: Any, into w: inout JSONWriter) {
        switch value {
        case let s as String: w.string(s)
        case let b as Bool: w.raw(b ? "true" : "false")
        case let i as Int: w.raw(String(i))
        case let d as Double: w.number(d)
        case let o as [String: Any]:
            w.raw("{")
            for (n, key) in o.keys.sorted().enumerated() {
                if n > 0 { w.raw(",") }
                w.string(key)
                w.raw(":")
                write(o[key]!, into: &w)
            }
            w.raw("}")
        case let a as [Any]:
            w.raw("[")
            for (n, element) in a.enumerated() {
                if n > 0 { w.raw(",") }
                write(element, into: &w)
            }
            w.raw("]")
        case let i as any BinaryInteger: w.raw(String(i))
        case let d as any BinaryFloatingPoint: w.number(Double(d))
        case let o as any OptionalJSONValue:
            if let v = o.jsonWrapped { write(v, into: &w) } else { w.raw("null") }
        default: w.raw("null")
        }
    }
}

/// An optional put into an answer as `Any` (`e.ios.map(rect) as Any`): its value, or null.
protocol OptionalJSONValue {
    var jsonWrapped: Any? { get }
}

extension Optional: OptionalJSONValue {
    var jsonWrapped: Any? { self.map { $0 as Any } }
}

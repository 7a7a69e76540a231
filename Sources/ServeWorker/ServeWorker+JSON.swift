import JSON

/// The worker's answers (ServeProtocol's `Codable` types) written as JSON by the project's `JSONWriter`,
/// keys in the order the types declare them (the same answer, the same bytes). Not Foundation's
/// JSONEncoder: it builds a tree of boxed values before writing a byte (and with sorted keys compares
/// every pair through ICU collation); one frame's answer on the bench screen (the tree and 86
/// diagnostics, 26 KB) is on the edit-to-pixel path (Benchmarks/notes/serve-edit-to-pixel.md).
package enum ServeJSON {
    package static func bytes<T: Encodable>(_ value: T) -> [UInt8] {
        let e = StreamingJSONEncoder()
        do { try e.value(value) } catch { return Array("null".utf8) }  // the answers' types never throw
        e.close(downTo: 0)
        return e.w.bytes
    }
}

/// An `Encoder` that writes each value as it comes: an object or array is opened when a value asks for
/// its container and closed when the next write goes to a container outside it (or the value ends).
/// Numbers as `JSONWriter` spells them (integers without a fraction, non-finite as 0), nil as null.
final class StreamingJSONEncoder: Encoder {
    var w = JSONWriter()
    /// The open containers, outermost first: an object (true) or an array, and how many entries it holds.
    var open: [(object: Bool, count: Int)] = []
    /// How many containers were open when the value being encoded began: its own container goes there.
    var base = 0
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func close(downTo depth: Int) {
        while open.count > depth { w.raw(open.removeLast().object ? "}" : "]") }
    }

    /// Before an entry of the container at `depth`: what was opened inside its last entry closed, a comma.
    func entry(_ depth: Int) {
        close(downTo: depth + 1)
        if open[depth].count > 0 { w.raw(",") }
        open[depth].count += 1
    }

    func openContainer(object: Bool) -> Int {
        close(downTo: base)
        open.append((object, 0))
        w.raw(object ? "{" : "[")
        return open.count - 1
    }

    /// A value at the current place: the common leaves written at once, anything else by its `encode(to:)`.
    func value<T: Encodable>(_ v: T) throws {
        switch v {
        case let s as String: w.string(s)
        case let d as Double: w.number(d)
        case let i as Int: w.raw(String(i))
        case let b as Bool: w.raw(b ? "true" : "false")
        default:
            let saved = base
            base = open.count
            let start = w.bytes.count
            try v.encode(to: self)
            close(downTo: base)
            if w.bytes.count == start { w.raw("null") }  // a value that wrote nothing
            base = saved
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(e: self, depth: openContainer(object: true)))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { Unkeyed(e: self, depth: openContainer(object: false)) }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(e: self) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let e: StreamingJSONEncoder
        let depth: Int
        var codingPath: [CodingKey] { [] }

        func key(_ k: Key) {
            e.entry(depth)
            e.w.string(k.stringValue)
            e.w.raw(":")
        }
        mutating func encodeNil(forKey k: Key) throws {
            key(k)
            e.w.raw("null")
        }
        mutating func encode(_ v: Bool, forKey k: Key) throws {
            key(k)
            e.w.raw(v ? "true" : "false")
        }
        mutating func encode(_ v: String, forKey k: Key) throws {
            key(k)
            e.w.string(v)
        }
        mutating func encode(_ v: Double, forKey k: Key) throws {
            key(k)
            e.w.number(v)
        }
        mutating func encode(_ v: Int, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int8, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int16, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int32, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int64, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt8, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt16, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt32, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt64, forKey k: Key) throws {
            key(k)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Float, forKey k: Key) throws {
            key(k)
            e.w.number(Double(v))
        }
        mutating func encode<T: Encodable>(_ v: T, forKey k: Key) throws {
            key(k)
            try e.value(v)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey k: Key) -> KeyedEncodingContainer<N> {
            key(k)
            e.open.append((true, 0))
            e.w.raw("{")
            return KeyedEncodingContainer(Keyed<N>(e: e, depth: e.open.count - 1))
        }
        mutating func nestedUnkeyedContainer(forKey k: Key) -> UnkeyedEncodingContainer {
            key(k)
            e.open.append((false, 0))
            e.w.raw("[")
            return Unkeyed(e: e, depth: e.open.count - 1)
        }
        mutating func superEncoder() -> Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey k: Key) -> Encoder {
            key(k)
            e.base = e.open.count
            return e
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let e: StreamingJSONEncoder
        let depth: Int
        var codingPath: [CodingKey] { [] }
        var count: Int { e.open.count > depth ? e.open[depth].count : 0 }

        mutating func encodeNil() throws {
            e.entry(depth)
            e.w.raw("null")
        }
        mutating func encode(_ v: String) throws {
            e.entry(depth)
            e.w.string(v)
        }
        mutating func encode(_ v: Double) throws {
            e.entry(depth)
            e.w.number(v)
        }
        mutating func encode(_ v: Int) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int8) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int16) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int32) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Int64) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt8) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt16) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt32) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: UInt64) throws {
            e.entry(depth)
            e.w.raw(String(v))
        }
        mutating func encode(_ v: Float) throws {
            e.entry(depth)
            e.w.number(Double(v))
        }
        mutating func encode(_ v: Bool) throws {
            e.entry(depth)
            e.w.raw(v ? "true" : "false")
        }
        mutating func encode<T: Encodable>(_ v: T) throws {
            e.entry(depth)
            try e.value(v)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type) -> KeyedEncodingContainer<N> {
            e.entry(depth)
            e.open.append((true, 0))
            e.w.raw("{")
            return KeyedEncodingContainer(Keyed<N>(e: e, depth: e.open.count - 1))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            e.entry(depth)
            e.open.append((false, 0))
            e.w.raw("[")
            return Unkeyed(e: e, depth: e.open.count - 1)
        }
        mutating func superEncoder() -> Encoder {
            e.entry(depth)
            e.base = e.open.count
            return e
        }
    }

    struct Single: SingleValueEncodingContainer {
        let e: StreamingJSONEncoder
        var codingPath: [CodingKey] { [] }
        mutating func encodeNil() throws { e.w.raw("null") }
        mutating func encode(_ v: Bool) throws { e.w.raw(v ? "true" : "false") }
        mutating func encode(_ v: String) throws { e.w.string(v) }
        mutating func encode(_ v: Double) throws { e.w.number(v) }
        mutating func encode(_ v: Int) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: Int8) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: Int16) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: Int32) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: Int64) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: UInt) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: UInt8) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: UInt16) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: UInt32) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: UInt64) throws { e.w.raw(String(v)) }
        mutating func encode(_ v: Float) throws { e.w.number(Double(v)) }
        mutating func encode<T: Encodable>(_ v: T) throws { try e.value(v) }
    }
}

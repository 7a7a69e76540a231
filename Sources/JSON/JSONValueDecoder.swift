/// A `Decoder` over the project's own `JSONValue` (from `JSONParser`), so that `Theme` stays plain
/// `Codable` while loading it costs no `JSONSerialization`, no `JSONDecoder` and none of the dynamic
/// casts and `Any` bridging those go through (about 35 M instructions per process before).
///
/// Errors are the standard `DecodingError`s with coding paths, as `JSONDecoder` throws them. With
/// a `KeyLog`, every key the decoded type asked for is recorded, so fields the type does not have
/// can be reported afterwards without encoding the result again (`ThemeValidator.unknownFields`).
package struct JSONValueDecoder {
    /// The keys asked for, as dotted paths ("actionBar.title.size"); `Dictionary` asks for all of its own.
    package final class KeyLog {
        package var asked: Set<String> = []
        package init() {}
    }

    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, log: KeyLog? = nil) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: [], log: log))
    }
}

/// A key built from a string or an index (coding paths, dictionary keys, array positions).
struct JSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

private func dottedPath(_ path: [CodingKey], _ key: CodingKey) -> String {
    var s = ""
    for k in path where k.intValue == nil {
        s += k.stringValue
        s += "."
    }
    return s + key.stringValue
}

private func mismatch<T>(_ type: T.Type, _ value: JSONValue, _ path: [CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value.typeName)"))
}

private func notFound<T>(_ type: T.Type, _ path: [CodingKey]) -> DecodingError {
    .valueNotFound(type, .init(codingPath: path, debugDescription: "found null"))
}

// Scalars, one function per type (no generic casts: those cost runtime conformance lookups).
private func bool(_ value: JSONValue, _ path: [CodingKey]) throws -> Bool {
    if case .bool(let b) = value { return b }
    if case .null = value { throw notFound(Bool.self, path) }
    throw mismatch(Bool.self, value, path)
}

private func string(_ value: JSONValue, _ path: [CodingKey]) throws -> String {
    if case .string(let s) = value { return s }
    if case .null = value { throw notFound(String.self, path) }
    throw mismatch(String.self, value, path)
}

private func double(_ value: JSONValue, _ path: [CodingKey]) throws -> Double {
    if case .number(let n) = value { return n.double }
    if case .null = value { throw notFound(Double.self, path) }
    throw mismatch(Double.self, value, path)
}

private func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: [CodingKey]) throws -> I {
    if case .number(let n) = value, let i = n.int, let v = I(exactly: i) { return v }
    if case .null = value { throw notFound(type, path) }
    throw mismatch(type, value, path)
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [CodingKey]
    let log: JSONValueDecoder.KeyLog?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let o) = value else { throw mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(Keyed<Key>(object: o, codingPath: codingPath, log: log))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let a) = value else { throw mismatch([Any].self, value, codingPath) }
        return Unkeyed(items: a, codingPath: codingPath, log: log)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        Single(value: value, codingPath: codingPath, log: log)
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [CodingKey]
    let log: JSONValueDecoder.KeyLog?

    var allKeys: [Key] {
        let keys = object.keys.compactMap { Key(stringValue: $0) }
        if let log { for k in keys { log.asked.insert(dottedPath(codingPath, k)) } }
        return keys
    }

    private func value(_ key: Key) throws -> JSONValue {
        log?.asked.insert(dottedPath(codingPath, key))
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for \(key.stringValue)"))
        }
        return v
    }

    private func decoder(_ key: Key) throws -> ValueDecoder {
        ValueDecoder(value: try value(key), codingPath: codingPath + [key], log: log)
    }

    func contains(_ key: Key) -> Bool {
        log?.asked.insert(dottedPath(codingPath, key))
        return object[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try bool(value(key), codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try string(value(key), codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try double(value(key), codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try double(value(key), codingPath + [key]))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try integer(type, value(key), codingPath + [key])
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder {
        ValueDecoder(
            value: object["super"] ?? .null, codingPath: codingPath + [JSONPathKey(stringValue: "super")], log: log)
    }
    func superDecoder(forKey key: Key) throws -> Decoder { try decoder(key) }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [CodingKey]
    let log: JSONValueDecoder.KeyLog?
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [CodingKey], log: JSONValueDecoder.KeyLog?) {
        self.items = items
        self.codingPath = codingPath
        self.log = log
    }

    private var here: [CodingKey] { codingPath + [JSONPathKey(intValue: currentIndex)] }

    private mutating func next<T>(_ type: T.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: here, debugDescription: "unkeyed container is at its end"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = items[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let p = here
        return try bool(next(type), p)
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let p = here
        return try string(next(type), p)
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let p = here
        return try double(next(type), p)
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let p = here
        return Float(try double(next(type), p))
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        let p = here
        return try integer(type, next(type), p)
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let p = here
        return try T(from: ValueDecoder(value: next(type), codingPath: p, log: log))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let p = here
        return try ValueDecoder(value: next([String: Any].self), codingPath: p, log: log).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let p = here
        return try ValueDecoder(value: next([Any].self), codingPath: p, log: log).unkeyedContainer()
    }
    mutating func superDecoder() throws -> Decoder {
        let p = here
        return ValueDecoder(value: try next(Any.self), codingPath: p, log: log)
    }
}

private struct Single: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [CodingKey]
    let log: JSONValueDecoder.KeyLog?

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath, log: log))
    }
}

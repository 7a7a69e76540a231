import Primitives

/// A parsed JSON value. Numbers keep their source text, so an integer that overflows `Int`
/// can be reported instead of silently becoming a rounded `Double`. Not `indirect`: arrays and
/// objects already hold their members on the heap, and an indirect case would box every string
/// and number of a session once more.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's type, for messages ("a string", "an array", ...).
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Whether this is `null` (without building a value to compare with).
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }
    /// The object, if this is one.
    package var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
    /// The array, if this is one.
    package var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The string, if this is one.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    /// The number, if this is one.
    package var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }
}

/// A JSON number: its text as written and its value as a `Double`.
package struct JSONNumber: Hashable, Sendable {
    /// The literal text (`12`, `-3.5e2`, or the lenient `NaN` / `Infinity`).
    package var text: String { didSet { exact = Int(text) } }
    package var double: Double
    /// `Int(text)`, read once: the step decoder asks for it for every integer field.
    private var exact: Int?
    package init(text: String, double: Double) {
        self.text = text
        self.double = double
        exact = Int(text)
    }
    /// The parser's plain integers, whose `Int(text)` it has already computed.
    init(text: String, double: Double, int: Int) {
        self.text = text
        self.double = double
        exact = int
    }

    /// The value as an `Int`: exact integers (also `16.0`) that fit; nil for fractions, NaN,
    /// infinities and values outside `Int`.
    package var int: Int? {
        if let exact { return exact }
        guard double.isFinite, double.rounded() == double,
            double >= -9.2e18, double <= 9.2e18
        else { return nil }
        return CheckedInt.int(double)
    }
}

/// A JSON object: its members in file order, one per key. A repeated key keeps its first
/// position and takes the last value (as a dictionary keyed by name, filled in file order).
///
/// Stored as an array, not a dictionary: session objects have a handful of members, and finding
/// one by comparing keys costs less than hashing (the parser also marks members named like a step
/// field, `FieldName`, so the step decoder compares integers). An object with many members also
/// keeps a name index, so lookups and `set` stay O(1) on large (or hostile) input.
package struct JSONObject: Hashable, Sendable {
    /// One member: key, value, and the step field it names (nil for any other name).
    package struct Member: Hashable, Sendable {
        package let key: String
        package internal(set) var value: JSONValue
        package let field: FieldName?
    }
    /// The members in file order.
    package private(set) var members: [Member] = []
    /// Position by key, kept once the object has more than `indexFrom` members.
    private var index: [String: Int]? = nil
    private static let indexFrom = 16

    package init() {}
    /// An object from its members in file order (the parser's path). Kept as given when no key
    /// repeats (the usual case: no copy); else rebuilt with each key once.
    init(parsed: [Member]) {
        if parsed.count <= Self.indexFrom, !Self.hasRepeatedKey(parsed) {
            members = parsed
            return
        }
        members.reserveCapacity(parsed.count)
        for m in parsed { set(m) }
    }

    /// Whether two members of a small object share a key (pairwise: cheaper than hashing for a few).
    private static func hasRepeatedKey(_ members: [Member]) -> Bool {
        members.withUnsafeBufferPointer { m in
            for i in m.indices.dropFirst() {
                for j in 0..<i where m[i].field == m[j].field {
                    // Step field names are equal when their fields are; other keys compare as text.
                    if m[i].field != nil || m[i].key == m[j].key { return true }
                }
            }
            return false
        }
    }

    /// The keys in file order.
    package var keys: [String] { members.map(\.key) }
    package var count: Int { members.count }

    /// Sets a key; a repeated key keeps its first position and takes the last value.
    package mutating func set(_ key: String, _ value: JSONValue) {
        set(Member(key: key, value: value, field: FieldName(name: key)))
    }

    private mutating func set(_ m: Member) {
        if let i = position(of: m) {
            members[i].value = m.value
            return
        }
        members.append(m)
        if index != nil {
            index![m.key] = members.count - 1
        } else if members.count > Self.indexFrom {
            var byKey: [String: Int] = [:]
            byKey.reserveCapacity(members.count * 2)
            for (i, member) in members.enumerated() { byKey[member.key] = i }
            index = byKey
        }
    }

    private func position(of m: Member) -> Int? {
        if let field = m.field { return position(of: field) }
        return position(of: m.key)
    }

    // The scans read each member in place (`firstIndex(where:)` copied every member it passed).
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.withUnsafeBufferPointer { m in
            for i in m.indices where m[i].key == key { return i }
            return nil
        }
    }

    /// A member named like a step field: same as by name (the field's name is its key).
    private func position(of field: FieldName) -> Int? {
        if let index { return index[field.name] }
        return members.withUnsafeBufferPointer { m in
            for i in m.indices where m[i].field == field { return i }
            return nil
        }
    }

    package subscript(key: String) -> JSONValue? {
        guard let i = position(of: key) else { return nil }
        return members[i].value
    }

    package subscript(field: FieldName) -> JSONValue? {
        guard let i = position(of: field) else { return nil }
        return members[i].value
    }

    /// Equal when the members are (the index is only a shortcut to them).
    package static func == (a: JSONObject, b: JSONObject) -> Bool { a.members == b.members }
    package func hash(into hasher: inout Hasher) { hasher.combine(members) }
}

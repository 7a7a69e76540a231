import Primitives

/// A parsed JSON value. Numbers keep their source text, so an integer that overflows `Int`
/// can be reported instead of silently becoming a rounded `Double`.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's type, for messages ("a string", "an array", ...).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The object, if this is one.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
    /// The array, if this is one.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    /// The number, if this is one.
    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }
}

/// A JSON number: its text as written and its value as a `Double`.
public struct JSONNumber: Hashable, Sendable {
    /// The literal text (`12`, `-3.5e2`, or the lenient `NaN` / `Infinity`).
    public var text: String
    public var double: Double
    public init(text: String, double: Double) {
        self.text = text
        self.double = double
    }

    /// The value as an `Int`: exact integers (also `16.0`) that fit; nil for fractions, NaN,
    /// infinities and values outside `Int`.
    public var int: Int? {
        if let i = Int(text) { return i }
        guard double.isFinite, double.rounded() == double,
            double >= -9.2e18, double <= 9.2e18
        else { return nil }
        return CheckedInt.int(double)
    }
}

/// A JSON object: values by key, and the keys in file order (for stable messages).
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [String: JSONValue] = [:]
    public init() {}
    /// An object from its members in file order, sized once (the parser's path: a growing
    /// dictionary rehashes two or three times for a typical step).
    init<C: Collection>(members: C) where C.Element == (String, JSONValue) {
        keys.reserveCapacity(members.count)
        values = Dictionary(minimumCapacity: members.count)
        for (k, v) in members { set(k, v) }
    }
    /// Sets a key; a repeated key keeps its first position and takes the last value.
    public mutating func set(_ key: String, _ value: JSONValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }
    public subscript(key: String) -> JSONValue? { values[key] }
}

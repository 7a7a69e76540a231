import Foundation
import MCP

/// A tool call that cannot be done as asked: answered as a tool error (`isError`) with this message, which
/// says what to change; the server goes on (docs/mcp.md "Errors").
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A call's arguments, read with their checks: a wrong type or a value out of range is a `ToolError`
/// naming the argument, never a crash.
struct ToolArguments {
    let tool: String
    let values: [String: Value]

    init(tool: String, _ values: [String: Value]?) {
        self.tool = tool
        self.values = values ?? [:]
    }

    func has(_ key: String) -> Bool { values[key].map { !$0.isNull } ?? false }

    func string(_ key: String, maxBytes: Int = 4096) throws -> String? {
        guard let v = values[key], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw ToolError("\(tool): \(key) must be a string") }
        guard s.utf8.count <= maxBytes, !s.contains("\0") else {
            throw ToolError("\(tool): \(key) is longer than \(maxBytes) bytes or holds a NUL")
        }
        return s
    }

    func required(_ key: String) throws -> String {
        guard let s = try string(key), !s.isEmpty else { throw ToolError("\(tool): \(key) is required") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = values[key], !v.isNull else { return nil }
        guard let b = v.boolValue else { throw ToolError("\(tool): \(key) must be true or false") }
        return b
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let v = values[key], !v.isNull else { return nil }
        guard let d = v.doubleValue ?? v.intValue.map(Double.init), d.isFinite else {
            throw ToolError("\(tool): \(key) must be a number")
        }
        guard range.contains(d) else {
            throw ToolError(
                "\(tool): \(key) must be between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound))")
        }
        return d
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let d = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard d == d.rounded() else { throw ToolError("\(tool): \(key) must be a whole number") }
        return Int(d)
    }

    func strings(_ key: String, max: Int = 256) throws -> [String]? {
        guard let v = values[key], !v.isNull else { return nil }
        if let s = v.stringValue { return [s] }
        guard let a = v.arrayValue, a.count <= max else {
            throw ToolError("\(tool): \(key) must be a list of at most \(max) strings")
        }
        return try a.map {
            guard let s = $0.stringValue, s.utf8.count <= 4096, !s.contains("\0") else {
                throw ToolError("\(tool): every item of \(key) must be a string")
            }
            return s
        }
    }

    /// An object argument (a locator) as Foundation JSON; a string holding a JSON object is read too.
    func object(_ key: String) throws -> [String: Any]? {
        guard let v = values[key], !v.isNull else { return nil }
        let data: Data
        if let s = v.stringValue {
            data = Data(s.utf8)
        } else {
            guard v.objectValue != nil, let d = try? JSONEncoder().encode(v) else {
                throw ToolError("\(tool): \(key) must be a JSON object")
            }
            data = d
        }
        guard data.count <= 16384, let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ToolError("\(tool): \(key) must be a JSON object, e.g. {\"text\": \"OK\"}")
        }
        return o
    }

    /// Refuses keys the tool does not have (a misspelt argument would otherwise be ignored silently).
    func only(_ keys: Set<String>) throws {
        let unknown = values.keys.filter { !keys.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw ToolError(
                "\(tool): unknown argument \(unknown.joined(separator: ", ")); it takes "
                    + "\(keys.sorted().joined(separator: ", "))"
            )
        }
    }

    static func text(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
}

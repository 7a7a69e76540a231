import JSON

/// The first thing wrong with one step: where (JSON path) and why. The step is then skipped.
struct StepProblem: Error {
    var path: String
    var message: String
}

/// Typed access to the keys of one JSON object, throwing `StepProblem`s that name the JSON path.
struct FieldReader {
    let object: JSONObject
    let path: String

    init(_ object: JSONObject, path: String) {
        self.object = object
        self.path = path
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    // Step fields by FieldName: the same reads, found without comparing strings.
    func int(_ f: FieldName, default def: Int? = 0, in range: ClosedRange<Int>? = nil) throws -> Int {
        try int(f.name, object[f], default: def, in: range)
    }
    func double(_ f: FieldName, default def: Double? = nil) throws -> Double {
        try double(f.name, object[f], default: def)
    }
    func string(_ f: FieldName, default def: String? = "") throws -> String {
        try string(f.name, object[f], default: def)
    }

    func problem(_ key: String, _ message: String) -> StepProblem {
        StepProblem(path: "\(path).\(key)", message: message)
    }

    /// An integer field; `nil` default means the key is required. `16.0` counts as 16.
    func int(_ key: String, default def: Int? = 0, in range: ClosedRange<Int>? = nil) throws -> Int {
        try int(key, object[key], default: def, in: range)
    }

    private func int(_ key: String, _ value: JSONValue?, default def: Int?, in range: ClosedRange<Int>?) throws -> Int {
        guard let v = value, !v.isNull else {
            if let def { return def }
            throw problem(key, "`\(key)` is missing (an integer is required)")
        }
        guard case .number(let n) = v else {
            throw problem(key, "`\(key)` must be an integer, found \(Self.describe(v))")
        }
        guard let i = n.int else {
            if !n.double.isFinite { throw problem(key, "`\(key)` must be a finite integer, found \(n.text)") }
            if n.double.rounded() == n.double { throw problem(key, "`\(key)` = \(n.text) does not fit in an integer") }
            throw problem(key, "`\(key)` must be a whole number, found \(n.text)")
        }
        if let range, !range.contains(i) {
            throw problem(key, "`\(key)` = \(i) is out of range (\(range.lowerBound) ... \(range.upperBound))")
        }
        return i
    }

    /// A finite number field; `nil` default means required.
    func double(_ key: String, default def: Double? = nil) throws -> Double {
        try double(key, object[key], default: def)
    }

    private func double(_ key: String, _ value: JSONValue?, default def: Double?) throws -> Double {
        guard let v = value, !v.isNull else {
            if let def { return def }
            throw problem(key, "`\(key)` is missing (a number is required)")
        }
        guard case .number(let n) = v else {
            throw problem(key, "`\(key)` must be a number, found \(Self.describe(v))")
        }
        guard n.double.isFinite else { throw problem(key, "`\(key)` must be a finite number, found \(n.text)") }
        return n.double
    }

    /// A string field; `nil` default means required.
    func string(_ key: String, default def: String? = "") throws -> String {
        try string(key, object[key], default: def)
    }

    private func string(_ key: String, _ value: JSONValue?, default def: String?) throws -> String {
        guard let v = value, !v.isNull else {
            if let def { return def }
            throw problem(key, "`\(key)` is missing (a string is required)")
        }
        guard case .string(let s) = v else {
            throw problem(key, "`\(key)` must be a string, found \(Self.describe(v))")
        }
        return s
    }

    /// Keys not in `known`, in file order (for unknown-key warnings).
    func unknownKeys(_ known: Set<String>) -> [String] { object.keys.filter { !known.contains($0) } }

    /// Keys that name no field of `known`, in file order.
    func unknownKeys(_ known: FieldSet) -> [String] {
        var out: [String] = []
        for m in object.members {
            if let f = m.field, known.contains(f) { continue }
            out.append(m.key)
        }
        return out
    }

    /// "a string \"abc\"", "the number 1.5", "an array", ...
    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): return "the number \(n.text)"
        case .bool(let b): return "the boolean \(b)"
        default: return v.typeName
        }
    }
}

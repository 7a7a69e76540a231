/// Why a JSON text could not be parsed, with the 1-based line and column of the problem.
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var reason: String
    /// True when the document nests deeper than `JSONParser.maxDepth` (limit code `json-too-deep`).
    package var tooDeep: Bool = false
    package init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }
    package var description: String { "line \(line) column \(column): \(reason)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes, written for this format rather than using
/// `JSONSerialization` so that errors carry line and column, integers keep full precision, and
/// booleans are never confused with numbers. One leniency: the bare words `NaN`, `Infinity` and
/// `-Infinity` parse as numbers, so a bad number costs one step (a diagnostic), not the file.
///
/// Speed (it decodes every session on every run): the bytes are read through an unsafe buffer
/// (no bounds checks or array retains per byte; every read is guarded by `pos < count`),
/// strings without escapes are made straight from their bytes, and integers of up to 15 digits
/// get their `Double` without `strtod` (exact below 2^53, so the value is the same).
package struct JSONParser {
    // Package, not private: the session's step fast path (`SessionFormat/JSONParser+Steps.swift`,
    // an `JSONEntryReader`) reads them too.
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline package var pos = 0
    private var depth = 0
    /// Nesting limit, so a hostile file cannot overflow the stack.
    package static let maxDepth = 256
    /// Lone surrogate escapes read as U+FFFD, where they were.
    private var substitutions: [Substitution] = []
    /// The member of the top-level object being parsed, and the index in it when it is an array
    /// (for sessions: `steps` and the step index), so a substitution can name its step.
    private var topKey: String?
    private var topIndex: Int?
    /// Reads the entries of one top-level array before the general parse does (`parse(_:substitutions:entries:of:)`).
    private var entryReader: JSONEntryReader?
    private var entryReaderKey = ""

    /// A `\uD800`-style escape that is half of a surrogate pair: not a character, so it is read as
    /// U+FFFD (as a browser's JSON.parse keeps going) and reported, instead of refusing the file.
    package struct Substitution: Hashable, Sendable {
        package var line: Int
        package var column: Int
        /// The top-level member (e.g. "steps") and the index inside it when it is an array.
        package var topKey: String?
        package var topIndex: Int?
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one JSON document (leading UTF-8 BOM and surrounding white space allowed).
    package static func parse(_ data: [UInt8]) throws -> JSONValue {
        var ignored: [Substitution] = []
        return try parse(data, substitutions: &ignored)
    }

    /// Parses one document; `substitutions` receives every lone surrogate escape read as U+FFFD.
    package static func parse(_ data: [UInt8], substitutions: inout [Substitution]) throws -> JSONValue {
        try parse(data, substitutions: &substitutions, entries: nil, of: "")
    }

    /// Parses one document. With a `reader` (a session's parse: its step fast path), each entry of
    /// the root object's array named `key` is offered to the reader first; an entry it reads stands
    /// as `null` in the returned tree (the reader keeps what it made of it).
    package static func parse(
        _ data: [UInt8], substitutions: inout [Substitution], entries reader: JSONEntryReader?, of key: String
    ) throws -> JSONValue {
        var found: [Substitution] = []
        defer { substitutions = found }
        return try data.withUnsafeBufferPointer { bytes in
            var p = JSONParser(bytes)
            p.entryReader = reader
            p.entryReaderKey = key
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.pos = 3 }
            p.skipSpace()
            if p.pos >= bytes.count { throw p.error("the file is empty, expected a JSON object") }
            let v = try p.parseValue()
            p.skipSpace()
            found = p.substitutions
            if p.pos < bytes.count { throw p.error("unexpected text after the end of the JSON value") }
            return v
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws -> JSONValue {
        guard pos < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord(JSONParser.wordTrue)
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord(JSONParser.wordFalse)
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord(JSONParser.wordNull)
            return .null
        case UInt8(ascii: "N"):
            try expectWord(JSONParser.wordNaN)
            return .number(JSONNumber(text: "NaN", double: .nan))
        case UInt8(ascii: "I"):
            try expectWord(JSONParser.wordInfinity)
            return .number(JSONNumber(text: "Infinity", double: .infinity))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[pos])), expected a value")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        pos += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return .object(JSONObject())
        }
        // The object's own array from the start (no shared buffer to copy out of): most session
        // objects are steps of up to 8 members.
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let (key, field) = try parseKey()
            skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            pos += 1
            skipSpace()
            if depth == 1 {
                topKey = key
                topIndex = nil
            }
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value, field: field))
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"):
                pos += 1
                depth -= 1
                return .object(JSONObject(parsed: members))
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        pos += 1
        var items: [JSONValue] = []
        skipSpace()
        let isTopArray = depth == 2 && topKey != nil
        let reader = isTopArray && topKey == entryReaderKey ? entryReader : nil
        if peek() == UInt8(ascii: "]") {
            pos += 1
            depth -= 1
            reader?.begin()
            reader?.end(at: pos)
            return .array(items)
        }
        // A repeated key takes the last array (as `JSONObject` keeps the last value).
        reader?.begin()
        while true {
            skipSpace()
            if isTopArray { topIndex = items.count }
            if let reader {
                if reader.read(&self) {
                    items.append(.null)
                } else {
                    items.append(try parseValue())
                }
            } else {
                items.append(try parseValue())
            }
            skipSpace()
            switch peek() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "]"):
                pos += 1
                depth -= 1
                reader?.end(at: pos)
                return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws -> JSONNumber {
        let start = pos
        if peek() == UInt8(ascii: "-") {
            pos += 1
            if peek() == UInt8(ascii: "I") {
                try expectWord(JSONParser.wordInfinity)
                return JSONNumber(text: "-Infinity", double: -.infinity)
            }
        }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        let digitsStart = pos
        if first == UInt8(ascii: "0") { pos += 1 } else { skipDigits() }
        let next = peek()
        if next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), pos - digitsStart <= 15 {
            // A plain integer below 10^15: exact as a Double, the same value strtod gives.
            var v = 0
            for i in digitsStart..<pos { v = v &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0")) }
            let d = Double(v)
            let negative = digitsStart > start
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
            // `Int(text)` is ±v ("-0" included: Int("-0") is 0), so the number need not read its text again.
            return JSONNumber(text: text, double: negative ? -d : d, int: negative ? -v : v)
        }
        if peek() == UInt8(ascii: ".") {
            pos += 1
            guard let d = peek(), isDigit(d) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            pos += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { pos += 1 }
            guard let d = peek(), isDigit(d) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        // Double(text) gives ±inf for huge exponents: kept, and reported where the value is used.
        return JSONNumber(text: text, double: Double(text) ?? .nan)
    }

    /// An object key, and the step field it names. A key without escapes that spells a field
    /// takes the field's own String (no String made); any other key is read as a string.
    private mutating func parseKey() throws -> (String, FieldName?) {
        var end = pos + 1
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                guard let field = FieldName.named(UnsafeBufferPointer(rebasing: bytes[pos + 1..<end])) else { break }
                pos = end + 1
                return (field.name, field)
            }
            if b < 0x20 || b == UInt8(ascii: "\\") { break }
            end += 1
        }
        let key = try parseString()
        return (key, FieldName(name: key))
    }

    private mutating func parseString() throws -> String {
        pos += 1  // opening quote
        // Fast path: no escape before the closing quote, so the string is its bytes.
        let start = pos
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos - 1]), as: UTF8.self)
            }
            if b < 0x20 || b == UInt8(ascii: "\\") { break }
            pos += 1
        }
        var out: [UInt8] = []
        var runStart = start
        while true {
            guard pos < bytes.count else { throw error("unterminated string") }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<pos])
                pos += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("control character \(describe(b)) inside a string (write it as an escape)") }
            if b == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[runStart..<pos])
                pos += 1
                try parseEscape(into: &out)
                runStart = pos
                continue
            }
            pos += 1
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws {
        guard let c = peek() else { throw error("unterminated escape") }
        pos += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by \u and a low surrogate.
                let escapeStart = pos
                if peek() == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u") {
                    pos += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        // Not a pair: the high half alone is U+FFFD; the next escape is read on its own.
                        pos = escapeStart
                        scalar = substitute()
                    }
                } else {
                    scalar = substitute()
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = substitute()
            }
            UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
        default:
            pos -= 1
            throw error("invalid escape \\\(describe(c))")
        }
    }

    /// Records a lone surrogate at the current position; returns U+FFFD.
    private mutating func substitute() -> UInt32 {
        let e = error("")
        substitutions.append(Substitution(line: e.line, column: e.column, topKey: topKey, topIndex: topIndex))
        return 0xFFFD
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[pos]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    // MARK: - Helpers

    private mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maxDepth {
            var e = error("nested more than \(JSONParser.maxDepth) levels deep")
            e.tooDeep = true
            throw e
        }
    }

    // Inlinable: SessionFormat's step fast path calls these per byte from its own module.
    @inlinable package func peek() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private mutating func skipDigits() { while let b = peek(), isDigit(b) { pos += 1 } }

    @inlinable package mutating func skipSpace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private static let wordTrue = Array("true".utf8), wordFalse = Array("false".utf8), wordNull = Array("null".utf8)
    private static let wordNaN = Array("NaN".utf8), wordInfinity = Array("Infinity".utf8)

    private mutating func expectWord(_ w: [UInt8]) throws {
        guard pos + w.count <= bytes.count, bytes[pos..<pos + w.count].elementsEqual(w) else {
            throw error("unexpected character \(describe(bytes[pos])), expected a value")
        }
        pos += w.count
    }

    private func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "0x" + String(b, radix: 16, uppercase: true)
    }

    /// An error at the current position, with 1-based line and column (columns count characters).
    private func error(_ reason: String) -> JSONParseError {
        var line = 1
        var lineStart = 0
        let end = min(pos, bytes.count)
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        // Count UTF-8 lead bytes so a column is in characters, not bytes.
        let column = bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
        return JSONParseError(line: line, column: column, reason: reason)
    }
}

/// Reads the entries of one top-level array before the general parser does: a format's fast
/// path for the entries it knows (SessionFormat's steps, `JSONParser+Steps.swift`).
package protocol JSONEntryReader: AnyObject {
    /// A new array starts (a repeated key starts again).
    func begin()
    /// Reads the entry at `parser.pos` and returns true with `pos` after it, or returns false with
    /// `pos` where it was (the general parser then reads the entry).
    func read(_ parser: inout JSONParser) -> Bool
    /// The array ended; `offset` is the byte after its `]`.
    func end(at offset: Int)
}

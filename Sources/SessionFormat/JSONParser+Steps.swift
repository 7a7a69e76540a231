import JSON

/// The step fast path: a session's steps are nearly all plain commands, such as
/// `{"internalId":7,"textValue":"width","textValue2":"290","type":"SET_STYLE","value":0}`.
/// Reading one into a JSON object (members, values, number texts), then into a `Command` field
/// by field, and freeing the object again was most of decoding a session (some 4 M instructions
/// for the bench screen's 545 steps). `stepCommand()` reads such an entry straight into the
/// `Command` the step decoder would make from it, and gives up (nil, nothing consumed) at
/// anything else, which is then parsed and decoded as before, errors and all.
///
/// It takes an object only when the general path could not differ: every member is a command
/// field (`StepDecoder.commandKeys`), once; `type` is an exact command name; `textValue`,
/// `textValue2` and `key` are strings without escapes or control characters; the other fields
/// are plain integers of at most 15 digits (what `parseNumber` reads exactly, with the same
/// syntax rules); a SET_STYLE's `value` is a selector ordinal (0 ... 5). No null, no nesting.
/// Such a step decodes without a diagnostic of its own but the text limits, which
/// `StepDecoder.decodeTopLevel(command:index:)` applies as `command` does.
///
/// Every helper the loop calls lives in this file and is `@inline(__always)`: `JSONParser` is in
/// another module (`JSON`), whose `package` helpers (`peek`, `skipSpace`, `FieldName`'s getters and
/// `==`) Swift does not inline across modules, and per byte those calls cost about 0.6 M
/// instructions on the bench screen (Benchmarks/notes/package-access-and-cross-module-inlining.md).
/// So the fast path reads `bytes` and `pos` (stored properties: direct access) with its own
/// `byte()` and `skipBlank()`, spells the names itself and matches fields with `switch`, not `==`.
extension JSONParser {
    /// The command at `pos` (`pos` then after it), or nil with `pos` unchanged. `lastType` is the
    /// last command type read, tried first, and updated.
    mutating func stepCommand(lastType: inout CommandType?) -> Command? {
        let start = pos
        guard let c = readStepCommand(&lastType) else {
            pos = start
            return nil
        }
        return c
    }

    /// The byte at `pos`, or nil at the end (`JSONParser.peek`, inlined here).
    @inline(__always) private func byte() -> UInt8? { pos < bytes.count ? bytes[pos] : nil }

    /// Skips JSON white space (`JSONParser.skipSpace`, inlined here).
    @inline(__always) private mutating func skipBlank() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private mutating func readStepCommand(_ lastType: inout CommandType?) -> Command? {
        guard byte() == UInt8(ascii: "{") else { return nil }
        pos += 1
        var c = Command(type: .CREATE_APPLICATION)
        // The fields seen so far, one bit each (`fieldKey`'s `bit`).
        var seen: UInt32 = 0
        var type: CommandType?
        while true {
            skipBlank()
            guard let (field, bit) = fieldKey(), seen & bit == 0 else { return nil }
            seen |= bit
            skipBlank()
            guard byte() == UInt8(ascii: ":") else { return nil }
            pos += 1
            skipBlank()
            switch field {
            case .type:
                guard let name = quotedBytes(), let t = commandType(name, &lastType) else { return nil }
                type = t
            case .textValue:
                guard let text = quotedBytes() else { return nil }
                c.textValue = String(decoding: text, as: UTF8.self)
            case .textValue2:
                guard let text = quotedBytes() else { return nil }
                c.textValue2 = String(decoding: text, as: UTF8.self)
            case .key:
                guard quotedBytes() != nil else { return nil }
            case .internalId, .childInternalId, .value, .width, .height, .row, .column, .sheet, .flags:
                guard let n = plainInteger() else { return nil }
                _ = c.setInteger(field, n)
            default: return nil
            }
            skipBlank()
            switch byte() {
            case UInt8(ascii: ","): pos += 1
            case UInt8(ascii: "}"):
                pos += 1
                guard let type else { return nil }
                c.type = type
                if type == .SET_STYLE {
                    guard let selector = Selector(rawValue: c.value) else { return nil }
                    c.selector = selector
                }
                return c
            default: return nil
            }
        }
    }

    /// The step field whose name is exactly the key at `pos` (`pos` then after its closing
    /// quote), with a bit of its own for the loop's set of fields seen; nil for any other key.
    /// Matched against the few names with the key's first letter without finding the key's end
    /// first (a name has no quote, backslash or control character, so a name followed by a quote
    /// is the whole key): what `FieldName.named` answers.
    @inline(__always) private mutating func fieldKey() -> (FieldName, bit: UInt32)? {
        guard byte() == UInt8(ascii: "\""), pos + 1 < bytes.count else { return nil }
        let start = pos + 1
        // The name as a literal here, not `FieldName.literal` (a call into the JSON module).
        @inline(__always) func names(_ name: StaticString) -> Bool {
            let n = name.utf8CodeUnitCount
            guard start + n < bytes.count, bytes[start + n] == UInt8(ascii: "\"") else { return false }
            for i in 0..<n where name.utf8Start[i] != bytes[start + i] { return false }
            pos = start + n + 1
            return true
        }
        switch bytes[start] {
        case UInt8(ascii: "t"):
            if names("type") { return (.type, 1 << 0) }
            if names("textValue") { return (.textValue, 1 << 1) }
            if names("textValue2") { return (.textValue2, 1 << 2) }
        case UInt8(ascii: "i"): if names("internalId") { return (.internalId, 1 << 3) }
        case UInt8(ascii: "c"):
            if names("childInternalId") { return (.childInternalId, 1 << 4) }
            if names("column") { return (.column, 1 << 5) }
        case UInt8(ascii: "v"): if names("value") { return (.value, 1 << 6) }
        case UInt8(ascii: "k"): if names("key") { return (.key, 1 << 7) }
        case UInt8(ascii: "w"): if names("width") { return (.width, 1 << 8) }
        case UInt8(ascii: "h"): if names("height") { return (.height, 1 << 9) }
        case UInt8(ascii: "r"): if names("row") { return (.row, 1 << 10) }
        case UInt8(ascii: "f"): if names("flags") { return (.flags, 1 << 11) }
        case UInt8(ascii: "s"): if names("sheet") { return (.sheet, 1 << 12) }
        default: break
        }
        // Fields no command has (steps, ms, name, image, surface) end the fast path anyway.
        return nil
    }

    /// The bytes of a string starting at `pos` when it has no escape or control character
    /// (`pos` then after its closing quote); nil otherwise.
    @inline(__always) private mutating func quotedBytes() -> UnsafeBufferPointer<UInt8>? {
        guard byte() == UInt8(ascii: "\"") else { return nil }
        var end = pos + 1
        // Eight bytes a step while none is a quote, a backslash or a control character
        // (plain 64-bit arithmetic, the same on every CPU); the loop below finds which one.
        if let base = bytes.baseAddress {
            while end + 8 <= bytes.count {
                let w = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                guard !Self.hasQuoteBackslashOrControl(w) else { break }
                end += 8
            }
        }
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[pos + 1..<end])
                pos = end + 1
                return text
            }
            if b < 0x20 || b == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        return nil
    }

    /// An integer as `parseNumber` reads a plain one (optional `-`, `0` or 1 to 15 digits not
    /// starting with 0, no fraction or exponent); nil for any other number or text.
    @inline(__always) private mutating func plainInteger() -> Int? {
        var negative = false
        if byte() == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        let digitsStart = pos
        var v = 0
        while pos < bytes.count, bytes[pos] >= UInt8(ascii: "0"), bytes[pos] <= UInt8(ascii: "9") {
            v = v &* 10 &+ Int(bytes[pos] &- UInt8(ascii: "0"))
            pos += 1
        }
        let digits = pos - digitsStart
        guard digits >= 1, digits <= 15, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        if let next = byte(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -v : v
    }

    /// The command whose exact name is `name` (the last one matched is tried first).
    private func commandType(_ name: UnsafeBufferPointer<UInt8>, _ lastType: inout CommandType?) -> CommandType? {
        if let last = lastType, Self.spells(last, name) { return last }
        // Looked up by a String only when the type changes.
        guard let t = CommandType.named(exactly: String(decoding: name, as: UTF8.self)) else { return nil }
        lastType = t
        return t
    }

    /// Whether `name` is `type`'s name, byte for byte.
    private static func spells(_ type: CommandType, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var spelled = type.name
        return spelled.withUTF8 { s in
            guard s.count == name.count else { return false }
            for i in 0..<s.count where s[i] != name[i] { return false }
            return true
        }
    }

    /// Whether any byte of `w` is `"` (0x22), `\` (0x5C) or below 0x20: the classic "has a zero
    /// byte" test, (x - 0x01..) & ~x & 0x80.., on `w` xor each byte sought, and "has a byte less
    /// than n", (x - n..) & ~x & 0x80.., for n = 0x20. Both are exact as to whether one exists.
    static func hasQuoteBackslashOrControl(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (w &- ones &* 0x20) & ~w
        return (zeroInQuote | zeroInBackslash | control) & highs != 0
    }
}

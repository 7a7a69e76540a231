/// The member names of session steps (session-format.md "Steps"). The JSON parser knows them by
/// their bytes: a member whose key is one of them carries it (`JSONObject.Member.field`), so the
/// step decoder finds a field by comparing small integers, with no String made for the key and
/// no hashing (a session is mostly hundreds of small objects with these keys).
///
/// The JSON library's one piece of the session format, and kept here on purpose: an object built in
/// code (`JSONObject.set`) must mark its members as the parser does, or the two would not compare
/// equal; a table handed in at parse time could not promise that. Package-only: no user sees it.
package enum FieldName: UInt8, CaseIterable, Sendable {
    case type, internalId, childInternalId, value, textValue, textValue2, key, width, height, row, column, sheet,
        flags, steps, ms, name, image, surface

    /// The member name as written in the file.
    package var name: String { Self.names[Int(rawValue)] }
    private static let names = [
        "type", "internalId", "childInternalId", "value", "textValue", "textValue2", "key", "width", "height", "row",
        "column", "sheet", "flags", "steps", "ms", "name", "image", "surface",
    ]
    /// The name's bytes (a literal: no array, no lazy global to check).
    package var literal: StaticString {
        switch self {
        case .type: "type"
        case .internalId: "internalId"
        case .childInternalId: "childInternalId"
        case .value: "value"
        case .textValue: "textValue"
        case .textValue2: "textValue2"
        case .key: "key"
        case .width: "width"
        case .height: "height"
        case .row: "row"
        case .column: "column"
        case .sheet: "sheet"
        case .flags: "flags"
        case .steps: "steps"
        case .ms: "ms"
        case .name: "name"
        case .image: "image"
        case .surface: "surface"
        }
    }

    /// The field named `name` (for objects built in code rather than parsed).
    package init?(name: String) {
        guard let i = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: UInt8(i))
    }

    /// The field whose name is `key`'s bytes, if any (the parser's path: no String is made).
    package static func named(_ key: UnsafeBufferPointer<UInt8>) -> FieldName? {
        let n = key.count
        guard n >= 2, n <= 15 else { return nil }
        let candidate: FieldName
        switch (n, key[0]) {
        case (2, UInt8(ascii: "m")): candidate = .ms
        case (3, UInt8(ascii: "k")): candidate = .key
        case (3, UInt8(ascii: "r")): candidate = .row
        case (4, UInt8(ascii: "t")): candidate = .type
        case (4, UInt8(ascii: "n")): candidate = .name
        case (5, UInt8(ascii: "v")): candidate = .value
        case (5, UInt8(ascii: "w")): candidate = .width
        case (5, UInt8(ascii: "s")): candidate = key[1] == UInt8(ascii: "h") ? .sheet : .steps
        case (5, UInt8(ascii: "f")): candidate = .flags
        case (5, UInt8(ascii: "i")): candidate = .image
        case (6, UInt8(ascii: "h")): candidate = .height
        case (6, UInt8(ascii: "c")): candidate = .column
        case (7, UInt8(ascii: "s")): candidate = .surface
        case (9, UInt8(ascii: "t")): candidate = .textValue
        case (10, UInt8(ascii: "i")): candidate = .internalId
        case (10, UInt8(ascii: "t")): candidate = .textValue2
        case (15, UInt8(ascii: "c")): candidate = .childInternalId
        default: return nil
        }
        // The bytes of a literal: no array, no lazy global to check.
        let name = candidate.literal.utf8Start
        for i in 1..<n where name[i] != key[i] { return nil }
        return candidate
    }
}

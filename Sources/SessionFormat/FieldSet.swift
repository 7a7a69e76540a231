import JSON

/// A set of field names (the keys one kind of step allows), tested without hashing.
struct FieldSet: Sendable {
    private var bits: UInt32 = 0
    init(_ fields: [FieldName]) { for f in fields { bits |= Self.bit(f) } }
    func contains(_ f: FieldName) -> Bool { bits & Self.bit(f) != 0 }
    mutating func insert(_ f: FieldName) { bits |= Self.bit(f) }
    private static func bit(_ f: FieldName) -> UInt32 { 1 << UInt32(f.rawValue) }
}

extension Command {
    /// Sets the integer member `field` of a command step; false when `field` is not one. The one
    /// place the integer fields are mapped, for the tree decoder and the straight-from-bytes path.
    mutating func setInteger(_ field: FieldName, _ n: Int) -> Bool {
        switch field {
        case .internalId: internalId = n
        case .childInternalId: childInternalId = n
        case .value: value = n
        case .width: width = n
        case .height: height = n
        case .row: row = n
        case .column: column = n
        case .sheet: sheet = n
        case .flags: flags = n
        default: return false
        }
        return true
    }
}

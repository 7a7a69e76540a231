import Testing

@testable import JSON

// JSONObject keeps its members in an array (no hashing) and the parser marks step field names
// (FieldName). Lookups, repeated keys and the step decoder's one-pass reading must behave as the
// dictionary-backed object did.

private func object(_ json: String) throws -> JSONObject {
    try #require(try JSONParser.parse(Array(json.utf8)).objectValue)
}

@Test func aRepeatedFieldKeepsItsFirstPlaceAndTakesTheLastValue() throws {
    let o = try object(#"{"type": "SET_STYLE", "internalId": 1, "other": 2, "internalId": 3}"#)
    #expect(o.keys == ["type", "internalId", "other"])
    #expect(o["internalId"] == .number(JSONNumber(text: "3", double: 3)))
    #expect(o[.internalId] == o["internalId"])
}

@Test func anEscapedKeyThatSpellsAFieldIsThatField() throws {
    let o = try object(#"{"intern\u0061lId": 1, "internalId": 2, "t\u0079pe": "CLEAR"}"#)
    #expect(o.keys == ["internalId", "type"])
    #expect(o[.internalId] == .number(JSONNumber(text: "2", double: 2)))
    #expect(o[.type] == .string("CLEAR"))
    #expect(o.members.map(\.field) == [.internalId, .type])
}

@Test func aLargeObjectWithRepeatsFindsEveryKey() throws {
    let keys = (0..<40).map { "k\($0)" } + ["k3", "width", "k39", "width"]
    let json = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
    let o = try object(json)
    #expect(o.keys == (0..<40).map { "k\($0)" } + ["width"])
    #expect(o["k3"]?.numberValue?.int == 40)
    #expect(o["k39"]?.numberValue?.int == 42)
    #expect(o[.width]?.numberValue?.int == 43)
    #expect(o["k0"]?.numberValue?.int == 0)
    #expect(o["nope"] == nil)
    var built = JSONObject()
    for (i, k) in keys.enumerated() { built.set(k, .number(JSONNumber(text: "\(i)", double: Double(i)))) }
    #expect(built == o)
    #expect(built.hashValue == o.hashValue)
}

@Test func fieldNamesAreKnownByTheirBytesOnly() {
    for f in FieldName.allCases {
        let bytes = Array(f.name.utf8)
        #expect(bytes.withUnsafeBufferPointer { FieldName.named($0) } == f)
        #expect(FieldName(name: f.name) == f)
        // One byte off is no field.
        let changed = bytes.dropLast() + [UInt8(ascii: "_")]
        #expect(Array(changed).withUnsafeBufferPointer { FieldName.named($0) } == nil)
    }
    #expect(Array("sheets".utf8).withUnsafeBufferPointer { FieldName.named($0) } == nil)
    #expect(FieldName(name: "Type") == nil)
}

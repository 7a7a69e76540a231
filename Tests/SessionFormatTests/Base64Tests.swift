import Testing

@testable import SessionFormat

@Suite struct Base64Tests {
    @Test func decodesPaddedAndUnpadded() throws {
        #expect(try Base64.decode("TWFu") == Array("Man".utf8))
        #expect(try Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(try Base64.decode("TQ==") == Array("M".utf8))
        #expect(try Base64.decode("TWE") == Array("Ma".utf8))
        #expect(try Base64.decode("") == [])
        #expect(try Base64.decode("/+/+") == [0xFF, 0xEF, 0xFE])
    }

    @Test func reportsTheBadCharacter() {
        do {
            _ = try Base64.decode("TW!u")
            Issue.record("expected an error")
        } catch let e as Base64Error {
            #expect(e.message.contains("'!'"))
            #expect(e.message.contains("offset 2"))
        } catch { Issue.record("wrong error") }
        #expect(throws: Base64Error.self) { try Base64.decode("TWFuT") }
    }
}

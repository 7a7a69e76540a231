import Testing

@testable import SessionFormat

/// The limits of docs/limits.md at the decoder: each with its own code.
@Suite struct LimitsTests {
    func file(_ steps: String = "", device: String = "null") -> [UInt8] {
        Array(#"{"format": "framework-session", "version": 1, "device": \#(device), "steps": [\#(steps)]}"#.utf8)
    }

    func code(_ bytes: [UInt8]) -> String? {
        do {
            _ = try SessionDecoder().decode(data: bytes, path: "")
            return nil
        } catch let e as SessionError { return e.code } catch { return "?" }
    }

    @Test func textIsCutAtAScalarBoundary() {
        // "é" is two bytes: a cut at an odd byte count steps back one byte.
        let text = "a" + String(repeating: "é", count: SessionLimits.maxTextBytes / 2)
        let cut = SessionLimits.truncatedText(text)!
        #expect(cut.utf8.count == SessionLimits.maxTextBytes - 1)
        #expect(cut.unicodeScalars.last == "é")
        #expect(SessionLimits.truncatedText("short") == nil)
    }

    @Test func longTextGetsOneWarningPerField() throws {
        let big = String(repeating: "x", count: SessionLimits.maxTextBytes + 10)
        let (s, d) = try SessionDecoder().decode(
            data: file(
                #"""
                {"type": "CREATE_TEXT", "internalId": 1, "childInternalId": 2, "textValue": "\#(big)", \#
                "textValue2": "\#(big)"}
                """#
            ), path: "")
        #expect(d.map(\.code) == ["text-too-long", "text-too-long"])
        #expect(d.map(\.path) == ["steps[0].textValue", "steps[0].textValue2"])
        guard case .command(let c) = s.steps[0].kind else {
            Issue.record("not a command")
            return
        }
        #expect(c.textValue.utf8.count == SessionLimits.maxTextBytes)
    }

    @Test func rejectionCodes() {
        #expect(code(Array("{".utf8)) == "not-json")
        #expect(
            code(Array((String(repeating: "[", count: 300) + String(repeating: "]", count: 300)).utf8))
                == "json-too-deep")
        #expect(code(file(device: #"{"width": 9000, "height": 10, "scale": 1}"#)) == "device-too-large")
        #expect(code(file(device: #"{"width": 7000, "height": 7000, "scale": 1}"#)) == "device-too-large")
        #expect(code(file(device: #"{"width": 1e308, "height": 10, "scale": 4}"#)) == "device-too-large")
        #expect(code(file(device: #"{"width": 0, "height": 10, "scale": 1}"#)) == "bad-device")
        #expect(code(file(device: #"{"width": 8000, "height": 5000, "scale": 1}"#)) == nil)
        #expect(code(Array(#"{"format": "framework-session", "version": 2, "steps": []}"#.utf8)) == "bad-version")
    }

    @Test func unvalidatedDeviceNeverTraps() {
        #expect(Device(width: .nan, height: .infinity).pixelWidth == 1)
        #expect(Device(width: .nan, height: .infinity).pixelHeight == Device.maxPixelSide)
        #expect(Device(width: 1e300, height: -5).pixelWidth == Device.maxPixelSide)
        #expect(Device(width: 1e300, height: -5).pixelHeight == 1)
    }

    @Test func invalidUTF8IsAWarning() throws {
        var bytes = file(#"{"type": "CREATE_TEXT", "internalId": 1, "childInternalId": 2, "textValue": "Q"}"#)
        bytes[bytes.firstIndex(of: UInt8(ascii: "Q"))!] = 0xC0
        let (_, d) = try SessionDecoder().decode(data: bytes, path: "")
        #expect(d.map(\.code) == ["invalid-utf8"])
        #expect(SessionDecoder.isValidUTF8(Array("é€😀".utf8)))
    }
}

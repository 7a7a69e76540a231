import Foundation
import SessionFormat
import Testing

/// Whole files that cannot be sessions, and the limits of docs/limits.md that reject one.
@Suite struct FileAbuseTests {
    @Test(arguments: ["", "not json", "{\"format\": ", "[1,2,3"])
    func notJSON(_ text: String) throws {
        let o = try Hostile.run(Array(text.utf8))
        #expect(o.rejected == "not-json")
    }

    @Test func hundredThousandDeepNesting() throws {
        let text =
            "{\"format\": \"framework-session\", \"version\": 1, \"steps\": "
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let o = try Hostile.run(Array(text.utf8))
        #expect(o.rejected == "json-too-deep")
        // The parser stops at the depth limit (256): it reads 311 of the 200,055 bytes, and never
        // recurses deeper.
        #expect(o.rejectedAt == "line 1 column 311", "\(o.rejectedAt ?? "nil")")
    }

    @Test func wrongFormatVersionAndSteps() throws {
        #expect(
            try Hostile.run(Array(#"{"format": "other", "version": 1, "steps": []}"#.utf8)).rejected == "bad-format")
        #expect(
            try Hostile.run(Array(#"{"format": "framework-session", "version": 1e400, "steps": []}"#.utf8)).rejected
                == "bad-version")
        #expect(
            try Hostile.run(Array(#"{"format": "framework-session", "version": 1, "steps": {}}"#.utf8)).rejected
                == "no-steps")
        #expect(try Hostile.run(Array(#"[]"#.utf8)).rejected == "not-a-session")
    }

    @Test(arguments: [
        (#"{"width": 10000, "height": 100, "scale": 1}"#, "device-too-large"),
        (#"{"width": 8000, "height": 8000, "scale": 1}"#, "device-too-large"),
        (#"{"width": 1e308, "height": 100, "scale": 4}"#, "device-too-large"),
        (#"{"width": -5, "height": 100, "scale": 1}"#, "bad-device"),
        (#"{"width": 100, "height": 100, "scale": NaN}"#, "bad-device"),
        (#"{"width": 100, "height": 100, "scale": 1, "evil": 1}"#, "bad-device"),
    ])
    func deviceLimits(_ device: String, _ code: String) throws {
        let o = try Hostile.run(Hostile.session([], device: device))
        #expect(o.rejected == code)
    }

    @Test func invalidUTF8IsReadAsReplacementCharacters() throws {
        var bytes = Hostile.session([
            #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "AB"}"#
        ])
        let i = bytes.firstIndex(of: UInt8(ascii: "B"))!  // no other capital B in the file
        bytes[i] = 0xFF
        bytes.insert(contentsOf: [0xC3, 0x28, 0xED, 0xA0, 0x80], at: i)
        let o = try Hostile.run(bytes)
        #expect(o.rendered && o.codes == ["invalid-utf8"])
    }

    /// The step limit (1,000,000, lowered here to keep the test fast) counts batch entries:
    /// a file over it at the top level is refused, entries past it inside batches are dropped.
    @Test func tooManySteps() throws {
        let decoder = SessionDecoder()
        let batch =
            #"{"type": "batch", "steps": ["#
            + Array(repeating: #"{"type": "FLUSH_VIEW"}"#, count: 101).joined(separator: ",") + "]}"
        let (s, d) = try decoder.decode(
            data: Hostile.session(Array(repeating: batch, count: 10)), path: "", maxSteps: 1000)
        #expect(d.map(\.code) == ["too-many-steps"])
        #expect(s.steps.count == 13)
        let flat = Hostile.session(Array(repeating: #"{"type": "FLUSH_VIEW"}"#, count: 1000))
        #expect(throws: SessionError.self) { try decoder.decode(data: flat, path: "", maxSteps: 1000) }
        do { _ = try decoder.decode(data: flat, path: "", maxSteps: 1000) } catch let e as SessionError {
            #expect(e.code == "too-many-steps")
        }
        #expect(SessionLimits.maxSteps == 1_000_000)
    }

    @Test func assetsFolderOutsideTheSessionIsNamed() throws {
        let (_, d) = try SessionDecoder().decode(
            data: Hostile.session([], extra: #" "assets": "/etc","#), path: "/tmp/x/s.json")
        #expect(d.map(\.code) == ["folder-outside-session"])
    }

    @Test func crashersFromFuzzingStayFixed() throws {
        let dir = Hostile.root + "/Fuzz/crashers"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter {
            !$0.hasPrefix(".") && $0 != "README.md"
        }.sorted()
        for f in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: dir + "/" + f) ?? Data())
            // Any outcome but a crash; and within the work bound of `Hostile.run` for its size.
            let o = try Hostile.run(bytes)
            #expect(o.rejected != nil || o.rendered, "\(f)")
        }
    }
}

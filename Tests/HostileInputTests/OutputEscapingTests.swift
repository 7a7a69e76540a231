import Foundation
import JSON
import Primitives
import SessionFormat
import TestSupport
import Testing

/// Session text and file names on stdout and stderr (issue 28): newlines, ESC / OSC / CSI sequences,
/// C1 controls, line separators and bidi overrides from input are printed escaped (`OutputText`,
/// applied where the CLI writes a line), in text and JSON diagnostics alike. Through the binary.
@Suite struct OutputEscapingTests {
    /// Everything that could start a line, fake a CI annotation or drive a terminal.
    static let hostile =
        "x\n::error file=a.swift,line=1::fake\r\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{85}\u{2028}\u{2029}"
        + "\u{202E}\u{2066}\u{7f}\u{0}\tend"

    /// A session whose steps quote `hostile` in diagnostics: an unknown system event (the text), an
    /// unknown key (its name) and a snapshot (its name, in `check`'s lines).
    static func session(_ dir: String) throws -> String {
        let q = JSONWriter.quote(hostile)
        let steps = [
            #"{"type": "SYS", "textValue": \#(q)}"#,
            #"{"type": "BACK", \#(q): 1}"#,
            #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": \#(q)}"#,
            #"{"type": "snapshot", "name": "snap \#(JSONWriter.quote(hostile).dropFirst().dropLast())"}"#,
        ]
        let path = dir + "/session.json"
        try Data(Hostile.session(steps)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// No character `OutputText` escapes but the lines' own newlines, and no line that a CI runner
    /// would take for a workflow command (it trims leading white space first).
    static func expectSafe(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let unsafe = text.unicodeScalars.filter { $0 != "\n" && OutputText.isUnsafe($0) }
        #expect(unsafe.isEmpty, "raw \(unsafe.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        for line in text.split(separator: "\n") {
            #expect(
                !line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func textDiagnosticsAreEscapedNotDropped() throws {
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.session(dir)
        guard let r = try OutputFileTests.render([path, "-o", dir + "/out.png"]) else { return }
        #expect(r.status == 0, "\(r.stderr)")
        Self.expectSafe(r.stderr)
        // Each diagnostic is one line, the input's characters shown as escapes.
        let escaped = #"x\n::error file=a.swift,line=1::fake\r\u001b]0;pwned\u0007\u001b[2J\u009b31m\u0085\u2028"#
        #expect(r.stderr.contains(escaped), "\(r.stderr)")
        #expect(r.stderr.contains(#"\u202e\u2066\u007f\u0000\tend"#), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix(path) }, "\(r.stderr)")
    }

    @Test func jsonDiagnosticsStayJSONAndDecodeToTheInput() throws {
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.session(dir)
        guard let r = try OutputFileTests.render([path, "-o", dir + "/out.png", "--diagnostics", "json"]) else {
            return
        }
        #expect(r.status == 0, "\(r.stderr)")
        Self.expectSafe(r.stderr)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count >= 2)
        var messages: [String] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            messages.append(object?["message"] as? String ?? "")
        }
        // The escapes are JSON's: a reader gets the session's text back exactly.
        let upper = Self.hostile.uppercased()
        #expect(messages.contains { $0.contains(Self.hostile) || $0.contains(upper) }, "\(messages)")
    }

    @Test func checkLinesAndValidationErrorsAreEscaped() throws {
        let dir = try OutputFileTests.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.session(dir)
        // MISS lines name the snapshot; -v lists each golden. The session's hostile steps are errors
        // (exit 5, ErrorGateTests): let through, the verdict is the goldens'.
        guard
            let miss = try OutputFileTests.render([
                "check", path, "--snapshots", dir + "/g", "-v", "--allow-errors",
            ])
        else { return }
        #expect(miss.status == 6, "\(miss.stderr)")
        Self.expectSafe(miss.stderr)
        Self.expectSafe(String(decoding: miss.stdout, as: UTF8.self))
        // The golden's name is the snapshot's made one plain file name (issue 28, FileNames.component).
        #expect(miss.stderr.contains(#"snap x_::error file=a.swift"#), "\(miss.stderr)")
        // A missing file named like an annotation, and an unknown option: ArgumentParser's messages too.
        guard let missing = try OutputFileTests.render(["validate", dir + "/no\n::error::such.json"]) else { return }
        #expect(missing.status != 0)
        Self.expectSafe(missing.stderr + String(decoding: missing.stdout, as: UTF8.self))
        #expect(missing.stderr.contains(#"no\n::error::such.json"#), "\(missing.stderr)")
        guard let option = try OutputFileTests.render([path, "--o\n::error::pt\u{1b}[2J"]) else { return }
        #expect(option.status == 64)
        Self.expectSafe(option.stderr)
        #expect(option.stderr.contains(#"--o\n::error::pt\u001b[2J"#), "\(option.stderr)")
    }

    @Test func theEscapeIsJSONsAndLeavesSafeTextAlone() {
        #expect(OutputText.line("plain é 😀 \\n") == "plain é 😀 \\n")
        #expect(
            OutputText.line("a\nb\tc\r\u{0}\u{1b}\u{7f}\u{9f}\u{a0}") == #"a\nb\tc\r\u0000\u001b\u007f\u009f"#
                + "\u{a0}")
        #expect(
            OutputText.line("\u{2028}\u{2029}\u{202A}\u{202E}\u{2066}\u{2069}\u{200F}")
                == #"\u2028\u2029\u202a\u202e\u2066\u2069"# + "\u{200F}")
        #expect(OutputText.lines(["one\ntwo", "three"]) == "one\\ntwo\nthree")
        // Escaping twice changes nothing more (the batch parent escapes what its workers printed).
        let once = OutputText.line(OutputEscapingTests.hostile)
        #expect(OutputText.line(once) == once)
    }
}

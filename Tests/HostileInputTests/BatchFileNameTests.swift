import Foundation
import TestSupport
import Testing

/// File names no line- or tab-separated protocol survives (issue 28): the batch workers' protocol
/// (Sources/ServeProtocol/WorkerWire.swift) carries every field length-prefixed, so each session gets
/// its own picture and golden under its own name, and none is reported missing. Through the binary:
/// `render --out-dir`, `render check` (one field per job) and `render gallery` (three).
@Suite struct BatchFileNameTests {
    /// The file system allows every byte but `/` and NUL. `new\n0\tplain` was a second job under the
    /// old protocol (`INDEX<TAB>PATH` lines); `plain` is an ordinary neighbour.
    static let names = [
        "plain", "line\nbreak\tand tab", "new\n0\tplain", "back\\slash\\n", "quo\"te's", "R 0 0 5",
        "uni\u{2028}sep \u{202E}rlo \u{e9} \u{1F600} \u{FFFD}", "esc\u{1b}]0;title\u{7}", "c1\u{9b}31m del\u{7f}",
    ]

    /// A folder with one small session per name, each with a text of its own.
    static func folder() throws -> String {
        let dir = try OutputFileTests.tempDir()
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        for (i, name) in names.enumerated() {
            let text = #"{"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "S\#(i)"}"#
            try Data(Hostile.session([text])).write(to: URL(fileURLWithPath: dir + "/in/" + name + ".json"))
        }
        return dir
    }

    static func files(_ dir: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
    }

    @Test func outDirWritesEverySessionUnderItsOwnName() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let r = try OutputFileTests.render([dir + "/in", "--out-dir", dir + "/out", "--jobs", "2"]) else {
            return
        }
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.files(dir + "/out") == Set(Self.names.map { $0 + ".png" }), "\(r.stderr)")
        #expect(String(decoding: r.stdout, as: UTF8.self).contains("9 of 9 sessions rendered"))
    }

    @Test func checkRecordsAndThenPassesEveryGolden() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let goldens = dir + "/goldens"
        guard
            let first = try OutputFileTests.render([
                "check", dir + "/in", "--snapshots", goldens, "--record", "missing", "--report", dir + "/c.json",
            ])
        else { return }
        #expect(first.status == 6, "\(first.stderr)")
        #expect(Self.files(goldens) == Set(Self.names.flatMap { [$0 + ".png", $0 + ".json"] }), "\(first.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/c.json")))
        let outcomes = ((report as? [String: Any])?["outcomes"] as? [[String: Any]]) ?? []
        #expect(outcomes.compactMap { $0["status"] as? String } == Array(repeating: "recorded", count: 9))
        let sessions = outcomes.compactMap { $0["session"] as? String }
        #expect(Set(sessions) == Set(Self.names.map { dir + "/in/" + $0 + ".json" }))
        // Each golden is its own session's picture: every one passes against its own.
        guard let again = try OutputFileTests.render(["check", dir + "/in", "--snapshots", goldens]) else { return }
        #expect(again.status == 0, "\(again.stderr)")
        #expect(String(decoding: again.stdout, as: UTF8.self).contains("9 checked: 9 passed"))
    }

    /// A name that is not UTF-8 cannot be carried: the command line and folder listings are Swift
    /// strings, which repair such bytes to U+FFFD. That session is "no such file" by its repaired
    /// name (exit 1); the others render as ever.
    @Test func aNameThatIsNotUTF8IsReportedByItsRepairedName() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let raw: [UInt8] = Array((dir + "/in/bad").utf8) + [0xFF, 0xFE] + Array(".json".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        #expect(fd >= 0)
        close(fd)
        guard let r = try OutputFileTests.render([dir + "/in", "--out-dir", dir + "/out", "-q"]) else { return }
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("/in/bad\u{FFFD}\u{FFFD}.json: error: no such file"), "\(r.stderr)")
        #expect(Self.files(dir + "/out") == Set(Self.names.map { $0 + ".png" }), "\(r.stderr)")
    }

    @Test func galleryGivesEverySessionItsCard() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard
            let r = try OutputFileTests.render([
                "gallery", dir + "/in", "-o", dir + "/g", "--themes", "default", "--no-states",
            ])
        else { return }
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: dir + "/g/gallery.json")))
        let cards = ((manifest as? [String: Any])?["cards"] as? [[String: Any]]) ?? []
        #expect(Set(cards.compactMap { $0["session"] as? String }) == Set(Self.names), "\(r.stderr)")
        #expect(!cards.contains { ($0["status"] as? String) == "error" })
    }
}

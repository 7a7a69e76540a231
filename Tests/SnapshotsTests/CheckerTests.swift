import Foundation
import Testing

@testable import Snapshots

/// End to end on a tiny session: final frame and named snapshot goldens, a changed style named by
/// element and property, and the `assertSnapshot` helper.
struct CheckerTests {
    typealias S = Support

    @Test func checksFinalFrameAndNamedSnapshotsAndNamesAChangedStyle() throws {
        let dir = S.tempDir("checker")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        var recorded: [String] = []
        let first = try assertSnapshot(
            session: path, snapshots: dir + "/snaps", fontsDirectory: S.fonts, record: .missing,
            failuresDirectory: dir + "/fail"
        ) { recorded.append($0) }
        #expect(first.map(\.name) == ["card@start", "card"])
        #expect(first.allSatisfy { $0.status == .recorded } && recorded.count == 2)
        #expect(S.files(dir + "/snaps") == ["card.json", "card.png", "card@start.json", "card@start.png"])

        var failures: [String] = []
        let again = try assertSnapshot(
            session: path, snapshots: dir + "/snaps", fontsDirectory: S.fonts, record: .never
        ) { failures.append($0) }
        #expect(failures.isEmpty && again.allSatisfy(\.passed))

        // A deliberately changed style: the message names the element and the property.
        _ = S.writeSession(in: dir, name: "card", label: "Hello", buttonColor: "#00aa00")
        let changed = try assertSnapshot(
            session: path, snapshots: dir + "/snaps", fontsDirectory: S.fonts, record: .never,
            failuresDirectory: dir + "/fail"
        ) { failures.append($0) }
        #expect(changed.map(\.status) == [.failed, .failed])
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { $0.contains("button 4 background #3366cc -> #00aa00") })
        #expect(failures.allSatisfy { $0.contains("reproduce: render check \(path)") })
        #expect(FileManager.default.fileExists(atPath: dir + "/fail/card.diff.png"))
    }
}

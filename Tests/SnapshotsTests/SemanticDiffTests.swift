import Foundation
import Testing

@testable import Snapshots

/// The semantic diff names elements and properties, from hand-made sidecars.
struct SemanticDiffTests {
    typealias S = Support

    @Test func namesMovedResizedRestyledAndTextChanges() {
        let old = [
            S.record(
                7, "button", [10, 20, 100, 40], text: "OK", lines: 1,
                colors: ["background": "#3366cc", "color": "#ffffff"]),
            S.record(9, "text", [10, 70, 100, 20], text: "Hi", lines: 1, colors: ["color": "#333333"]),
            S.record(12, "text", [10, 100, 100, 20], text: "long", lines: 1),
        ]
        let new = [
            S.record(
                7, "button", [10, 24, 120, 40], text: "OK", lines: 1,
                colors: ["background": "#3366cc", "color": "#ffffff"]),
            S.record(9, "text", [10, 70, 100, 20], text: "Hi", lines: 1, colors: ["color": "#555555"]),
            S.record(12, "text", [10, 100, 100, 60], text: "longer text", lines: 3),
        ]
        let changes = SemanticDiff.changes(expected: old, actual: new)
        let messages = changes.map(\.message)
        #expect(
            messages == [
                "button 7 moved 4 dp down",
                "button 7 resized 100x40 -> 120x40 dp",
                "text 9 color #333333 -> #555555",
                "text 12 resized 100x20 -> 100x60 dp",
                "text 12 text \"long\" -> \"longer text\"",
                "text 12 text now wraps to 3 lines (was 1)",
            ])
        #expect(changes.map(\.kind) == [.moved, .resized, .restyled, .resized, .textChanged, .linesChanged])
        #expect(changes[2].property == "color" && changes[2].elementId == 9)
    }

    @Test func addedAndRemovedElements() {
        let old = [S.record(1, "text", [0, 0, 10, 10]), S.record(2, "button", [0, 10, 10, 10])]
        let new = [
            S.record(1, "text", [0, 0, 10, 10]), S.record(3, "imageView", [5, 5, 20, 20]),
            S.record(2, "text", [0, 10, 10, 10]),
        ]  // same id, different kind: replaced
        let c = SemanticDiff.changes(expected: old, actual: new)
        #expect(c.map(\.kind) == [.removed, .added, .added])
        #expect(c.map(\.elementId) == [2, 3, 2])
        #expect(c[1].message == "imageView 3 added at 5,5 20x20")
    }

    @Test func identicalAndSubEpsilonChangesAreSilent() {
        let a = [S.record(1, "text", [0, 0, 10, 10], colors: ["color": "#000000"])]
        let b = [S.record(1, "text", [0.004, 0, 10.001, 10], colors: ["color": "#000000"])]
        #expect(SemanticDiff.changes(expected: a, actual: b).isEmpty)
    }

    @Test func movedLeftAndUpAndRestyledFromNothing() {
        let c = SemanticDiff.changes(
            expected: [S.record(4, "button", [10, 10, 5, 5])],
            actual: [S.record(4, "button", [7.5, 8, 5, 5], colors: ["border": "#ff0000"])])
        #expect(c.map(\.message) == ["button 4 moved 2.5 dp left, 2 dp up", "button 4 border none -> #ff0000"])
    }

    @Test func environmentChangesAreListedField() {
        var other = S.env
        other.theme = "ios"
        other.fonts["Roboto-Regular.ttf"] = "def"
        other.fonts["NotoSansArabic-Regular.ttf"] = "123"  // newly used: follows from content, not a change
        #expect(S.env.changes(to: other) == ["font file Roboto-Regular.ttf sha256 abc -> def", "theme default -> ios"])
        #expect(S.env.changes(to: S.env).isEmpty)
    }

    @Test func sidecarsWithoutFontChecksumsStillDecode() throws {
        let old =
            #"""
            {"environment":{"device":"160x120@1","fontsChecksum":"abc","rendererVersion":"0.1.0",\#
            "theme":"default"},"elements":[]}
            """#
        let s = try JSONDecoder().decode(SnapshotSidecar.self, from: Data(old.utf8))
        #expect(s.environment.fonts.isEmpty)
        #expect(s.environment.changes(to: S.env) == [])
    }

    @Test func sidecarRoundTripsThroughJSON() throws {
        let s = SnapshotSidecar(
            environment: S.env,
            elements: [S.record(1, "text", [1, 2, 3, 4], text: "a", lines: 1, colors: ["color": "#123456"])])
        let bytes = try s.encoded()
        let dir = S.tempDir("sidecar")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/x.json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(SnapshotSidecar.read(path) == s)
        #expect(try s.encoded() == bytes)  // deterministic
    }
}

extension SemanticDiffTests {
    @Test func sameMoveOfManyElementsIsOneLine() {
        let old =
            (1...5).map { S.record($0, "text", [0, Double($0 * 10), 10, 10]) } + [
                S.record(9, "button", [0, 0, 10, 10])
            ]
        let new =
            (1...5).map { S.record($0, "text", [0, Double($0 * 10 + 56), 10, 10]) } + [
                S.record(9, "button", [0, 2, 10, 10])
            ]
        #expect(
            SemanticDiff.summarize(SemanticDiff.changes(expected: old, actual: new)) == [
                "5 elements moved 56 dp down: text 1, text 2, text 3 and 2 more", "button 9 moved 2 dp down",
            ])
    }
}

/// A font file swapped under the same name is an environment change that names the file.
struct SwappedFontTests {
    @Test func aSwappedFontFileIsReportedByName() throws {
        let dir = Support.tempDir("swapped-font")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = dir + "/Fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Support.fonts) {
            try FileManager.default.linkItem(atPath: Support.fonts + "/" + name, toPath: fonts + "/" + name)
        }
        let session = Support.writeSession(in: dir, name: "swap")
        var failures: [String] = []
        _ = try assertSnapshot(
            session: session, snapshot: "start", snapshots: dir + "/snaps", fontsDirectory: fonts,
            record: .missing
        ) { failures.append($0) }
        #expect(failures.count == 1)  // recorded
        // Another font's bytes under Roboto's name.
        try FileManager.default.removeItem(atPath: fonts + "/Roboto-Medium.ttf")
        try FileManager.default.copyItem(
            atPath: Support.fonts + "/DejaVuSans-Bold.ttf", toPath: fonts + "/Roboto-Medium.ttf")
        failures = []
        let outcomes = try assertSnapshot(
            session: session, snapshot: "start", snapshots: dir + "/snaps", fontsDirectory: fonts,
            record: .never
        ) { failures.append($0) }
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.environmentChanges.count == 1)
        #expect(outcomes.first?.environmentChanges.first?.hasPrefix("font file Roboto-Medium.ttf sha256 ") == true)
        #expect(failures.first?.contains("font file Roboto-Medium.ttf") == true)
    }
}

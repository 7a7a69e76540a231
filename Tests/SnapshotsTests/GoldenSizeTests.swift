import Foundation
import Primitives
import Testing

@testable import Snapshots

/// A golden is judged on its PNG header before it is decoded (issue 28: a 261 KB golden claiming
/// 8192 x 8192 px took 1.3 GB to decode, and under load its worker was killed as "timed out").
struct GoldenSizeTests {
    typealias S = Support

    @Test func aGoldenLargerThanAnyDeviceIsRefusedBeforeDecoding() throws {
        let dir = S.tempDir("golden-size")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let settings = SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .missing,
            tolerance: Tolerance(threshold: 40, maxMismatch: 0.001))
        let comparison = GoldenComparison(settings: settings)
        let sidecar = SnapshotSidecar(environment: S.env, elements: [])
        func evaluate() throws -> SnapshotOutcome {
            try comparison.evaluate(
                name: "card", session: "card.json", snapshot: nil, actual: S.bitmap(8, 8, (255, 255, 255)),
                sidecar: sidecar, reproduce: "render check card.json")
        }
        #expect(try evaluate().status == .recorded)
        // The recorded 8 x 8 golden, its header changed to claim 8192 x 8192 (the data is not
        // even that size: decoding would fail later, after allocating 256 MiB and more).
        let path = dir + "/snaps/card.png"
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        png.replaceSubrange(16..<24, with: [0, 0, 0x20, 0, 0, 0, 0x20, 0])
        try Data(png).write(to: URL(fileURLWithPath: path))
        let e = #expect(throws: GoldenTooLarge.self) { try evaluate() }
        #expect(
            e?.description
                == "golden \(path) is 8192x8192 px by its PNG header, larger than any render (at most 8192 per side "
                + "and 40000000 pixels); refused without decoding it (record it again with --record failed)")
    }
}

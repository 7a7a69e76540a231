import Foundation
import PNG
import Primitives
import RenderPipeline
import Testing

@testable import Snapshots

/// A recorded golden carries a stamp of the pixels it decodes to; `render check` of an unchanged
/// frame trusts it instead of decoding, and the verdicts are the same as without it.
@Suite struct GoldenStampTests {
    typealias S = Support

    static func bitmap(_ color: UInt8) -> Bitmap {
        var b = Bitmap(width: 40, height: 30, pixels: [UInt8](repeating: 255, count: 40 * 30 * 4))
        for i in stride(from: 0, to: 400, by: 4) { b.pixels[i] = color }
        return b
    }

    @Test func stampMatchesOnlyTheSamePixelsAndTheSamePictureChunks() throws {
        let b = Self.bitmap(10)
        let png = try PNGCodec.encode(b, compressionLevel: 6)
        let stamped = try GoldenStamp.stamped(png)
        #expect(stamped.count == png.count + 12 + 21)
        #expect(PNGChunks.list(stamped)?.map(\.type) == ["IHDR", "IDAT", "pxHS", "IEND"])
        // The stamp changes nothing a decoder sees.
        #expect(try PNGCodec.decode(stamped) == PNGCodec.decode(png))
        #expect(GoldenStamp.matches(stamped, b), "stamp does not match its own bitmap")
        #expect(!GoldenStamp.matches(png, b))  // no stamp
        var other = b
        other.pixels[41 * 4] = 11  // one channel of one pixel
        #expect(!GoldenStamp.matches(stamped, other))
        #expect(b.fingerprint != other.fingerprint && b.fingerprint.count == 16)
        // The stamp of another picture moved onto this PNG does not match: the chunk CRCs differ.
        let foreign = try GoldenStamp.stamped(try PNGCodec.encode(Self.bitmap(200), compressionLevel: 6))
        let moved = PNGChunks.inserting("pxHS", PNGChunks.find("pxHS", in: foreign)!, into: png)
        #expect(!GoldenStamp.matches(moved, Self.bitmap(200)))
    }

    @Test func checkVerdictsAreTheSameWithAndWithoutTheStamp() throws {
        let dir = S.tempDir("stamp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: S.fonts))
        let settings = SnapshotSettings(
            snapshotsDirectory: dir + "/snaps", failuresDirectory: dir + "/fail", record: .missing)
        #expect(
            SnapshotChecker(settings: settings).check(session: path, renderer: renderer).map(\.status) == [
                .recorded, .recorded,
            ])
        let golden = dir + "/snaps/card.png"
        let stamped = [UInt8](FileManager.default.contents(atPath: golden)!)
        #expect(PNGChunks.find("pxHS", in: stamped) != nil)
        var check = settings
        check.record = .never
        // Stamped and unstamped goldens: passed for the same frame, failed for a changed one.
        let plain = try PNGCodec.encode(PNGCodec.decode(stamped), compressionLevel: 6)
        for bytes in [stamped, plain] {
            try Data(bytes).write(to: URL(fileURLWithPath: golden))
            _ = S.writeSession(in: dir, name: "card")
            let same = SnapshotChecker(settings: check).check(session: path, renderer: renderer)
            #expect(same.map(\.status) == [.passed, .passed])
            #expect(same.last?.mismatch == 0)
            _ = S.writeSession(in: dir, name: "card", buttonColor: "#00aa00")
            let changed = SnapshotChecker(settings: check).check(session: path, renderer: renderer)
            #expect(changed.map(\.status) == [.failed, .failed])
            #expect((changed.last?.mismatch ?? 0) > 0.001)
        }
    }
}

import CairoFonts
import Foundation
import PNG
import Primitives
import Testing

@testable import ImageAssets

/// Asset pixels count against the render's image memory (issue 28: twelve small PNGs of 6300 x
/// 6300 px took 3.7 GB), judged on the PNG header before anything is decoded.
@Suite struct AssetBudgetTests {
    /// A folder with `names`, each a blank `side` x `side` PNG (a few KB; `side`^2 x 4 bytes decoded).
    static func folder(_ names: [String], side: Int) throws -> String {
        let root = try TestBuffers.tempFolder("asset-budget")
        let png = try PNGCodec.encode(Bitmap(width: side, height: side), compressionLevel: 9)
        #expect(png.count < 100_000)
        for n in names { try Data(png).write(to: URL(fileURLWithPath: root + "/" + n)) }
        return root
    }

    @Test func assetsReserveTheirDecodedBytesAndTheOneThatDoesNotFitIsRefused() throws {
        let root = try Self.folder(["a.png", "b.png"], side: 1500)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loader = AssetLoader(assetsDirectory: root)
        let budget = RenderBudget(imageBytes: 12_000_000)
        #expect(try loader.load("a.png", budget: budget).bitmap.width == 1500)
        #expect(budget.imageBytes == 1500 * 1500 * 4)
        let e = #expect(throws: ImageError.self) { try loader.load("b.png", budget: budget) }
        #expect(e?.isBudget == true)
        #expect(
            e?.message
                == "asset 'b.png' (1500x1500 px, 8 MiB decoded) does not fit the render's image memory budget "
                + "(11 MiB, 8 MiB in use, docs/limits.md)")
        #expect(budget.imageBytes == 1500 * 1500 * 4, "nothing reserved for the refused asset")
        // Without a budget (tests, tools) nothing is counted.
        #expect(try loader.load("b.png").bitmap.height == 1500)
    }

    @Test func theBudgetIsJudgedOnTheHeaderBeforeDecoding() throws {
        // A header claiming 5000 x 5000 and no pixel data: refused for the budget (100 MB), not
        // decoded (decoding would fail on the missing data instead).
        let root = try TestBuffers.tempFolder("asset-budget-header")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png = TestBuffers.png(width: 5000, height: 5000, bitDepth: 8, colorType: 6, rows: [])
        try Data(png).write(to: URL(fileURLWithPath: root + "/bomb.png"))
        let budget = RenderBudget(imageBytes: 64 << 20)
        let e = #expect(throws: ImageError.self) {
            try AssetLoader(assetsDirectory: root).load("bomb.png", budget: budget)
        }
        #expect(e?.isBudget == true && e?.message.contains("5000x5000 px, 95 MiB decoded") == true)
        #expect(budget.imageBytes == 0)
    }

    @Test func aFailedDecodeGivesItsReservationBack() throws {
        let root = try TestBuffers.tempFolder("asset-budget-corrupt")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let png = TestBuffers.png(width: 100, height: 100, bitDepth: 8, colorType: 6, rows: [])
        try Data(png).write(to: URL(fileURLWithPath: root + "/cut.png"))
        let budget = RenderBudget()
        let e = #expect(throws: ImageError.self) {
            try AssetLoader(assetsDirectory: root).load("cut.png", budget: budget)
        }
        #expect(e?.isBudget == false && e?.message.contains("cannot be decoded") == true)
        #expect(budget.imageBytes == 0)
    }

    @Test func theDecoderRefusesMoreThanADevicesPixelsFromTheHeader() {
        // 8192 x 8192 (a 261 KB golden decoded to 1.3 GB) and 8193 x 1: past the largest device.
        for (w, h) in [(8192, 8192), (8193, 1), (1, 8193)] {
            let png = TestBuffers.png(width: w, height: h, bitDepth: 8, colorType: 6, rows: [])
            let e = #expect(throws: PNGError.self) { try PNGCodec.decode(png) }
            #expect("\(e!)".contains("\(w)x\(h) pixels is too large (limit 40000000 pixels, 8192 per side)"))
        }
        #expect(PNGCodec.fitsDecodeLimits(width: 8000, height: 5000))
        #expect(!PNGCodec.fitsDecodeLimits(width: 8000, height: 5001))
    }
}

import Foundation
import Primitives
import SessionFormat
import Testing

@testable import ImageAssets

/// The packed images of Examples/image-formats.json decode to what Examples/README.md says they show.
struct ExampleImageFormatsTests {
    /// The `setImageData` payloads by element id.
    func images() throws -> [Int: PackedImage] {
        let url = URL(fileURLWithPath: TestBuffers.examplesAssets).deletingLastPathComponent().appendingPathComponent(
            "image-formats.json")
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var out: [Int: PackedImage] = [:]
        for step in session["steps"] as! [[String: Any]] where step["type"] as? String == "setImageData" {
            let im = step["image"] as! [String: Any]
            guard let b64 = im["data"] as? String, let data = Data(base64Encoded: b64) else { continue }
            let format = PixelFormat(name: im["format"] as! String)!
            out[(step["internalId"] as! NSNumber).intValue] = PackedImage(
                format: format, width: (im["width"] as! NSNumber).intValue,
                height: (im["height"] as! NSNumber).intValue,
                levels: (im["levels"] as? NSNumber)?.intValue ?? 1, data: [UInt8](data))
        }
        return out
    }

    func image(_ format: PixelFormat, levels: Int = 1) throws -> Bitmap {
        let p = try #require(try images().values.first { $0.format == format && $0.levels == levels })
        return try PackedImageDecoder.decode(p)
    }

    @Test func rgb565BarsAreInTVOrder() throws {
        let bm = try image(.RGB565)
        let barWidth = bm.width / 8
        let colours = (0..<8).map { bm.color(x: $0 * barWidth + barWidth / 2, y: bm.height / 2) }
        func near(_ c: Color, _ r: Int, _ g: Int, _ b: Int) -> Bool {
            abs(Int(c.r) - r) < 16 && abs(Int(c.g) - g) < 16 && abs(Int(c.b) - b) < 16
        }
        let expected = [
            (255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255),
            (0, 0, 0),
        ]
        for (c, e) in zip(colours, expected) { #expect(near(c, e.0, e.1, e.2), "\(c) vs \(e)") }
    }

    @Test func r8IsAGreyRampFromBlackToWhite() throws {
        let bm = try image(.R8)
        let left = bm.color(x: 0, y: 8)
        let right = bm.color(x: bm.width - 1, y: 8)
        #expect(left.r < 10 && right.r > 245 && left.r == left.g && right.g == right.b)
    }

    @Test func rgba4IsAnOrangeCheckerWithTransparentSquares() throws {
        let bm = try image(.RGBA4)
        let alphas = Set(bm.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(alphas.contains(0) && alphas.contains(255))
        let opaque = try #require((0..<(bm.width * bm.height)).first { bm.pixels[$0 * 4 + 3] == 255 })
        let c = bm.color(x: opaque % bm.width, y: opaque / bm.width)
        #expect(c.r > 200 && c.g > 60 && c.g < 200 && c.b < 60)
    }

    @Test func mipChainUsesLevelZero() throws {
        let bm = try image(.RGB565, levels: 2)
        let colours = Set((0..<(bm.width * bm.height)).map { bm.color(x: $0 % bm.width, y: $0 / bm.width) })
        #expect(!colours.contains(Color(r: 255, g: 0, b: 0)))
        #expect(colours.contains(.white) && colours.contains { $0.b > 150 && $0.r < 100 })
    }

    @Test func rgba8FadesOutAtTheBottomAndLuminanceAlphaIsADisc() throws {
        let rgba = try image(.RGBA8)
        #expect(rgba.color(x: 0, y: 0).r > 200 && rgba.color(x: rgba.width - 1, y: 0).b > 200)
        #expect(rgba.color(x: 0, y: rgba.height - 1).a < rgba.color(x: 0, y: 0).a)
        let la = try image(.LUMINANCE_ALPHA)
        #expect(la.color(x: 0, y: 0).a == 0 && la.color(x: la.width / 2, y: la.height / 2).a == 255)
        #expect(la.color(x: 8, y: la.height / 2).r < la.color(x: la.width - 8, y: la.height / 2).r)
    }

    @Test func rgb555DecodesEveryPayloadOfTheSession() throws {
        for (_, p) in try images() { #expect(throws: Never.self) { try PackedImageDecoder.decode(p) } }
        let bm = try image(.RGB555)
        #expect(bm.width == 80 && bm.height == 60 && bm.color(x: 40, y: 5).a == 255)
    }
}

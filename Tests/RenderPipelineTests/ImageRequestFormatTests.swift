import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// semantics.md 7 item 38: every ImageRequestEvent names the pixel format the platform asks for
/// (iOS RGB555 = 15, Android and the preview RGB565 = 3), and a view asks when it gets its size and
/// again whenever its width changes, through the Swift API and the JSON replay alike.
@Suite struct ImageRequestFormatTests {
    static let device = Device(width: 360, height: 640, scale: 2, statusBar: 24)

    /// A view with an http image view 11 (fixed 120 x 90 dp) and an asset image view 12.
    static let startup: [Command] = [
        Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1),
        Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2),
        Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1),
        Command(
            type: .CREATE_IMAGEVIEW, internalId: 3, childInternalId: 11, textValue: "https://cdn.example.com/a-200.jpg",
            width: 200, height: 150),
        Command(
            type: .ADD_IMAGE_URL, internalId: 11, textValue: "https://cdn.example.com/a-400.jpg", width: 400,
            height: 300),
        Command(type: .SET_STYLE, internalId: 11, textValue: "width", textValue2: "120", selector: .normal),
        Command(type: .SET_STYLE, internalId: 11, textValue: "height", textValue2: "90", selector: .normal),
        Command(type: .CREATE_IMAGEVIEW, internalId: 3, childInternalId: 12, textValue: "test.png"),
    ]

    func backend(theme: String) throws -> HeadlessBackend {
        let b = HeadlessBackend(
            device: Self.device, renderer: try PipelineHarness.renderer(theme: theme),
            assetsDirectory: PipelineHarness.examples + "/assets")
        b.beginBatch()
        for c in Self.startup { b.send(c) }
        b.commitBatch()
        return b
    }

    @Test(arguments: [("default", PixelFormat.RGB565, 3), ("ios", .RGB555, 15), ("android", .RGB565, 3)])
    func formatPerLook(theme: String, format: PixelFormat, ordinal: Int) throws {
        let requests = try backend(theme: theme).pollEvents().filter { $0.type == "ImageRequestEvent" }
        // Only the http view asks; the asset view has a static image.
        #expect(requests.map(\.internalId) == [11])
        let r = try #require(requests.first)
        #expect(r.imageFormat == format && r.imageFormat?.rawValue == ordinal && r.imageFormat?.name == format.name)
        // 120 dp = 240 px: a-200 is the first URL with 4 * 200 >= 3 * 240.
        #expect(r.field("imageUrl") == .string("https://cdn.example.com/a-200.jpg"))
        #expect(EventJSON.line(r).hasSuffix(#","mode":"REQUEST","format":"\#(format.name)"}"#))
    }

    @Test func asksAgainOnlyWhenTheWidthChanges() throws {
        let b = try backend(theme: "ios")
        #expect(b.pollEvents().filter { $0.type == "ImageRequestEvent" }.count == 1)
        // The app answers; the same width asks nothing, even with a new height.
        b.setImageData(11, PackedImage(format: .RGB555, width: 2, height: 2, data: [UInt8](repeating: 0xff, count: 8)))
        b.send(Command(type: .SET_STYLE, internalId: 11, textValue: "height", textValue2: "100", selector: .normal))
        #expect(b.pollEvents().isEmpty)
        // A new width asks again, pixels or not, for the URL picked for it (300 dp =
        // 600 px: neither URL has 4 * w >= 1800, so the largest, a-400).
        b.send(Command(type: .SET_STYLE, internalId: 11, textValue: "width", textValue2: "300", selector: .normal))
        let again = b.pollEvents()
        #expect(
            again.map(EventJSON.line) == [
                #"""
                {"time":0,"type":"ImageRequestEvent","internalId":11,\#
                "imageUrl":"https://cdn.example.com/a-400.jpg","requestedWidth":300,"requestedHeight":100,\#
                "requestedLevels":1,"mode":"REQUEST","format":"RGB555"}
                """#
            ])
        #expect(b.pollEvents().isEmpty)
    }

    @Test func eventsOfOtherTypesNameNoFormat() throws {
        let b = try backend(theme: "default")
        #expect(b.pollEvents().filter { $0.type != "ImageRequestEvent" }.allSatisfy { $0.imageFormat == nil })
    }
}

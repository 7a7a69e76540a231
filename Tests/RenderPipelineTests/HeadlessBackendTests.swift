import Foundation
import PNG
import Primitives
import SessionFormat
import Testing
import WidgetTree

@testable import RenderPipeline

/// The Swift API of the headless backend: driven without JSON, it gives the same pixels and
/// events as the JSON replay of the same steps.
@Suite struct HeadlessBackendTests {
    static let device = Device(width: 360, height: 640, scale: 2, statusBar: 24)
    static let red2x2: [UInt8] = Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }

    /// The app's start-up, as framework commands.
    static let startup: [Command] = [
        Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "com.example.api"),
        Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2),
        Command(
            type: .SET_STYLE, internalId: 2, textValue: "background-color", textValue2: "#ffffff", selector: .normal),
        Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 1),
        Command(type: .CREATE_BUTTON, internalId: 3, childInternalId: 4, textValue: "Save"),
        Command(
            type: .SET_STYLE, internalId: 4, value: 1, textValue: "background-color", textValue2: "#1565c0",
            selector: .active),
        Command(type: .CREATE_SCROLL_LAYOUT, internalId: 3, childInternalId: 5),
        Command(type: .SET_STYLE, internalId: 5, textValue: "height", textValue2: "200", selector: .normal),
        Command(type: .CREATE_LINEAR_LAYOUT, internalId: 5, childInternalId: 6, value: 1),
        Command(type: .SET_STYLE, internalId: 6, textValue: "height", textValue2: "1000", selector: .normal),
        Command(
            type: .SET_STYLE, internalId: 6, textValue: "background-color", textValue2: "#ff8800", selector: .normal),
        Command(type: .CREATE_IMAGEVIEW, internalId: 3, childInternalId: 7),
        Command(type: .SET_STYLE, internalId: 7, textValue: "width", textValue2: "40", selector: .normal),
        Command(type: .SET_STYLE, internalId: 7, textValue: "height", textValue2: "40", selector: .normal),
        Command(type: .CREATE_TIMER, internalId: 2, childInternalId: 8, value: 100),
    ]

    /// The same session as a file would hold it.
    static var json: String {
        let style = { (id: Int, sel: Int, k: String, v: String) in
            #"""
            {"type": "SET_STYLE", "internalId": \#(id), "value": \#(sel), "textValue": "\#(k)", "textValue2": \#
            "\#(v)"}
            """#
        }
        let startup = [
            #"{"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.api"}"#,
            #"{"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2}"#,
            style(2, 0, "background-color", "#ffffff"),
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}"#,
            #"{"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "Save"}"#,
            style(4, 1, "background-color", "#1565c0"),
            #"{"type": "CREATE_SCROLL_LAYOUT", "internalId": 3, "childInternalId": 5}"#,
            style(5, 0, "height", "200"),
            #"{"type": "CREATE_LINEAR_LAYOUT", "internalId": 5, "childInternalId": 6, "value": 1}"#,
            style(6, 0, "height", "1000"), style(6, 0, "background-color", "#ff8800"),
            #"{"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 7}"#,
            style(7, 0, "width", "40"), style(7, 0, "height", "40"),
            #"{"type": "CREATE_TIMER", "internalId": 2, "childInternalId": 8, "value": 100}"#,
        ].joined(separator: ",\n")
        let data = Data(red2x2).base64EncodedString()
        return #"""
            {"format": "framework-session", "version": 1, "name": "api", "device": {"width": 360, "height": 640, \#
            "scale": 2, "statusBar": 24}, "steps": [
              {"type": "batch", "steps": [\#(startup)]},
              {"type": "tick", "ms": 50},
              {"type": "setImageData", "internalId": 7, "image": {"format": "RGBA8", "width": 2, "height": 2, \#
            "levels": 1, "data": "\#(data)"}},
              {"type": "press", "internalId": 4},
              {"type": "scroll", "internalId": 5, "value": 5000},
              {"type": "CREATE_TOAST", "internalId": 2, "value": 1000, "textValue": "Saved"},
              {"type": "tick", "ms": 100},
              {"type": "sys", "textValue": "PAUSE"},
              {"type": "back"}
            ]}
            """#
    }

    /// The same steps through the Swift API.
    static func drive(_ b: HeadlessBackend) {
        b.beginBatch()
        for c in startup { b.send(c) }
        b.commitBatch()
        b.tick(50)
        b.setImageData(7, PackedImage(format: .RGBA8, width: 2, height: 2, data: red2x2))
        b.press(4)
        b.scroll(5, to: 5000)
        b.send(Command(type: .CREATE_TOAST, internalId: 2, value: 1000, textValue: "Saved"))
        b.tick(100)
        b.sys("PAUSE")
        b.back()
    }

    @Test func apiAndJSONReplayGiveIdenticalPixelsAndEvents() throws {
        let r = try PipelineHarness.renderer()
        let backend = HeadlessBackend(device: Self.device, renderer: r)
        Self.drive(backend)
        let shot = try backend.screenshot()
        let apiEvents = backend.pollEvents().map(EventJSON.line)

        let (session, decodeDiags) = try SessionDecoder().decode(data: Array(Self.json.utf8), path: "api.json")
        #expect(decodeDiags.isEmpty)
        let replay = r.replay(session)
        let rendered = try r.renderAll(session, replay) { $0.kind == .final }
        let frame = try #require(rendered.frames.last)
        #expect(frame.bitmap == shot)
        #expect(apiEvents == rendered.events.map(EventJSON.line))
        #expect(backend.diagnostics.isEmpty && replay.diagnostics.isEmpty)

        // What the frame shows: the pressed button's ACTIVE blue, the red image, the toast.
        #expect(shot.width == 720 && shot.height == 1280)
        #expect(shot.matches(60, 60, [21, 101, 192]) && shot.matches(60, 300, [255, 136, 0]))
        #expect(
            shot.matches(40, 560, [255, 0, 0], tolerance: 0) && shot.matches(300, 1100, [66, 66, 66], tolerance: 2))
        #expect(backend.tree[4]?.isPressed == true && backend.time == 150)
        #expect(
            apiEvents == [
                #"{"time":0,"type":"SysInfoEvent","internalId":1,"sysType":"START"}"#,
                #"{"time":0,"type":"SysInfoEvent","internalId":1,"sysType":"RESUME"}"#,
                // Clamped to the content: 1000 dp of content in a 200 dp viewport scrolls at most 800.
                #"{"time":50,"type":"ScrollChangedEvent","internalId":5,"scrollPos":800,"scrollRem":0,"height":1000}"#,
                #"{"time":100,"type":"TimerEvent","internalId":2,"timerId":8}"#,
                #"{"time":150,"type":"SysInfoEvent","internalId":1,"sysType":"PAUSE"}"#,
                #"{"time":150,"type":"SysEvent","internalId":1,"sysType":"BACK"}"#,
                // The first frame laid out (the screenshot, as the replay's final frame) gives the image
                // view its 40 dp size, so it asks (item 38: pixels the app sent unasked are no static image).
                #"""
                {"time":150,"type":"ImageRequestEvent","internalId":7,"imageUrl":"","requestedWidth":40,\#
                "requestedHeight":40,"requestedLevels":1,"mode":"REQUEST","format":"RGB565"}
                """#,
            ])
        #expect(backend.pollEvents().isEmpty)  // drained

        // The PNG is the same frame.
        #expect(try PNGCodec.decode(try backend.screenshotPNG()) == shot)
    }

    @Test func scrollEventWithinTheContentAndImageRequests() throws {
        let backend = HeadlessBackend(device: Self.device, renderer: try PipelineHarness.renderer())
        backend.beginBatch()
        for c in Self.startup { backend.send(c) }
        backend.commitBatch()
        backend.scroll(5, to: 300)
        let events = backend.pollEvents().map(EventJSON.line)
        // scrollRem = content - (viewport + pos) = 1000 - (200 + 300).
        #expect(
            events.contains(
                #"{"time":0,"type":"ScrollChangedEvent","internalId":5,"scrollPos":300,"scrollRem":500,"height":1000}"#)
        )
        // The image view has a size and no pixels: it asks for them (no URL: the app decides).
        #expect(
            events.last
                == #"""
                {"time":0,"type":"ImageRequestEvent","internalId":7,"imageUrl":"","requestedWidth":40,\#
                "requestedHeight":40,"requestedLevels":1,"mode":"REQUEST","format":"RGB565"}
                """#
        )
        #expect(backend.pollEvents().isEmpty)  // asked once
        // A toast fades on the backend's clock like in a replay.
        backend.send(Command(type: .CREATE_TOAST, internalId: 2, value: 1000, textValue: "Saved"))
        #expect(backend.tree.liveToasts.count == 1)
        backend.tick(1999)  // any value but 1 is a short toast: 2 s (semantics.md item 41)
        #expect(backend.tree.liveToasts.count == 1)
        backend.tick(1)
        #expect(backend.tree.liveToasts.isEmpty)
    }

    @Test func launchScreenUntilTheFirstCall() throws {
        var device = Self.device
        device.launchScreen = "logo.png"
        let backend = HeadlessBackend(
            device: device, renderer: try PipelineHarness.renderer(),
            assetsDirectory: PipelineHarness.examples + "/assets")
        let launch = try backend.screenshot()
        #expect(launch.rgb(360, 200)[2] > 200 && launch.rgb(360, 200)[0] < 100)  // the blue logo
        #expect(backend.diagnostics.isEmpty)
        backend.beginBatch()
        for c in Self.startup { backend.send(c) }
        backend.commitBatch()
        #expect(try backend.screenshot().rgb(360, 1200) == [255, 255, 255])
    }

    /// One renderer behind backends of different scales, used in turn: text is measured at each
    /// backend's own device scale (passed with each measurement, not set on the shared text
    /// engine), so a backend never gets paragraphs laid out at the other's scale.
    @Test func backendsOfDifferentScalesShareARendererWithoutMixingText() throws {
        let device3 = Device(width: 360, height: 640, scale: 3, statusBar: 24)
        let shared = try PipelineHarness.renderer()
        let a = HeadlessBackend(device: Self.device, renderer: shared)
        let b = HeadlessBackend(device: device3, renderer: shared)
        Self.drive(a)
        Self.drive(b)
        let shotA = try a.screenshotFrame()
        let shotB = try b.screenshotFrame()
        let aloneA = HeadlessBackend(device: Self.device, renderer: try PipelineHarness.renderer())
        let aloneB = HeadlessBackend(device: device3, renderer: try PipelineHarness.renderer())
        Self.drive(aloneA)
        Self.drive(aloneB)
        #expect(shotA.bitmap == (try aloneA.screenshot()))
        #expect(shotB.bitmap == (try aloneB.screenshot()))
        // The scale matters for this text: the button's line snaps to different pixels.
        let lineA = try #require(shotA.layout.elements[4]?.paragraph?.lines.first)
        let lineB = try #require(shotB.layout.elements[4]?.paragraph?.lines.first)
        #expect(lineA.rect.height != lineB.rect.height)
    }
}

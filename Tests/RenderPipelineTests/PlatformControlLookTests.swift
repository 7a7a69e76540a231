import Foundation
import Primitives
import Testing

@testable import RenderPipeline

/// Looks of controls that differ per platform theme (issue 8): the iOS text field bezel, Android's
/// switch labels, the iOS dialog close button. Probes read pixels of the final frame at scale 1.
private func renderFinal(_ steps: String, theme: String, name: String) throws -> RenderedFrame {
    let json = """
        {"format": "framework-session", "version": 1, "device": {"width": 360, "height": 640, "scale": 1},
         "steps": [\(steps)]}
        """
    let dir = NSTemporaryDirectory() + "platform-control-look-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = "\(dir)/\(name)-\(theme).json"
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try PipelineHarness.render(path, renderer: PipelineHarness.renderer(theme: theme)).0
}

private let appView = """
    {"type": "CREATE_APPLICATION", "childInternalId": 1},
    {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
    {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1},
    {"type": "SET_STYLE", "internalId": 3, "textValue": "padding", "textValue2": "20"},
    {"type": "SET_STYLE", "internalId": 3, "textValue": "background", "textValue2": "#e0e0e0"}
    """

@Test func iosTextFieldHasABezelOthersAnUnderline() throws {
    let steps =
        appView + """
            , {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 4, "textValue": ""},
            {"type": "SET_STYLE", "internalId": 4, "textValue": "width", "textValue2": "200"}
            """
    for theme in ["ios", "android", "default"] {
        let f = try renderFinal(steps, theme: theme, name: "bezel")
        let box = try #require(f.layout[4]?.frame)
        let (x0, y0) = (Int(box.minX), Int(box.minY))
        let (x1, y1) = (Int(box.maxX) - 1, Int(box.maxY) - 1)
        let (mx, my) = (Int(box.midX), Int(box.midY))
        if theme == "ios" {
            // White fill inside, a grey #c8c7cc outline on all four sides (left and top too).
            #expect(f.bitmap.matches(mx, my, [255, 255, 255]))
            #expect(f.bitmap.matches(x0, my, [0xc8, 0xc7, 0xcc], tolerance: 12))
            #expect(f.bitmap.matches(mx, y0, [0xc8, 0xc7, 0xcc], tolerance: 12))
            #expect(f.bitmap.matches(mx, y1, [0xc8, 0xc7, 0xcc], tolerance: 12))
            #expect(f.bitmap.matches(x1, my, [0xc8, 0xc7, 0xcc], tolerance: 12))
            // Rounded: the very corner shows the layout's grey behind.
            #expect(f.bitmap.matches(x0, y0, [0xe0, 0xe0, 0xe0], tolerance: 12))
        } else {
            // No bezel: the layout's background at the left edge and the top; a line at the bottom.
            #expect(f.bitmap.matches(x0, my, [0xe0, 0xe0, 0xe0]))
            #expect(f.bitmap.matches(mx, y0, [0xe0, 0xe0, 0xe0]))
            #expect(!f.bitmap.matches(mx, y1, [0xe0, 0xe0, 0xe0]))
        }
    }
}

@Test func switchLabelsShowOnAndroidOnlyForTheState() throws {
    // Switch 4 on ("Yes"/"No"), switch 5 off.
    let steps =
        appView + """
            , {"type": "CREATE_SWITCH", "internalId": 3, "childInternalId": 4, "value": 1, "textValue": "Yes", \
            "textValue2": "No"},
            {"type": "CREATE_SWITCH", "internalId": 3, "childInternalId": 5, "value": 0, "textValue": "Yes", \
            "textValue2": "No"}
            """
    func label(_ f: RenderedFrame, _ id: Int) -> String {
        f.layout[id]?.paragraph.map { $0.lines.map(\.text).joined() } ?? ""
    }
    let android = try renderFinal(steps, theme: "android", name: "switch")
    #expect(label(android, 4) == "Yes")
    #expect(label(android, 5) == "No")
    let ios = try renderFinal(steps, theme: "ios", name: "switch")
    #expect(label(ios, 4) == "" && label(ios, 5) == "")
    // iOS: the switch is as wide as its track (plus padding); Android adds the label and the gap.
    let theme = try PipelineHarness.renderer(theme: "ios").theme.switchControl
    let iosFrame = try #require(ios.layout[4]?.frame)
    let iosTrack = try #require(ios.layout[4]?.iconFrame)
    #expect(iosTrack.width == theme.trackWidth)
    #expect(
        iosFrame.width - iosTrack.width < 1
            + (ios.layout[4].map { $0.style.padding.left + $0.style.padding.right } ?? 0))
    let androidFrame = try #require(android.layout[4]?.frame)
    let androidTrack = try #require(android.layout[4]?.iconFrame)
    #expect(androidFrame.width > androidTrack.width + 10)
    // Pixels: no dark glyph left of the iOS track; some on Android's label.
    func darkPixels(_ f: RenderedFrame, _ box: Rect, _ track: Rect) -> Int {
        var n = 0
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(track.minX) where f.bitmap.rgb(x, y).allSatisfy({ $0 < 128 }) { n += 1 }
        }
        return n
    }
    #expect(darkPixels(ios, iosFrame, iosTrack) == 0)
    #expect(darkPixels(android, androidFrame, androidTrack) > 10)
}

@Test func iosDialogHasACloseCrossAtTheRightOfItsTitleBar() throws {
    let steps =
        appView + """
            , {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 20, "textValue": "Delete?"},
            {"type": "CREATE_TEXT", "internalId": 20, "childInternalId": 21, "textValue": "Body"}
            """
    for theme in ["ios", "android", "default"] {
        let f = try renderFinal(steps, theme: theme, name: "dialog")
        let panel = try #require(f.layout[20]?.frame)
        let header = try PipelineHarness.renderer(theme: theme).theme.dialog.headerHeight
        // The centre of the header-high square at the right end, and a point on one arm of the X.
        let cx = Int(panel.maxX - header / 2)
        let cy = Int(panel.minY + header / 2)
        let blue = [0x00, 0x7a, 0xff]
        if theme == "ios" {
            #expect(f.bitmap.matches(cx, cy, blue, tolerance: 40))
            #expect(f.bitmap.matches(cx - 5, cy - 5, blue, tolerance: 60))
            #expect(f.bitmap.matches(cx + 5, cy + 5, blue, tolerance: 60))
            // Between the arms (above the centre) the bar stays white.
            #expect(f.bitmap.matches(cx, cy - 6, [255, 255, 255], tolerance: 20))
        } else {
            #expect(!f.bitmap.matches(cx, cy, blue, tolerance: 40))
        }
    }
}

import Foundation
import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout

/// Layout numbers of one stream replayed and laid out under a platform ("ios", "android", nil =
/// neutral): the test theme with its `platform` set, real style parsing, the fixed-metric text.
private func layOut(_ platform: String?, _ steps: String, theme base: Theme = testTheme) throws -> LayoutResult {
    var theme = base
    theme.platform = platform
    let json = "{\"format\": \"framework-session\", \"version\": 1, \"steps\": [\(steps)]}"
    let (s, _) = try SessionDecoder().decode(data: Array(json.utf8), path: "test.json")
    let r = Replayer(session: s, options: ReplayOptions(platform: theme.profile)).run()
    return LayoutEngine(theme: theme, measurer: FakeMeasurer()).layout(
        r.final, device: Device(width: 360, height: 640, scale: 2))
}

/// App 1, view 2, vertical linear layout 3, then `rest`.
private func column(_ rest: String) -> String {
    """
    {"type": "CREATE_APPLICATION", "childInternalId": 1},
    {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
    {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 1}\(rest.isEmpty ? "" : ",")
    \(rest)
    """
}

private func style(_ id: Int, _ key: String, _ value: String) -> String {
    #"{"type": "SET_STYLE", "internalId": \#(id), "textValue": "\#(key)", "textValue2": "\#(value)"}"#
}

@Test func paddingTenTwentyPerPlatform() throws {
    let steps = column(
        """
        \(style(3, "padding", "10 20")),
        {"type": "CREATE_FRAME_LAYOUT", "internalId": 3, "childInternalId": 4},
        \(style(4, "width", "50")), \(style(4, "height", "50"))
        """)
    let neutral = try layOut(nil, steps)
    let ios = try layOut("ios", steps)
    let android = try layOut("android", steps)
    #expect(neutral.frames[4] == Rect(20, 10, 50, 50))
    #expect(neutral.frames[3] == Rect(0, 0, 90, 70))
    #expect(ios.frames[4] == Rect(10, 10, 50, 50))  // first number only
    #expect(ios.frames[3] == Rect(0, 0, 70, 70))
    #expect(android.frames[4] == Rect(20, 10, 50, 50))  // 10 20 20 20
    #expect(android.frames[3] == Rect(0, 0, 90, 80))
}

@Test func unsupportedCheckboxTakesNoSpaceOnIOS() throws {
    let steps = column(
        """
        {"type": "CREATE_CHECKBOX", "internalId": 3, "childInternalId": 4, "textValue": "Agree"},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "after"}
        """)
    let ios = try layOut("ios", steps)
    let android = try layOut("android", steps)
    #expect(ios.frames[4] == nil)
    #expect(ios.frames[5]?.y == 0)
    #expect(!ios.paintOrder.contains(4))
    let box = try #require(android.frames[4])
    #expect(box.height > 0)
    #expect(android.frames[5]?.y == box.maxY)
}

@Test func mainAxisMatchParentPerPlatform() throws {
    let steps = column(
        """
        \(style(3, "height", "match-parent")),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "b"},
        \(style(5, "height", "match-parent")),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 6, "textValue": "c"}
        """)
    // Neutral: weight 1, so the last label stays at the bottom.
    let neutral = try layOut(nil, steps)
    #expect(neutral.frames[5] == Rect(0, 20, 8, 600))
    #expect(neutral.frames[6]?.y == 620)
    // iOS: wrap-content.
    let ios = try layOut("ios", steps)
    #expect(ios.frames[5] == Rect(0, 20, 8, 20))
    #expect(ios.frames[6]?.y == 40)
    // Android: everything left at its place; the label after it is pushed out (0 tall at 640).
    let android = try layOut("android", steps)
    #expect(android.frames[5] == Rect(0, 20, 8, 620))
    #expect(android.frames[6]?.y == 640)
    #expect(android.frames[6]?.height == 0)
}

@Test func invisibleKeepsItsBoxOnAndroidGoneCollapses() throws {
    let steps = column(
        """
        {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4, "textValue": "OK"},
        {"type": "SET_VISIBILITY", "internalId": 4, "value": 0},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "x"},
        {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 6},
        {"type": "SET_VISIBILITY", "internalId": 6, "value": 0},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 7, "textValue": "y"}
        """)
    let android = try layOut("android", steps)
    let button = try #require(android.frames[4])  // INVISIBLE: keeps its box ...
    #expect(button.height > 0)
    #expect(!android.paintOrder.contains(4))  // ... but is not painted
    #expect(android.frames[5]?.y == button.maxY)
    #expect(android.frames[6] == nil)  // an EditText is GONE
    #expect(android.frames[7]?.y == android.frames[5]!.maxY)
    for p in [nil, "ios"] as [String?] {
        let r = try layOut(p, steps)
        #expect(r.frames[4] == nil)
        #expect(r.frames[5]?.y == 0)
        #expect(r.frames[7]?.y == 20)
    }
}

@Test func appActionBarGoneAfterViewSwitchOnIOS() throws {
    let steps = """
        {"type": "CREATE_APPLICATION", "childInternalId": 1},
        {"type": "CREATE_ACTIONBAR", "internalId": 1, "childInternalId": 5, "textValue": "Title"},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 3},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4, "value": 1},
        {"type": "SET_INT_VALUE", "internalId": 1, "childInternalId": 3, "value": 1}
        """
    let android = try layOut("android", steps)
    #expect(android.bars == [5])
    #expect(android.frames[4]?.y == 56)  // the bar (test theme 56) pushes content down
    let ios = try layOut("ios", steps)
    #expect(ios.bars.isEmpty)
    #expect(ios.frames[5] == nil)
    #expect(ios.frames[4]?.y == 0)
}

@Test func iosDirectionZeroIsHorizontal() throws {
    let steps = """
        {"type": "CREATE_APPLICATION", "childInternalId": 1},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 2, "childInternalId": 3, "value": 0},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "ab"},
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 5, "textValue": "cd"}
        """
    #expect(try layOut(nil, steps).frames[5] == Rect(0, 20, 16, 20))
    #expect(try layOut("android", steps).frames[5] == Rect(0, 20, 16, 20))
    #expect(try layOut("ios", steps).frames[5] == Rect(16, 0, 16, 20))
}

@Test func dialogTitlePlacementFollowsTheTheme() throws {
    let steps = """
        {"type": "CREATE_APPLICATION", "childInternalId": 1},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_DIALOG", "internalId": 1, "childInternalId": 9, "textValue": "Hi"}
        """
    // Panel min(360 - 48, 560) = 312 wide at x 24; the title is 16 wide.
    #expect(try layOut(nil, steps).textOrigins[9]?.x == 40)  // at the padding (16)
    var centred = testTheme
    centred.dialog.titleCentered = true  // iOS: centred in the bar
    #expect(try layOut("ios", steps, theme: centred).textOrigins[9]?.x == 24 + (312 - 16) / 2)
    var inset = testTheme
    inset.dialog.titleX = 14  // Android: 14 from the left
    #expect(try layOut("android", steps, theme: inset).textOrigins[9]?.x == 38)
}

/// iOS insets a scroll view's content by the part under the overlaying navigation bar; Android's
/// bar pushes the content down instead, and plain layouts stay under the iOS bar.
@Test func scrollContentStartsBelowTheIOSBar() throws {
    let steps = """
        {"type": "CREATE_APPLICATION", "childInternalId": 1},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_ACTIONBAR", "internalId": 2, "childInternalId": 5, "textValue": "Title"},
        {"type": "CREATE_SCROLL_LAYOUT", "internalId": 2, "childInternalId": 3},
        {"type": "CREATE_LINEAR_LAYOUT", "internalId": 3, "childInternalId": 4, "value": 1},
        \(style(4, "height", "2000"))
        """
    let ios = try layOut("ios", steps, theme: ThemeLoader.load("ios"))
    let bar = try #require(ios.frames[5])
    let scroll = try #require(ios.frames[3])
    #expect(scroll.y < bar.maxY)  // the scroll view itself is under the bar
    #expect(ios.frames[4]?.y == bar.maxY)  // its content starts below it
    let scrolled = try layOut(
        "ios", steps + #", {"type": "SET_INT_VALUE", "internalId": 3, "value": 100}"#,
        theme: ThemeLoader.load("ios"))
    #expect(scrolled.frames[4]?.y == bar.maxY - 100)
    let android = try layOut("android", steps, theme: ThemeLoader.load("android"))
    let aBar = try #require(android.frames[5])
    #expect(android.frames[3]?.y == aBar.maxY)  // pushed down, no inset
    #expect(android.frames[4]?.y == aBar.maxY)
}

/// Android's FWTextView ignores markdown and links only URLs (for any non-zero value); iOS and the
/// preview draw `# ` headings and link #tags too.
@Test func androidLabelsIgnoreMarkdownAndLinkOnlyURLs() {
    let red = Color(rgb: 0xc32527)
    let ios = LabelText.build("# Title\n#tag http://x.fi", bits: 3, linkColor: red)
    let android = LabelText.build("# Title\n#tag http://x.fi", bits: 3, linkColor: red, android: true)
    #expect(ios.spans.map(\.text).joined() == "Title\n#tag http://x.fi")
    #expect(ios.spans.first?.weight == 700)
    #expect(ios.spans.contains { $0.text == "#tag" && $0.color == red })
    #expect(android.spans.map(\.text).joined() == "# Title\n#tag http://x.fi")
    #expect(android.spans.allSatisfy { $0.weight == nil })
    #expect(!android.spans.contains { $0.text.contains("#tag") && $0.color == red })
    #expect(android.spans.contains { $0.text == "http://x.fi" && $0.color == red && $0.underline })
    // Markdown only (value 2): Android still links URLs.
    let markdownOnly = LabelText.build("see http://x.fi", bits: 2, linkColor: red, android: true)
    #expect(markdownOnly.spans.contains { $0.text == "http://x.fi" && $0.color == red })
    #expect(
        PlatformProfile.android.labelsLinkURLsOnlyAndIgnoreMarkdown
            && !PlatformProfile.ios.labelsLinkURLsOnlyAndIgnoreMarkdown)
}

import Primitives
import SessionFormat
import Styles
import Testing

@testable import WidgetTree

@Suite struct WidgetCommandTests {
    @Test func setIntValuePerWidgetKind() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_SWITCH", "internalId": 3, "childInternalId": 4},
                {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 5},
                {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 6},
                {"type": "CREATE_PAGE_CONTROL", "internalId": 3, "childInternalId": 7, "value": 4},
                {"type": "CREATE_SCROLL_LAYOUT", "internalId": 3, "childInternalId": 8},
                {"type": "CREATE_PICKER", "internalId": 3, "childInternalId": 9},
                {"type": "SET_INT_VALUE", "internalId": 4, "value": 7},
                {"type": "SET_INT_VALUE", "internalId": 5, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 6, "value": 1},
                {"type": "SET_INT_VALUE", "internalId": 7, "value": 2},
                {"type": "SET_INT_VALUE", "internalId": 8, "value": 120},
                {"type": "SET_INT_VALUE", "internalId": 9, "value": 2}
                """#)
        let t = r.final
        #expect(t[4]?.value == 1)
        #expect(t[5]?.isSelected == true)
        #expect(t[6]?.isFocused == true)
        #expect(t[7]?.value == 4 && t[7]?.currentPage == 2)
        #expect(t[8]?.value == 120)
        #expect(t[9]?.value == 2)
        #expect(r.events("ScrollChangedEvent").isEmpty)  // the app set it itself
    }

    @Test func actionBarTitleAndSubtitleTogether() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_ACTIONBAR", "internalId": 2, "childInternalId": 4, "textValue": "Inbox", \#
                "textValue2": "12 unread"},
                {"type": "snapshot", "name": "a"},
                {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "Sent"}
                """#)
        #expect(r.captures[0].tree[4]?.text2 == "12 unread")
        #expect(r.final[4]?.text == "Sent" && r.final[4]?.text2 == "")
    }

    @Test func imageViewsUrlsAssetsPixelsAndClear() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 4, "textValue": \#
                "https://x/img-64.jpg", "width": 64, "height": 48},
                {"type": "ADD_IMAGE_URL", "internalId": 4, "textValue": "https://x/img-256.jpg", "width": 256, \#
                "height": 192},
                {"type": "ADD_IMAGE_URL", "internalId": 4, "textValue": "https://x/img-128.jpg", "width": 128, \#
                "height": 96},
                {"type": "ADD_IMAGE_URL", "internalId": 4, "textValue": "https://x/img-128b.jpg", "width": 128, \#
                "height": 90},
                {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 5, "textValue": "photo@2x.png"},
                {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 6},
                {"type": "CREATE_IMAGEVIEW", "internalId": 3, "childInternalId": 7},
                {"type": "setImageData", "internalId": 6, "image": {"format": "RGB565", "width": 1, "height": 1, \#
                "data": "AAA="}},
                {"type": "setImageData", "internalId": 7, "image": {"file": "test.png"}},
                {"type": "setSurface", "internalId": 3, "surface": {"width": 20, "height": 10, "draw": [["fillRect", \#
                0, 0, 5, 5]]}},
                {"type": "snapshot", "name": "loaded"},
                {"type": "CLEAR", "internalId": 4},
                {"type": "CLEAR", "internalId": 6}
                """#)
        let t = r.captures[0].tree
        #expect(t[4]?.imageURLs.map(\.width) == [64, 128, 256])
        #expect(t[4]?.imageURLs[1].url == "https://x/img-128b.jpg")
        #expect(t[4]?.content == nil)
        #expect(t[5]?.content == .asset("photo@2x.png") && t[5]?.imageURLs == [])
        #expect(t[6]?.content == .packed(PackedImage(format: .RGB565, width: 1, height: 1, data: [0, 0])))
        #expect(t[7]?.content == .asset("test.png"))
        #expect(
            t[3]?.content
                == .surface(
                    SurfacePayload(
                        width: 20, height: 10,
                        ops: [CanvasOp(name: "fillRect", args: [.number(0), .number(0), .number(5), .number(5)])])))
        #expect(r.final[4]?.imageURLs == [] && r.final[6]?.content == nil)
    }

    @Test func imageURLPickerFollowsGetSuitable() {
        let urls = [
            ImageURL(url: "c", width: 256, height: 1), ImageURL(url: "a", width: 64, height: 1),
            ImageURL(url: "b", width: 128, height: 1),
        ]
        #expect(ImageURLPicker.pick(urls: urls, viewPixelWidth: 160)?.url == "b")  // 128 * 4 >= 160 * 3
        #expect(ImageURLPicker.pick(urls: urls, viewPixelWidth: 86)?.url == "b")  // 64 * 4 = 256 < 258
        #expect(ImageURLPicker.pick(urls: urls, viewPixelWidth: 85)?.url == "a")
        #expect(ImageURLPicker.pick(urls: urls, viewPixelWidth: 1000)?.url == "c")  // none suits: the largest
        #expect(ImageURLPicker.pick(urls: [], viewPixelWidth: 10) == nil)
    }

    @Test func clearPerKind() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_PICKER", "internalId": 3, "childInternalId": 4},
                {"type": "ADD_OPTION", "internalId": 4, "value": 0, "textValue": "Light"},
                {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 5, "textValue": "typed"},
                {"type": "CREATE_ACTIONBAR", "internalId": 2, "childInternalId": 6},
                {"type": "CREATE_BUTTON", "internalId": 6, "childInternalId": 7},
                {"type": "CLEAR", "internalId": 4}, {"type": "CLEAR", "internalId": 5}, {"type": "CLEAR", \#
                "internalId": 6}
                """#)
        #expect(r.final[4]?.options == [])
        #expect(r.final[5]?.text == "")
        #expect(r.final[6]?.children == [] && r.final[7]?.parent == nil)
    }

    @Test func setStyleStoresPerSelectorAndBadValuesKeepThePreviousOne() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_BUTTON", "internalId": 3, "childInternalId": 4},
                {"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "background-color", "textValue2": \#
                "#2962ff"},
                {"type": "SET_STYLE", "internalId": 4, "value": "ACTIVE", "textValue": "background-color", \#
                "textValue2": "#0039cb"},
                {"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "background-color", "textValue2": \#
                "not-a-colour"},
                {"type": "SET_STYLE", "internalId": 4, "value": 0, "textValue": "no-such-key", "textValue2": "1"}
                """#)
        let e = try #require(r.final[4])
        var normal = StyleDeclarations()
        try StyleParser.apply(key: "background-color", value: "#2962ff", to: &normal)
        var active = StyleDeclarations()
        try StyleParser.apply(key: "background-color", value: "#0039cb", to: &active)
        #expect(e.styles[.normal] == normal)
        #expect(e.styles[.active] == active)
        #expect(e.styles.count == 2)
        #expect(r.diagnostics("bad-style").map(\.step) == [6, 7])
        #expect(r.diagnostics("bad-style").allSatisfy { $0.severity == .warning })
    }

    @Test func portabilityNotesBecomeWarnings() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "SET_STYLE", "internalId": 3, "textValue": "padding", "textValue2": "4 8"}
                """#)
        let d = r.diagnostics("portability")
        #expect(d.count == 1 && d[0].step == 3 && d[0].severity == .warning)
    }

    @Test func errorsCellsStopLinksAndRecordedCommands() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "CREATE_TEXTFIELD", "internalId": 3, "childInternalId": 4},
                {"type": "SET_ERROR", "internalId": 4, "value": 1, "textValue": "Arvo ei kelpaa!"},
                {"type": "CREATE_LISTVIEW", "internalId": 3, "childInternalId": 5},
                {"type": "SET_TEXT_DATA", "internalId": 5, "row": 1, "column": 0, "textValue": "a"},
                {"type": "SET_TEXT_DATA", "internalId": 5, "row": 1, "column": 0, "textValue": "b"},
                {"type": "SET_TEXT_DATA", "internalId": 5, "row": 2, "column": 1, "sheet": 1, "textValue": "c"},
                {"type": "CREATE_PROGRESS_SPINNER", "internalId": 3, "childInternalId": 6},
                {"type": "STOP", "internalId": 6},
                {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 7, "textValue": "see #tag"},
                {"type": "CREATE_LINK", "internalId": 7, "textValue": "(#\\w+)"},
                {"type": "LAUNCH_BROWSER", "internalId": 1, "textValue": "https://example.com"},
                {"type": "UPDATE_PREFERENCE", "internalId": 1, "textValue": "k", "textValue2": "v"},
                {"type": "FLUSH_VIEW", "internalId": 5},
                {"type": "QUIT_APP"}
                """#)
        #expect(r.final[4]?.errorText == "Arvo ei kelpaa!")
        #expect(
            r.final[5]?.cells == [
                Cell(row: 1, column: 0, sheet: 0, text: "b"), Cell(row: 2, column: 1, sheet: 1, text: "c"),
            ])
        #expect(r.final[6]?.isStopped == true)
        #expect(r.final[7]?.linkPatterns == ["(#\\w+)"])
        #expect(r.recorded.map(\.command.type) == [.LAUNCH_BROWSER, .UPDATE_PREFERENCE, .FLUSH_VIEW, .QUIT_APP])
        #expect(r.recorded.map(\.step) == [13, 14, 15, 16])
        // The browser opens a placeholder page over the screen, with one info line (item 42).
        #expect(
            r.final.browsers == [
                BrowserPage(url: "https://example.com", opened: 0, openedBy: r.recorded[0].command.internalId)
            ])
        #expect(r.diagnostics.map(\.severity) == [.info] && r.diagnostics.map(\.code) == ["web-content"])
    }

    @Test func batchAppliesAllItsCommandsAsOneStep() throws {
        let r = try replay(
            appViewLayout + #"""
                , {"type": "batch", "steps": [
                    {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": "a"},
                    {"type": "SET_TEXT_VALUE", "internalId": 4, "textValue": "b"},
                    {"type": "SET_TEXT_VALUE", "internalId": 44, "textValue": "c"}
                ]}
                """#)
        #expect(r.final[4]?.text == "b" && r.final[4]?.createdStep == 3)
        #expect(r.diagnostics.map(\.step) == [3])
        #expect(r.diagnostics.first?.path == "steps[3].steps[2]")
    }
}

import Foundation
import Primitives
import Testing

@testable import Styles

private func color(_ s: String) -> Color? { StyleParser.parseColor(s) }

@Test func defaultThemeHasTheAppendixNumbers() throws {
    let t = try ThemeLoader.load("default")
    #expect(t.name == "default")
    #expect(t.font == .init(family: "Roboto", size: 15, weight: 400, color: "#000000"))
    #expect(t.linkColor == "#c32527" && t.assetDensity == 3 && t.clickValue == 1)
    let ab = t.actionBar
    #expect(ab.height == 56 && color(ab.background) == .white && ab.lineColor == "#e0e0e0" && ab.lineWidth == 1)
    #expect(
        !ab.overlaysContent && ab.titleX == 16 && ab.titleXAfterButton == 72 && ab.buttonX == 16 && ab.iconSize == 24)
    #expect(ab.title == .init(family: "Roboto", size: 20, weight: 500, color: "#212121"))
    #expect(ab.subtitle == .init(family: "Roboto", size: 14, weight: 400, color: "#757575"))
    #expect(ab.saveText == "Save" && ab.saveRightInset == 16)
    let nb = t.navigationBar
    #expect(
        nb.height == 56 && nb.iconSize == 24 && nb.label.size == 12 && nb.selectedColor == "#1a73e8"
            && nb.color == "#5f6368")
    #expect(t.searchBar.height == 56)
    let b = t.button
    #expect(b.background == "#e0e0e0" && b.radius == 4 && b.padding == [8, 16] && b.minHeight == 36)
    #expect(
        b.font == .init(family: "Roboto", size: 15, weight: 500, color: "#000000") && b.iconSize == 24 && b.iconGap == 6
    )
    let tf = t.textField
    #expect(
        tf.height == 40 && tf.padding == 8 && tf.lineColor == "#9e9e9e" && tf.lineWidth == 1
            && tf.hintColor == "#9e9e9e")
    #expect(tf.font.size == 15 && tf.passwordDot == "•")
    let sw = t.switchControl
    #expect(
        sw.trackWidth == 36 && sw.trackHeight == 14 && sw.trackRadius == 7 && sw.offColor == "#bdbdbd"
            && sw.onColor == "#43a047")
    #expect(
        sw.thumbSize == 20 && color(sw.thumbColor) == .white && sw.thumbRingColor == "#9e9e9e" && sw.thumbRingWidth == 1
            && sw.labelGap == 8)
    let cb = t.checkbox
    #expect(cb.size == 18 && cb.radius == 2 && cb.borderWidth == 2 && cb.borderColor == "#616161")
    #expect(cb.checkedColor == "#1a73e8" && color(cb.tickColor) == .white && cb.labelGap == 8)
    #expect(
        t.picker.padding == 8 && t.picker.arrowWidth == 10 && t.picker.arrow == "▾" && t.picker.lineColor == "#9e9e9e")
    #expect(t.spinner.size == 24 && t.spinner.spokes == 12 && t.spinner.color == "#757575")
    #expect(
        t.pageControl.dotSize == 8 && t.pageControl.gap == 8 && t.pageControl.currentColor == "#424242"
            && t.pageControl.color == "#bdbdbd")
    #expect(
        t.imagePlaceholder
            == .init(width: 48, height: 48, background: "#e0e0e0", borderColor: "#bdbdbd", borderWidth: 1))
    #expect(color(t.scrim) == Color(r: 0, g: 0, b: 0, a: 102))  // 0.4 * 255
    let d = t.dialog
    #expect(d.sideMargin * 2 == 48 && d.maxWidth == 560 && d.radius == 8 && color(d.background) == .white)
    #expect(
        StyleParser.parseShadow(d.shadow)
            == Shadow(offsetX: 0, offsetY: 4, blur: 16, color: Color(r: 0, g: 0, b: 0, a: 0x40)))
    #expect(
        d.headerHeight == 56 && d.title.size == 18 && d.title.weight == 700 && d.padding == 16
            && d.verticalMargin * 2 == 48)
    let s = t.actionSheet
    #expect(
        color(s.background) == .white && s.radius == 8 && s.titleHeight == 44 && s.rowHeight == 56
            && s.cancelText == "Cancel")
    #expect(
        s.title == .init(family: "Roboto", size: 14, weight: 500, color: "#757575") && s.option.size == 16
            && s.option.color == "#212121")
    let to = t.toast
    #expect(to.background == "#323232" && to.opacity == 0.92 && to.radius == 8 && to.padding == [8, 16])
    #expect(to.font.size == 14 && color(to.font.color) == .white && to.bottomOffset == 64 && to.position == "bottom")
    #expect(to.defaultDuration == 2000 && to.fadeDuration == 300)
    #expect(color(t.drawer.background) == .white && t.drawer.rightGap == 75)
    #expect(t.statusBar == nil)
}

@Test func builtInThemesLoadAndValidate() throws {
    #expect(ThemeLoader.builtInNames.contains("default"))
    for name in ThemeLoader.builtInNames {
        let t = try ThemeLoader.load(name)
        #expect(t.name == name)
        #expect(ThemeValidator.problems(in: t).isEmpty)
    }
}

@Test func jsonRoundTripsWithSortedKeys() throws {
    let t = try ThemeLoader.load("default")
    let json = ThemeLoader.json(of: t)
    #expect(json.contains("\"actionBar\" : {") && json.contains("\"passwordDot\" : \"•\""))
    #expect(json.range(of: "\"actionBar\"")!.lowerBound < json.range(of: "\"assetDensity\"")!.lowerBound)
    let back = try ThemeLoader.load(data: Data(json.utf8), source: "printed")
    #expect(back == t)
}

// MARK: user theme files

private func withTempDir(_ body: (URL) throws -> Void) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("styles-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try body(dir)
}

@Test func loadsAUserThemeFile() throws {
    try withTempDir { dir in
        var t = try ThemeLoader.load("default")
        t.name = "mine"
        t.linkColor = "#0000ff"
        t.widgetDefaults["text"] = ["font-size": "18"]
        let file = dir.appendingPathComponent("mine.json")
        try ThemeLoader.json(of: t).write(to: file, atomically: true, encoding: .utf8)
        let loaded = try ThemeLoader.load(file.path)
        #expect(loaded == t)
        let r = StyleResolver(theme: loaded).resolve(kind: .text, styles: [:], pressed: false, selected: false)
        #expect(r.fontSize == 18 && r.linkColor == Color(rgb: 0x0000ff))
    }
}

@Test func aThemeCanExtendAnother() throws {
    try withTempDir { dir in
        let file = dir.appendingPathComponent("dark.json")
        try ##"""
        {"extends": "default", "name": "dark", "_comment": "only what changes", "actionBar": {"background": \##
        "#202124"}}
        """##
        .write(to: file, atomically: true, encoding: .utf8)
        let t = try ThemeLoader.load(file.path)
        #expect(
            t.name == "dark" && t.actionBar.background == "#202124" && t.actionBar.height == 56 && t.button.radius == 4)
    }
}

/// A change to the default theme's JSON and a piece of the expected error.
let brokenThemes: [(String, String)] = [
    (##""linkColor": "#c32527""##, ##""linkColor": "#zzz""##),
    (##""scrim": "#66000000""##, ##""scrim": 5"##),
    (##""height": 40,"##, ##""height": -40,"##),
    (##""spokes": 12"##, ##""spokez": 12"##),
    (##""text-align": "center""##, ##""text-align": "middle""##),
    (##""shadow": "0 4 16 #40000000""##, ##""shadow": "a lot""##),
    (##""position": "bottom""##, ##""position": "top""##),
    (##""assetDensity": 3,"##, ##""assetDensity": 3,,"##),
    (##""pager": {"##, ##""pagerr": {"##),
]
let brokenMessages = [
    "linkColor: \"#zzz\" is not a colour", "field scrim should be a string",
    "textField.height: -40.0 is not a number >= 0",
    "missing field spinner.spokes", "widgetDefaults.button.text-align", "dialog.shadow: \"a lot\" is not a shadow",
    "toast.position", "not valid JSON", "widgetDefaults.pagerr: not a widget kind",
]

@Test(arguments: zip(brokenThemes, brokenMessages))
func rejectsABrokenTheme(_ change: (String, String), _ message: String) throws {
    try withTempDir { dir in
        let url = try #require(ThemeLoader.builtInURL("default"))
        let original = try String(contentsOf: url, encoding: .utf8)
        #expect(original.contains(change.0))
        let file = dir.appendingPathComponent("broken.json")
        try original.replacingOccurrences(of: change.0, with: change.1).write(
            to: file, atomically: true, encoding: .utf8)
        do {
            _ = try ThemeLoader.load(file.path)
            Issue.record("should not load")
        } catch let e as ThemeError {
            #expect(e.description.hasPrefix("theme \(file.path): "))
            #expect(e.message.contains(message), "message: \(e.message)")
        }
    }
}

@Test func unknownFieldAndUnknownNameAreNamed() throws {
    try withTempDir { dir in
        let file = dir.appendingPathComponent("typo.json")
        try ##"{"extends": "default", "actionBar": {"titleColour": "#ff0000"}}"##.write(
            to: file, atomically: true, encoding: .utf8)
        #expect(throws: ThemeError.self) { try ThemeLoader.load(file.path) }
        do { _ = try ThemeLoader.load(file.path) } catch let e as ThemeError {
            #expect(e.message == "unknown field actionBar.titleColour")
        }
    }
    do { _ = try ThemeLoader.load("nosuchtheme") } catch let e as ThemeError {
        #expect(e.message.contains("no built-in theme") && e.message.contains("default"))
    }
    do { _ = try ThemeLoader.load("/nonexistent/x.json") } catch let e as ThemeError {
        #expect(e.message.contains("cannot read the file /nonexistent/x.json"))
    }
}

@Test func iosAndAndroidLooksFollowTheProtocolFacts() throws {
    let ios = try ThemeLoader.load("ios")
    let android = try ThemeLoader.load("android")
    #expect(ios.clickValue == 1 && android.clickValue == 0)
    #expect(ios.actionBar.height == 44 && ios.actionBar.overlaysContent && ios.actionBar.titleCentered)
    #expect(ios.actionBar.title == .init(family: "Roboto", size: 18, weight: 700, color: "#2a3034"))
    #expect(ios.navigationBar.height == 49 && ios.searchBar.height == 49)
    #expect(ios.toast.background == "#de292e" && ios.toast.radius == 3 && ios.toast.position == "center")
    #expect(ios.drawer.rightGap == 75 && ios.statusBar?.glyphs == "ios")
    #expect(android.actionBar.height == 56 && !android.actionBar.overlaysContent)
    #expect(color(android.actionBar.title.color)?.a == 0)  // Android draws no title
    #expect(android.button.pressedOverlay == "#30000000" && color(android.button.background)?.a == 0)
    #expect(android.statusBar?.glyphs == "android")
    let r = StyleResolver(theme: android).resolve(kind: .button, styles: [:], pressed: false, selected: false)
    #expect(r.background == nil && r.padding == .zero)
}

@Test func themeNamesAreCaseInsensitive() throws {
    #expect(try ThemeLoader.load("DEFAULT") == ThemeLoader.load("default"))
    #expect(ThemeLoader.builtInNames == ["android", "default", "ios"])
}

/// A theme path is read through LimitedFile (docs/limits.md): a link to a large file is refused by the
/// opened file's size, unread, with the size and the limit in the message.
@Test func aThemeFileOverItsLimitIsRefusedUnread() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("theme-limit-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let big = dir.appendingPathComponent("big.data")
    FileManager.default.createFile(atPath: big.path, contents: nil)
    let handle = try FileHandle(forWritingTo: big)
    try handle.truncate(atOffset: 1 << 30)  // sparse: 1 GiB, nothing written
    try handle.close()
    let link = dir.appendingPathComponent("theme.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: big)
    do {
        _ = try ThemeLoader.load(link.path)
        Issue.record("a 1 GiB theme file was accepted")
    } catch let e as ThemeError {
        #expect("\(e)".contains("the file is 1073741824 bytes; at most 4194304 are read"), "\(e)")
    }
}

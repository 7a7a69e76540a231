import Primitives
import SessionFormat
import Testing

@testable import Styles

/// Style parsing under the iOS and Android profiles (framework-protocol.md 2.1, 2.2): one test per
/// difference, each against the neutral reading where that differs.
private func parse(
    _ key: String, _ value: String, _ profile: PlatformProfile,
    selector: Selector = .normal
) throws -> (StyleDeclarations, [PortabilityNote]) {
    var d = StyleDeclarations()
    let notes = try StyleParser.apply(key: key, value: value, to: &d, profile: profile, selector: selector)
    return (d, notes)
}

private func sides(_ s: Sides<Double?>) -> [Double?] { [s.top, s.right, s.bottom, s.left] }

@Test func paddingListPerPlatform() throws {
    #expect(sides(try parse("padding", "10 20", .neutral).0.padding) == [10, 20, 10, 20])
    #expect(sides(try parse("padding", "10 20", .ios).0.padding) == [10, 10, 10, 10])
    #expect(sides(try parse("padding", "10 20", .android).0.padding) == [10, 20, 20, 20])
    #expect(sides(try parse("margin", "1 2 3", .android).0.margin) == [1, 2, 3, 3])
    // iOS integerValue: the first number truncated.
    #expect(sides(try parse("margin", "7.8 3", .ios).0.margin) == [7, 7, 7, 7])
}

@Test func borderRadiusListPerPlatform() throws {
    func corners(_ p: PlatformProfile) throws -> [Double] {
        let c = try parse("border-radius", "8 0", p).0.borderRadius!
        return [c.topLeft, c.topRight, c.bottomRight, c.bottomLeft]
    }
    #expect(try corners(.neutral) == [8, 0, 8, 0])
    #expect(try corners(.ios) == [8, 8, 8, 8])
    #expect(try corners(.android) == [8, 0, 0, 0])
}

@Test func loneBorderWidthIsAnErrorOnAndroidOnly() throws {
    #expect(try parse("border", "1", .neutral).0.borderWidth.top == 1)
    let ios = try parse("border", "1", .ios).0
    #expect(ios.borderWidth.top == 1 && ios.borderColor.top == .black)
    #expect(throws: StyleError.self) { try parse("border", "1", .android) }
    // A lone colour is fine on Android (width 1).
    #expect(try parse("border", "#ff0000", .android).0.borderWidth.left == 1)
}

@Test func shortHexColourPerPlatform() throws {
    #expect(try parse("color", "#f00", .neutral).0.color == Color(rgb: 0xff0000))
    #expect(try parse("color", "#f00", .ios).0.color == Color(rgb: 0x000f00))  // 0x000rgb
    #expect(throws: StyleError.self) { try parse("color", "#f00", .android) }
    #expect(throws: StyleError.self) { try parse("background-color", "rgb(1, 2, 3)", .android) }
    #expect(throws: StyleError.self) { try parse("color", "transparent", .android) }
}

@Test func colourNamesPerPlatform() throws {
    #expect(try parse("color", "red", .neutral).0.color == Color(rgb: 0xff0000))
    #expect(try parse("color", "red", .android).0.color == Color(rgb: 0xff0000))
    // iOS reads the hex digits after the first character: "ed".
    #expect(try parse("color", "red", .ios).0.color == Color(rgb: 0x0000ed))
    #expect(throws: StyleError.self) { try parse("color", "green", .ios) }
    #expect(try parse("color", "white", .ios).0.color == .white)
}

@Test func iosAlphaZeroIsOpaque() throws {
    #expect(try parse("color", "#00ff0000", .neutral).0.color?.a == 0)
    #expect(try parse("color", "#00ff0000", .ios).0.color == Color(rgb: 0xff0000))
    #expect(try parse("color", "#80ff0000", .ios).0.color?.a == 0x80)
}

@Test func fontSizeKeywordIgnoredOnIOS() throws {
    #expect(try parse("font-size", "large", .neutral).0.fontSize == 15)
    #expect(try parse("font-size", "small", .android).0.fontSize == 9)
    var d = StyleDeclarations()
    d.fontSize = 30
    let notes = try StyleParser.apply(key: "font-size", value: "large", to: &d, profile: .ios)
    #expect(d.fontSize == nil)  // 0 = unset: the default size applies
    #expect(notes.count == 1)
}

@Test func ignoredKeysHaveNoEffect() throws {
    let (ios, iosNotes) = try parse("font-style", "italic", .ios)
    #expect(ios.fontStyle == nil && iosNotes.first?.message.contains("iOS ignores") == true)
    #expect(try parse("font-style", "italic", .android).0.fontStyle == .italic)
    let (android, notes) = try parse("tint", "#ff0000", .android)
    #expect(android.tint == nil && notes.count == 1)
    #expect(try parse("tint", "#ff0000", .ios).0.tint == Color(rgb: 0xff0000))
    #expect(try parse("tint", "#ff0000", .neutral).0.tint == Color(rgb: 0xff0000))
}

@Test func normalOnlyKeysOnIOS() throws {
    #expect(try parse("padding", "4", .ios, selector: .active).0.padding.top == nil)
    #expect(try parse("padding", "4", .ios, selector: .normal).0.padding.top == 4)
    #expect(try parse("padding", "4", .android, selector: .active).0.padding.top == 4)
    // background-color is per state on iOS.
    #expect(
        try parse("background-color", "#ff0000", .ios, selector: .active).0.background == .color(Color(rgb: 0xff0000)))
}

@Test func storedSelectorsPerPlatform() {
    #expect(StyleParser.stores(.selected, profile: .neutral))
    #expect(StyleParser.stores(.selected, profile: .android))
    #expect(!StyleParser.stores(.selected, profile: .ios))
    #expect(StyleParser.stores(.active, profile: .ios))
}

@Test func fractionalWeightPerPlatform() throws {
    #expect(try parse("weight", "1.5", .neutral).0.weight == 1.5)
    #expect(try parse("weight", "1.5", .ios).0.weight == 1)
    #expect(throws: StyleError.self) { try parse("weight", "1.5", .android) }
}

@Test func themeProfilesFollowThePlatformField() throws {
    #expect(try ThemeLoader.load("ios").profile == .ios)
    #expect(try ThemeLoader.load("android").profile == .android)
    #expect(try ThemeLoader.load("default").profile == .neutral)
}

import Primitives
import SessionFormat
import Testing

@testable import Styles

private func decl(_ pairs: [(String, String)]) throws -> StyleDeclarations {
    var d = StyleDeclarations()
    for (k, v) in pairs { try StyleParser.apply(key: k, value: v, to: &d) }
    return d
}

private let resolver = StyleResolver(theme: try! ThemeLoader.load("default"))

private func styles() throws -> [Selector: StyleDeclarations] {
    [
        .normal: try decl([("color", "#111111"), ("padding", "4"), ("font-size", "20")]),
        .selected: try decl([("color", "#222222"), ("padding-left", "8")]),
        .active: try decl([("color", "#333333")]),
        .hover: try decl([("color", "#444444")]),
        .disabled: try decl([("color", "#555555"), ("opacity", "0.5")]),
        .link: try decl([("color", "#0000ff")]),
    ]
}

private let pressSelect: [(Bool, Bool, UInt32)] = [
    (false, false, 0x111111), (false, true, 0x222222), (true, false, 0x333333), (true, true, 0x333333),
]

@Test(arguments: pressSelect)
func mergeOrderNormalSelectedActive(_ pressed: Bool, _ selected: Bool, _ color: UInt32) throws {
    let r = resolver.resolve(kind: .text, styles: try styles(), pressed: pressed, selected: selected)
    #expect(r.color == Color(rgb: color))
    #expect(r.fontSize == 20)  // from NORMAL in every state
    #expect(r.padding.left == (selected ? 8 : 4))  // SELECTED overrides one side only
    #expect(r.padding.top == 4)
    #expect(r.opacity == 1)  // DISABLED is not used here
    #expect(r.linkColor == Color(rgb: 0x0000ff))
}

private let stateColors: [(Selector, UInt32)] = [
    (.normal, 0x111111), (.hover, 0x444444), (.disabled, 0x555555),
    (.active, 0x333333), (.selected, 0x222222), (.link, 0x111111),
]

@Test(arguments: stateColors)
func explicitStateForGallery(_ state: Selector, _ color: UInt32) throws {
    let r = resolver.resolve(kind: .text, styles: try styles(), state: state)
    #expect(r.color == Color(rgb: color))
    #expect(r.opacity == (state == .disabled ? 0.5 : 1))
}

@Test func themeDefaultsWithoutStyles() {
    let r = resolver.resolve(kind: .text, styles: [:], pressed: false, selected: false)
    #expect(r.fontFamily == "Roboto" && r.fontSize == 15 && r.fontWeight == 400 && r.color == .black)
    #expect(r.width == .wrapContent && r.height == .wrapContent)
    #expect(r.linkColor == Color(rgb: 0xc32527))
    #expect(r.hintColor == Color(rgb: 0x9e9e9e))
    #expect(r.background == nil && r.shadow == nil && r.border == Sides(all: .none))
    #expect(r.maxWidth == .infinity && r.maxLines == nil && r.icon == nil && r.tint == nil)
}

@Test(arguments: WidgetKind.allCases)
func defaultSizePerKind(_ kind: WidgetKind) {
    let fills: Set<WidgetKind> = [.frameView, .frameLayout, .scrollLayout, .flipperLayout, .pager, .navigationView]
    let r = resolver.resolve(kind: kind, styles: [:], pressed: false, selected: false)
    let expected: Dimension = fills.contains(kind) ? .matchParent : .wrapContent
    #expect(r.width == expected && r.height == expected)
}

@Test func buttonLookFromTheme() throws {
    let r = resolver.resolve(kind: .button, styles: [:], pressed: false, selected: false)
    #expect(r.background == .color(Color(rgb: 0xe0e0e0)))
    #expect(r.borderRadius == Corners(all: 4))
    #expect(r.padding == Sides(top: 8, right: 16, bottom: 8, left: 16))
    #expect(r.minHeight == 36 && r.fontWeight == 500 && r.fontSize == 15 && r.textAlign == .center)
    #expect(r.color == .black)
    // The element's own NORMAL style wins over the theme's.
    let own = resolver.resolve(
        kind: .button, styles: [.normal: try decl([("background-color", "#ff0000"), ("padding", "2")])],
        pressed: false, selected: false)
    #expect(own.background == .color(Color(rgb: 0xff0000)) && own.padding == Sides(all: 2) && own.minHeight == 36)
}

@Test func resolvedBordersShadowsAndSpecialValues() throws {
    let n = try decl([
        ("border", "2 dashed #ff0000"), ("border-bottom", "none"), ("shadow", "4"), ("max-lines", "0"),
        ("icon", "none"), ("tint", "#00ff00"), ("min-scale", "0.5"), ("background", "transparent"),
    ])
    let r = resolver.resolve(kind: .text, styles: [.normal: n], pressed: false, selected: false)
    #expect(r.border.top == BorderSide(width: 2, style: .dashed, color: Color(rgb: 0xff0000)))
    #expect(r.border.bottom == .none)
    #expect(r.borderWidths == Sides(top: 2, right: 2, bottom: 0, left: 2))
    #expect(r.shadow == Shadow(blur: 8, color: Color(r: 0, g: 0, b: 0, a: 38)))
    #expect(r.maxLines == nil && r.icon == nil && r.minScale == 0.5 && r.background == .color(.transparent))
    #expect(r.tint == Color(rgb: 0x00ff00))
    // `shadow: 0` in ACTIVE removes NORMAL's shadow; border-color alone draws nothing.
    let a = try decl([("shadow", "0"), ("border-color", "#0000ff")])
    let p = resolver.resolve(
        kind: .text, styles: [.normal: try decl([("shadow", "4")]), .active: a], pressed: true, selected: false)
    #expect(p.shadow == nil && p.border == Sides(all: .none))
}

/// Every property a map declares survives an overlay onto an empty map (no field forgotten in StyleMerge).
@Test func overlayCopiesEveryField() throws {
    let full = try decl([
        ("width", "1"), ("height", "2"), ("min-width", "3"), ("min-height", "4"), ("max-width", "5"),
        ("max-height", "6"),
        ("margin", "7"), ("padding", "8"), ("weight", "9"), ("gravity", "center"), ("top", "1"), ("right", "2"),
        ("bottom", "3"), ("left", "4"), ("overflow", "hidden"), ("background", "red"), ("border", "1 solid red"),
        ("border-radius", "3"), ("shadow", "2"), ("opacity", "0.5"), ("zoom", "2"), ("tint", "red"), ("color", "red"),
        ("font-size", "10"), ("font-weight", "bold"), ("font-style", "italic"), ("font-family", "X"),
        ("text-align", "right"), ("white-space", "nowrap"), ("text-overflow", "ellipsis"), ("max-lines", "2"),
        ("line-height", "20"), ("min-scale", "0.5"), ("hint", "h"), ("icon", "i.png"), ("icon-attachment", "left"),
        ("scale", "center"),
    ])
    #expect(StyleDeclarations().overlaid(with: full) == full)
    #expect(full.overlaid(with: StyleDeclarations()) == full)
    let mirror = Mirror(reflecting: full)
    for child in mirror.children {
        let v = "\(child.value)"
        #expect(v != "nil" && !v.contains("nil"), "\(child.label ?? "?") not set by the test map")
    }
}

@Test func tableIndexFollowsAllCases() {
    for (i, k) in WidgetKind.allCases.enumerated() { #expect(k.tableIndex == i) }
}

import Primitives
import Testing

@testable import Styles

/// One SET_STYLE key/value and the declarations it must produce from an empty map.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var key: String
    var value: String
    var expected: StyleDeclarations
    var testDescription: String { "\(key): \(value)" }
}

private func c(_ key: String, _ value: String, _ set: (inout StyleDeclarations) -> Void) -> ParseCase {
    var d = StyleDeclarations()
    set(&d)
    return ParseCase(key: key, value: value, expected: d)
}

private func rgb(_ v: UInt32, _ a: UInt8 = 255) -> Color {
    var c = Color(rgb: v)
    c.a = a
    return c
}
private func sides(_ t: Double, _ r: Double, _ b: Double, _ l: Double) -> Sides<Double?> {
    Sides(top: t, right: r, bottom: b, left: l)
}
private func border(
    _ d: inout StyleDeclarations, _ w: Double, _ s: BorderStyle, _ col: Color, sides: [Int] = [0, 1, 2, 3]
) {
    for i in sides {
        d.borderWidth[side: i] = w
        d.borderStyle[side: i] = s
        d.borderColor[side: i] = col
    }
}

let parseCases: [ParseCase] = [
    // colours
    c("color", "#ff0000") { $0.color = rgb(0xff0000) },
    c("color", "#F0A") { $0.color = rgb(0xff00aa) },
    c("color", "#80ff0000") { $0.color = rgb(0xff0000, 0x80) },
    c("color", "#00ff0000") { $0.color = rgb(0xff0000, 0) },
    c("color", "darkgray") { $0.color = rgb(0x444444) },
    c("color", "Grey") { $0.color = rgb(0x888888) },
    c("color", "lightgray") { $0.color = rgb(0xcccccc) },
    c("color", "aqua") { $0.color = rgb(0x00ffff) },
    c("color", "fuchsia") { $0.color = rgb(0xff00ff) },
    c("color", "lime") { $0.color = rgb(0x00ff00) },
    c("color", "maroon") { $0.color = rgb(0x800000) },
    c("color", "navy") { $0.color = rgb(0x000080) },
    c("color", "olive") { $0.color = rgb(0x808000) },
    c("color", "purple") { $0.color = rgb(0x800080) },
    c("color", "silver") { $0.color = rgb(0xc0c0c0) },
    c("color", "teal") { $0.color = rgb(0x008080) },
    c("color", "rgb(255, 128, 0)") { $0.color = rgb(0xff8000) },
    c("color", "rgba(0,0,0,0.5)") { $0.color = rgb(0, 128) },
    c("color", "transparent") { $0.color = .transparent },
    c("COLOR", "WHITE") { $0.color = .white },
    c("hint", "you@example.com") { $0.hint = "you@example.com" },
    c("tint", "#1565c0") { $0.tint = rgb(0x1565c0) },
    // lists
    c("margin", "10") { $0.margin = sides(10, 10, 10, 10) },
    c("margin", "8 0") { $0.margin = sides(8, 0, 8, 0) },
    c("padding", "1 2 3") { $0.padding = sides(1, 2, 3, 2) },
    c("padding", "1 2 3 4") { $0.padding = sides(1, 2, 3, 4) },
    c("margin", "-4") { $0.margin = sides(-4, -4, -4, -4) },
    c("margin-top", "12") { $0.margin.top = 12 },
    c("margin-left", "8") { $0.margin.left = 8 },
    c("padding-bottom", "11") { $0.padding.bottom = 11 },
    c("padding-right", "16") { $0.padding.right = 16 },
    c("border-radius", "8") { $0.borderRadius = Corners(all: 8) },
    c("border-radius", "1 2 3 4") { $0.borderRadius = Corners(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4) },
    c("border-radius", "8 0") { $0.borderRadius = Corners(topLeft: 8, topRight: 0, bottomRight: 8, bottomLeft: 0) },
    // borders
    c("border", "1") { border(&$0, 1, .solid, .black) },
    c("border", "#801010") { border(&$0, 1, .solid, rgb(0x801010)) },
    c("border", "2 solid #e0e0e0") { border(&$0, 2, .solid, rgb(0xe0e0e0)) },
    c("border", "#e65100 dashed 1") { border(&$0, 1, .dashed, rgb(0xe65100)) },
    c("border", "dotted") { border(&$0, 1, .dotted, .black) },
    c("border", "none") { border(&$0, 0, .none, .black) },
    c("border", "") { border(&$0, 0, .none, .black) },
    c("border", "1 solid rgba(0, 0, 0, 1)") { border(&$0, 1, .solid, .black) },
    c("border-bottom", "1 solid #eeeeee") { border(&$0, 1, .solid, rgb(0xeeeeee), sides: [2]) },
    c("border-left", "3 #ff0000") { border(&$0, 3, .solid, rgb(0xff0000), sides: [3]) },
    c("border-width", "2") { $0.borderWidth = Sides(all: 2) },
    c("border-color", "#0d47a1") { $0.borderColor = Sides(all: rgb(0x0d47a1)) },
    c("border-style", "Dashed") { $0.borderStyle = Sides(all: .dashed) },
    // shadow
    c("shadow", "4") { $0.shadow = Shadow(blur: 8, color: rgb(0, 38)) },
    c("shadow", "0") { $0.shadow = Shadow(color: .transparent) },
    c("shadow", "0 2 8 #33000000") { $0.shadow = Shadow(offsetX: 0, offsetY: 2, blur: 8, color: rgb(0, 0x33)) },
    c("shadow", "1 -2 6 3 red") {
        $0.shadow = Shadow(offsetX: 1, offsetY: -2, blur: 6, spread: 3, color: rgb(0xff0000))
    },
    c("shadow", "#40000000 0 4 16") { $0.shadow = Shadow(offsetX: 0, offsetY: 4, blur: 16, color: rgb(0, 0x40)) },
    // background
    c("background", "#ffff00") { $0.background = .color(rgb(0xffff00)) },
    c("background-color", "#0039cb") { $0.background = .color(rgb(0x0039cb)) },
    c("background", "linear-gradient(#ff0000, #ffff00)") {
        $0.background = .linearGradient(
            angleDegrees: 180, stops: [ColorStop(color: rgb(0xff0000)), ColorStop(color: rgb(0xffff00))])
    },
    c("background", "linear-gradient(90deg, red, rgba(0, 0, 255, 1) 30%, #00ff00 100%)") {
        $0.background = .linearGradient(
            angleDegrees: 90,
            stops: [
                ColorStop(color: rgb(0xff0000)),
                ColorStop(position: 0.3, color: rgb(0x0000ff)),
                ColorStop(position: 1, color: rgb(0x00ff00)),
            ])
    },
    c("background", "linear-gradient(-90deg, #000000, #ffffff)") {
        $0.background = .linearGradient(angleDegrees: 270, stops: [ColorStop(color: .black), ColorStop(color: .white)])
    },
    c("background", "linear-gradient(to right, #000000, #ffffff)") {
        $0.background = .linearGradient(angleDegrees: 90, stops: [ColorStop(color: .black), ColorStop(color: .white)])
    },
    c("background", "radial-gradient(#ffffff, #000000)") {
        $0.background = .radialGradient(stops: [ColorStop(color: .white), ColorStop(color: .black)])
    },
    // opacity, zoom
    c("opacity", "0.800000") { $0.opacity = 0.8 },
    c("zoom", "1.5") { $0.zoom = 1.5 },
    // text
    c("font-size", "17") { $0.fontSize = 17 },
    c("font-size", "small") { $0.fontSize = 9 },
    c("font-size", "MEDIUM") { $0.fontSize = 12 },
    c("font-size", "large") { $0.fontSize = 15 },
    c("font-weight", "normal") { $0.fontWeight = 400 },
    c("font-weight", "bold") { $0.fontWeight = 700 },
    c("font-weight", "lighter") { $0.fontWeight = 300 },
    c("font-weight", "bolder") { $0.fontWeight = 800 },
    c("font-weight", "500") { $0.fontWeight = 500 },
    c("font-style", "italic") { $0.fontStyle = .italic },
    c("font-style", "oblique") { $0.fontStyle = .oblique },
    c("font-family", "DejaVu Sans") { $0.fontFamily = "DejaVu Sans" },
    c("text-align", "Justify") { $0.textAlign = .justify },
    c("white-space", "nowrap") { $0.noWrap = true },
    c("white-space", "normal") { $0.noWrap = false },
    c("text-overflow", "ellipsis") { $0.ellipsis = true },
    c("text-overflow", "clip") { $0.ellipsis = false },
    c("max-lines", "2") { $0.maxLines = 2 },
    c("line-height", "21") { $0.lineHeight = 21 },
    c("min-scale", "0.100000") { $0.minScale = 0.1 },
    // icons and images
    c("icon", "Button.png") { $0.icon = "Button.png" },
    c("icon", "none") { $0.icon = "" },
    c("icon-attachment", "left") { $0.iconAttachment = .left },
    c("scale", "center-crop") { $0.imageScale = .centerCrop },
    c("scale", "fit-end") { $0.imageScale = .fitEnd },
    // box
    c("width", "156") { $0.width = .fixed(156) },
    c("width", "0") { $0.width = .fixed(0) },
    c("width", "MATCH-PARENT") { $0.width = .matchParent },
    c("height", "wrap-content") { $0.height = .wrapContent },
    c("min-width", "48") { $0.minWidth = 48 },
    c("min-height", "36") { $0.minHeight = 36 },
    c("max-width", "200") { $0.maxWidth = 200 },
    c("max-height", "120") { $0.maxHeight = 120 },
    c("weight", "2") { $0.weight = 2 },
    c("weight", "1.5") { $0.weight = 1.5 },
    c("gravity", "center") { $0.gravity = Gravity(horizontal: .center, vertical: .center) },
    c("gravity", "bottom|center-horizontal") { $0.gravity = Gravity(horizontal: .center, vertical: .bottom) },
    c("gravity", "center-vertical|left") { $0.gravity = Gravity(horizontal: .left, vertical: .center) },
    c("gravity", "start") { $0.gravity = Gravity(horizontal: .left) },
    c("gravity", "end") { $0.gravity = Gravity(horizontal: .right) },
    c("gravity", "top") { $0.gravity = Gravity(vertical: .top) },
    c("top", "96") { $0.offsets.top = 96 },
    c("left", "40") { $0.offsets.left = 40 },
    c("right", "48") { $0.offsets.right = 48 },
    c("bottom", "-8") { $0.offsets.bottom = -8 },
    c("overflow", "hidden") { $0.overflowHidden = true },
    c("overflow", "visible") { $0.overflowHidden = false },
]

@Test(arguments: parseCases)
func parsesValue(_ t: ParseCase) throws {
    var d = StyleDeclarations()
    try StyleParser.apply(key: t.key, value: t.value, to: &d)
    #expect(d == t.expected)
}

/// Key, value, and a piece of the expected error message.
let errorCases: [(String, String, String)] = [
    ("colour", "#ff0000", "did you mean \"color\""),
    ("wibble", "1", "unknown style key \"wibble\""),
    ("width", "nan", "width: bad value \"nan\""),
    ("width", "-5", "match-parent"),
    ("width", "inf", "width"),
    ("height", "big", "height"),
    ("padding", "1 2 3 4 5", "1 to 4"),
    ("padding", "-1", ">= 0"),
    ("margin", "10px", "expected a number"),
    ("color", "#12345", "expected a colour"),
    ("color", "#gggggg", "expected a colour"),
    ("color", "rgb(300, 0, 0)", "expected a colour"),
    ("color", "rgba(0, 0, 0, 2)", "expected a colour"),
    ("color", "chartreuse", "expected a colour"),
    ("border", "1 2", "two widths"),
    ("border", "1 solid red blue", "at most 3"),
    ("border", "wavy", "\"wavy\" is not a border"),
    ("border", "-1 solid", ">= 0"),
    ("shadow", "-3", ">= 0"),
    ("shadow", "1 2 3 4 5", "single radius"),
    ("background", "linear-gradient(#ff0000)", "at least 2"),
    ("background", "linear-gradient(#ff0000, bogus)", "expected a colour"),
    ("background", "conic-gradient(#ff0000, #00ff00)", "expected a colour"),
    ("opacity", "1.5", "at most 1"),
    ("opacity", "-0.1", "at least 0"),
    ("font-size", "0", "> 0"),
    ("font-size", "huge", "small, medium or large"),
    ("font-weight", "950", "100 to 900"),
    ("font-style", "slanted", "expected italic, normal, oblique"),
    ("text-align", "middle", "expected"),
    ("white-space", "pre", "expected"),
    ("max-lines", "1.5", "integer"),
    ("min-scale", "2", "at most 1"),
    ("gravity", "middle", "\"middle\" is not a gravity"),
    ("gravity", "top|", "gravity"),
    ("scale", "stretch", "fit-center"),
    ("weight", "-1", "at least 0"),
    ("overflow", "scroll", "expected hidden, visible"),
    ("icon-attachment", "middle", "expected"),
    ("font-family", "  ", "family"),
]

@Test(arguments: errorCases)
func rejectsBadValueAndKeepsPrevious(_ key: String, _ value: String, _ message: String) throws {
    var d = StyleDeclarations()
    try StyleParser.apply(key: "width", value: "10", to: &d)
    try StyleParser.apply(key: "color", value: "#123456", to: &d)
    try StyleParser.apply(key: "padding", value: "4", to: &d)
    let before = d
    do {
        try StyleParser.apply(key: key, value: value, to: &d)
        Issue.record("\(key): \(value) should not parse")
    } catch let e as StyleError {
        #expect(e.message.contains(message), "message: \(e.message)")
    }
    #expect(d == before)
}

@Test func laterDeclarationOverwritesEarlier() throws {
    var d = StyleDeclarations()
    try StyleParser.apply(key: "padding", value: "10", to: &d)
    try StyleParser.apply(key: "padding-top", value: "2", to: &d)
    try StyleParser.apply(key: "border", value: "2 solid #ff0000", to: &d)
    try StyleParser.apply(key: "border-color", value: "#00ff00", to: &d)
    #expect(d.padding == sides(2, 10, 10, 10))
    #expect(d.borderColor == Sides<Color?>(all: rgb(0x00ff00)))
    #expect(d.borderWidth == Sides<Double?>(all: 2))
}

@Test func parseColorPublicAPI() {
    #expect(StyleParser.parseColor("#40000000") == rgb(0, 0x40))
    #expect(StyleParser.parseColor(" #FFFFFF ") == .white)
    #expect(StyleParser.parseColor("nope") == nil)
    #expect(StyleParser.parseColor("") == nil)
}

import Foundation
import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout
@testable import Painting

/// Issue 30: a theme whose `button.radius` is 8 and whose `widgetDefaults.button` sets neither
/// `border-radius` nor `background-color` draws the theme's radius only where the button declares
/// none; a declared `border-radius: 0` stays 0 (it used to be read as "unset" and drawn with 8).
/// Each built-in look, changed that way, through the resolver, record assembly and painting.
@Suite struct DeclaredRadiusTests {
    static func theme(_ name: String) throws -> Theme {
        var t = try ThemeLoader.load(name)
        t.button.radius = 8
        t.button.background = "#2196f3"
        t.widgetDefaults["button"]?["border-radius"] = nil
        t.widgetDefaults["button"]?["background-color"] = nil
        t.widgetDefaults["button"]?["background"] = nil
        return t
    }

    /// The display list's fill of each button: declared 0 at y 100, undeclared at y 200.
    func fills(_ look: String) throws -> (declared: String?, undeclared: String?) {
        var f = PaintingFixture()
        var zero = StyleDeclarations()
        try StyleParser.apply(key: "border-radius", value: "0", to: &zero)
        _ = f.add(10, .button, frame: Rect(x: 20, y: 100, width: 120, height: 40)) { $0.styles[.normal] = zero }
        _ = f.add(11, .button, frame: Rect(x: 20, y: 200, width: 120, height: 40))
        // No style given: `records` resolves each element's with the theme, as the layout pass does.
        f.layout.styles[10] = nil
        f.layout.styles[11] = nil
        let lines = DisplayListDump.dump(f.paint(theme: try Self.theme(look))).split(separator: "\n").map(String.init)
        return (
            lines.first { $0.hasPrefix("fill 20,100 120x40") }, lines.first { $0.hasPrefix("fill 20,200 120x40") }
        )
    }

    @Test(arguments: ["default", "ios", "android"])
    func declaredZeroRadiusIsDrawnSquare(_ look: String) throws {
        let (declared, undeclared) = try fills(look)
        #expect(declared == "fill 20,100 120x40 #2196f3")
        #expect(undeclared == "fill 20,200 120x40 r 8 #2196f3")
    }

    /// The clip of a clipping button's children follows the corners its fill is drawn with (the
    /// box look's), not the style's unset radius.
    @Test func clipFollowsTheDrawnRadius() throws {
        var f = PaintingFixture()
        var s = ResolvedStyle()
        s.overflowHidden = true
        _ = f.add(10, .button, frame: Rect(x: 20, y: 100, width: 120, height: 40), style: s)
        _ = f.add(11, .text, parent: 10, frame: Rect(x: 20, y: 100, width: 10, height: 10))
        let lines = DisplayListDump.dump(f.paint(theme: try Self.theme("default"))).split(separator: "\n")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "clip 20,100 120x40 r 8" }, "\(lines)")
    }
}

import Primitives
import SessionFormat
import Testing

@testable import Styles

/// The looks Styles decides once: a declared value, `0` included, is kept apart from an unset one
/// until the theme is merged (issue 30).
@Suite struct LookResolverTests {
    static func decl(_ pairs: [(String, String)]) throws -> StyleDeclarations {
        var d = StyleDeclarations()
        for (k, v) in pairs { try StyleParser.apply(key: k, value: v, to: &d) }
        return d
    }

    /// `button.radius` 8 with no radius or background in `widgetDefaults.button`.
    static let resolver: StyleResolver = {
        var t = try! ThemeLoader.load("default")
        t.button.radius = 8
        t.widgetDefaults["button"]?["border-radius"] = nil
        t.widgetDefaults["button"]?["background-color"] = nil
        return StyleResolver(theme: t)
    }()

    func box(_ pairs: [(String, String)], kind: WidgetKind = .button) throws -> (BoxLook, BoxLookSources) {
        let r = Self.resolver
        let s = r.resolve(kind: kind, styles: [.normal: try Self.decl(pairs)], pressed: false, selected: false)
        return r.resolveBox(kind, s)
    }

    @Test func declaredZeroRadiusStaysZero() throws {
        let (look, sources) = try box([("border-radius", "0")])
        #expect(look.radii == .zero && sources.radii == .style)
        #expect(look.background == .color(Color(rgb: 0xe0e0e0)) && sources.background == .theme("button.background"))
    }

    @Test func unsetRadiusTakesTheThemes() throws {
        let (look, sources) = try box([])
        #expect(look.radii == Corners(all: 8) && sources.radii == .theme("button.radius"))
    }

    @Test func ownBackgroundKeepsItsOwnRadius() throws {
        let (look, sources) = try box([("background-color", "#ff0000")])
        #expect(look.radii == .zero && sources.radii == .builtIn && sources.background == .style)
    }

    @Test func dialogRadiusOnlyWhenUnset() throws {
        #expect(try box([], kind: .dialog).0.radii == Corners(all: 8))
        #expect(try box([("border-radius", "0")], kind: .dialog).0.radii == .zero)
    }

    @Test func tintDeclaredOrTheThemes() throws {
        let r = Self.resolver
        let plain = r.resolve(kind: .checkbox, styles: [:], pressed: false, selected: false)
        let pink = r.resolve(
            kind: .checkbox, styles: [.normal: try Self.decl([("tint", "#ff00ff")])], pressed: false, selected: false)
        guard case .checkbox(let themed)? = r.controlLook(.checkbox, plain, ControlState()),
            case .checkbox(let own)? = r.controlLook(.checkbox, pink, ControlState())
        else {
            Issue.record("no checkbox look")
            return
        }
        #expect(themed.checked == r.color(r.theme.checkbox.checkedColor))
        #expect(own.checked == Color(rgb: 0xff00ff))
    }

    @Test func fieldPaddingAndHeightUnlessDeclared() throws {
        let r = Self.resolver
        let theme = r.theme.textField
        let plain = r.resolve(kind: .textField, styles: [:], pressed: false, selected: false)
        #expect(plain.padding == Sides(all: theme.padding) && plain.naturalMinHeight == theme.height)
        let own = r.resolve(
            kind: .textField, styles: [.normal: try Self.decl([("padding", "0"), ("min-height", "0")])],
            pressed: false, selected: false)
        #expect(own.padding == .zero && own.naturalMinHeight == 0)
    }
}

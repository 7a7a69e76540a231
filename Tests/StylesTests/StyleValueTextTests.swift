import Primitives
import SessionFormat
import Testing

@testable import Styles

/// A value a session declares comes back in the inspector (`render inspect`, the live page) as the
/// session writes it, not as Swift's debug text of the resolved type.
struct ShownValue: Sendable, CustomTestStringConvertible {
    var key: String
    var value: String
    var field: String
    var shown: String
    var testDescription: String { "\(key): \(value)" }
}

private let shownValues: [ShownValue] = [
    .init(key: "width", value: "match-parent", field: "width", shown: "match-parent"),
    .init(key: "height", value: "wrap-content", field: "height", shown: "wrap-content"),
    .init(key: "height", value: "48", field: "height", shown: "48"),
    .init(key: "max-width", value: "none", field: "maxWidth", shown: "none"),
    .init(key: "gravity", value: "center", field: "gravity", shown: "center"),
    .init(key: "gravity", value: "left|bottom", field: "gravity", shown: "bottom|left"),
    .init(key: "gravity", value: "center-horizontal", field: "gravity", shown: "center-horizontal"),
    .init(key: "gravity", value: "top|center-horizontal", field: "gravity", shown: "top|center-horizontal"),
    .init(key: "top", value: "12", field: "offsets", shown: "top 12"),
    .init(key: "border", value: "2 dashed #336699", field: "border", shown: "2 dashed #336699"),
    .init(
        key: "border-top", value: "1 solid #000000", field: "border",
        shown: "top 1 solid #000000, right none, "
            + "bottom none, left none"),
    .init(key: "padding", value: "4 8", field: "padding", shown: "4 8 4 8"),
    .init(key: "background-color", value: "#80ff0000", field: "background", shown: "#80ff0000"),
    .init(
        key: "background", value: "linear-gradient(to right, #ff0000, #0000ff 80%)", field: "background",
        shown: "linear-gradient(90deg, #ff0000, #0000ff 80%)"),
    .init(key: "shadow", value: "0 2 4 1 #33000000", field: "shadow", shown: "0 2 4 1 #33000000"),
    .init(key: "scale", value: "center-crop", field: "imageScale", shown: "center-crop"),
    .init(key: "text-align", value: "justify", field: "textAlign", shown: "justify"),
    .init(key: "icon-attachment", value: "left", field: "iconAttachment", shown: "left"),
    .init(key: "font-style", value: "italic", field: "fontStyle", shown: "italic"),
]

@Test(arguments: shownValues)
func theInspectorShowsAValueAsTheSessionWritesIt(_ c: ShownValue) throws {
    var d = StyleDeclarations()
    _ = try StyleParser.apply(key: c.key, value: c.value, to: &d)
    let resolver = StyleResolver(theme: try ThemeLoader.load("default"))
    let entries = resolver.provenance(kind: .linearLayout, styles: [.normal: d], pressed: false, selected: false)
        .entries
    let entry = entries.first { $0.key == c.field }
    #expect(entry?.value == c.shown)
    #expect(entry?.source == .session(step: nil, selector: .normal))
}

/// No value of an element's whole style falls back to a type's debug text.
@Test func noResolvedValueIsSwiftDebugText() throws {
    let resolver = StyleResolver(theme: try ThemeLoader.load("default"))
    let entries = resolver.provenance(kind: .button, styles: [:], pressed: false, selected: false).entries
    for e in entries {
        for debug in ["(", "Optional", "Sides<", "Styles.", "inf", "nil"] where !e.value.hasPrefix("linear-gradient") {
            #expect(!e.value.contains(debug), "\(e.key): \(e.value)")
        }
    }
    #expect(entries.first { $0.key == "gravity" }?.value == "none")
    #expect(entries.first { $0.key == "offsets" }?.value == "none")
    #expect(entries.first { $0.key == "border" }?.value == "none")
    #expect(entries.first { $0.key == "hint" }?.value == "\"\"")
}

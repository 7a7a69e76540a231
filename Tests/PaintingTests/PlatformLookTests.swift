import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout
@testable import Painting

/// Looks of the `android` theme that need code (framework-protocol.md 2.2): the pressed overlay is
/// #80000000 over a button with a background of its own and #30000000 over a plain one.
@Test func androidPressedOverlayDependsOnTheButtonsBackground() throws {
    let android = try ThemeLoader.load("android")
    let box = Rect(x: 0, y: 0, width: 80, height: 48)
    var plain = PaintingFixture()
    plain.add(3, .button, frame: box) { $0.isPressed = true }
    #expect(
        plain.paint(theme: android).colorFills.filter { $0.0.rect == box }.map(\.1) == [
            Color(r: 0, g: 0, b: 0, a: 0x30)
        ])

    var styled = PaintingFixture()
    var s = ResolvedStyle()
    s.background = .color(Color(rgb: 0xff0000))
    styled.add(3, .button, frame: box, style: s) { $0.isPressed = true }
    #expect(
        styled.paint(theme: android).colorFills.filter { $0.0.rect == box }.map(\.1)
            == [Color(rgb: 0xff0000), Color(r: 0, g: 0, b: 0, a: 0x80)])
    // The default theme has no overlay either way.
    #expect(styled.paint().colorFills.filter { $0.0.rect == box }.map(\.1) == [Color(rgb: 0xff0000)])
}

import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout
@testable import Painting

/// Painting draws a widget with the colours and sizes its record carries (`LaidOutElement.control`,
/// `ScreenParts`, `LaidOutToast`) and decides none itself: change the record and the display list follows.

@Suite struct ControlLookPaintingTests {
    private static let pink = Color(rgb: 0xe91e63), teal = Color(rgb: 0x009688)

    @Test func aSwitchIsDrawnInItsRecordsColoursNotTheThemes() {
        var f = PaintingFixture()
        f.add(3, .switchControl, frame: Rect(x: 0, y: 0, width: 100, height: 40)) { $0.value = 1 }
        f.layout.iconFrames[3] = Rect(x: 70, y: 15, width: 30, height: 10)
        var layout = f.records()
        let look = ControlLook.Switch(
            trackRadius: 5, track: Self.pink,
            thumbSize: 12, thumb: Self.teal, ring: nil)
        layout[3]?.control = .switchControl(look)
        let fills = Painter().paint(layout, device: f.device).colorFills
        #expect(fills.contains { $0.1 == Self.pink && $0.0.rect == Rect(x: 70, y: 15, width: 30, height: 10) })
        #expect(fills.contains { $0.1 == Self.teal && $0.0.rect == Rect(x: 88, y: 14, width: 12, height: 12) })
    }

    @Test func aFieldDrawsTheUnderlineOrTheBezelItsRecordCarries() {
        var f = PaintingFixture()
        f.add(3, .textField, frame: Rect(x: 0, y: 0, width: 100, height: 40))
        var layout = f.records()
        layout[3]?.control = .field(
            ControlLook.Field(underline: ControlLook.Line(color: Self.pink, width: 3), bezel: nil))
        var list = Painter().paint(layout, device: f.device)
        #expect(list.colorFills.contains { $0.1 == Self.pink && $0.0.rect == Rect(x: 0, y: 37, width: 100, height: 3) })

        let bezel = ControlLook.Bezel(
            fill: Self.teal, border: ControlLook.Line(color: Self.pink, width: 2),
            radii: Corners(all: 6))
        layout[3]?.control = .field(ControlLook.Field(underline: nil, bezel: bezel))
        list = Painter().paint(layout, device: f.device)
        #expect(list.colorFills.contains { $0.1 == Self.teal && $0.0.radii == Corners(all: 6) })
        #expect(
            list.items.contains {
                if case .border(_, let w, let c, _) = $0 { return w == Sides(all: 2) && c == Sides(all: Self.pink) }
                return false
            })
        #expect(!list.colorFills.contains { $0.0.rect.height == 3 })  // no underline under a bezel
    }

    @Test func theScrimAndToastsComeFromTheResult() {
        var f = PaintingFixture()
        f.add(10, .dialog, parent: 1, frame: Rect(x: 20, y: 100, width: 320, height: 200))
        var layout = f.records()
        layout.overlays = [10]
        layout.screen.scrim = Self.pink
        layout.toasts = [
            LaidOutToast(
                text: "", frame: Rect(x: 10, y: 500, width: 100, height: 30), background: Self.teal,
                radius: 3, paragraph: ParagraphLayout(size: .zero, lines: []), origin: .zero,
                opacity: 1)
        ]
        let fills = Painter().paint(layout, device: f.device).colorFills
        #expect(fills.contains { $0.1 == Self.pink && $0.0.rect == Rect(x: 0, y: 0, width: 360, height: 640) })
        #expect(fills.contains { $0.1 == Self.teal && $0.0.radii == Corners(all: 3) })
    }
}

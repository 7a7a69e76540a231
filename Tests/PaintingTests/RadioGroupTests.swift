import Primitives
import SessionFormat
import Styles
import Testing
import WidgetTree

@testable import Layout
@testable import Painting

/// A RadioGroup's options: a ring per row at the row's left, centred; the option whose id is the
/// group's value (SET_INT_VALUE) gets the selected colour and a dot. Numbers from `radioButton`,
/// else from the checkbox look.
@Suite struct RadioGroupTests {
    static func fixture(value: Int) -> PaintingFixture {
        var f = PaintingFixture()
        f.add(5, .radioGroup, frame: Rect(x: 10, y: 100, width: 200, height: 78)) { e in
            e.options = [Option(id: 7, label: "Small"), Option(id: 9, label: "Large")]
            e.value = value
        }
        f.layout.rows[5] = [Rect(x: 10, y: 100, width: 200, height: 26), Rect(x: 10, y: 126, width: 200, height: 26)]
        return f
    }

    static func rings(_ list: DisplayList) -> [(Rect, Color)] {
        list.items.compactMap {
            if case .border(let rr, _, let colors, _) = $0 { return (rr.rect, colors.top) }
            return nil
        }
    }

    static func fills(_ list: DisplayList) -> [(Rect, Color)] {
        list.items.compactMap {
            if case .fill(let rr, .color(let c)) = $0, rr.radii.topLeft > 0 { return (rr.rect, c) }
            return nil
        }
    }

    @Test func theSelectedOptionIsFilledWithTheCheckboxNumbersByDefault() {
        let theme = PaintingFixture.theme
        #expect(theme.radioButton == nil)
        let list = Self.fixture(value: 9).paint()
        let rings = Self.rings(list)
        let size = theme.checkbox.size
        #expect(
            rings.map(\.0) == [
                Rect(x: 10, y: 113 - size / 2, width: size, height: size),
                Rect(x: 10, y: 139 - size / 2, width: size, height: size),
            ])
        #expect(
            rings.map(\.1) == [
                StyleParser.parseColor(theme.checkbox.borderColor)!,
                StyleParser.parseColor(theme.checkbox.checkedColor)!,
            ])
        let dots = Self.fills(list)
        #expect(dots.map(\.0) == [Rect(x: 10 + size / 4, y: 139 - size / 4, width: size / 2, height: size / 2)])
        #expect(dots.map(\.1) == [StyleParser.parseColor(theme.checkbox.checkedColor)!])
    }

    @Test func noOptionWithTheValueMeansNothingSelected() {
        let list = Self.fixture(value: 0).paint()
        #expect(Self.fills(list).isEmpty)
        #expect(Self.rings(list).count == 2)
    }

    @Test func themeRadioButtonFieldsWin() {
        var theme = PaintingFixture.theme
        var look = Theme.RadioButtonLook()
        look.size = 20
        look.dotSize = 10
        look.selectedColor = "#ff0000"
        look.borderColor = "#00ff00"
        theme.radioButton = look
        let list = Self.fixture(value: 7).paint(theme: theme)
        #expect(
            Self.rings(list).map(\.0) == [
                Rect(x: 10, y: 103, width: 20, height: 20), Rect(x: 10, y: 129, width: 20, height: 20),
            ])
        #expect(Self.rings(list).map(\.1) == [Color(rgb: 0xff0000), Color(rgb: 0x00ff00)])
        #expect(Self.fills(list).map(\.0) == [Rect(x: 15, y: 108, width: 10, height: 10)])
    }
}

import CairoFonts
import Testing

@Suite struct NativeTextTests {
    @Test func regionalIndicatorsAfterLettersDoNotAbortLibunibreak() {
        // libunibreak 1.1 asserts on this input unless flags are mapped before the call.
        let text = "a🇫🇮 b".unicodeScalars.map(\.value)
        let breaks = LineBreaker.breaks(text)
        #expect(breaks.count == text.count)
        #expect(breaks[3] == .allowBreak)  // after the space
        #expect(breaks.last == .mustBreak)
    }

    @Test func breakOpportunitiesFollowUAX14() {
        let text = "can't stop-now\nx".unicodeScalars.map(\.value)
        let b = LineBreaker.breaks(text)
        #expect(b[2] == .noBreak)  // inside "can't"
        #expect(b[5] == .allowBreak)  // after the space
        #expect(b[10] == .allowBreak)  // after the hyphen
        #expect(b[14] == .mustBreak)  // after "\n"
    }

    @Test func bidiLevelsAndVisualOrder() {
        let text = "abc שלום 12".unicodeScalars.map(\.value)
        #expect(Bidi.firstStrongDirection(text) == false)
        #expect(Bidi.firstStrongDirection("שלום abc".unicodeScalars.map(\.value)) == true)
        #expect(Bidi.firstStrongDirection("123 !".unicodeScalars.map(\.value)) == nil)
        let (levels, rtl) = Bidi.levels(text, rightToLeft: nil)
        #expect(!rtl)
        // digits after Hebrew: EN, raised to 2 in an LTR paragraph
        #expect(levels[0] == 0 && levels[4] == 1 && levels[9] == 2)
        // Runs at levels [0, 1, 2, 1, 0]: the middle three are shown reversed.
        #expect(Bidi.visualOrder(runLevels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(Bidi.visualOrder(runLevels: [1, 1, 2]) == [2, 1, 0])
    }

    @Test func scriptsComeFromHarfBuzz() {
        #expect(Shaper.script(of: 0x41).description == "Latn")
        #expect(Shaper.script(of: 0x0645).description == "Arab")
        #expect(Shaper.script(of: 0x20).isWeak)
    }
}

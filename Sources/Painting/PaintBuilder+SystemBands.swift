import Layout
import Primitives
import SessionFormat

/// The status band and the bottom safe area (semantics.md section 7 item 36): layout chose what
/// fills them (the bar's colour extended, or the view's background) and the glyphs' colour; the
/// clock and status glyphs in the `ios` and `android` looks.
extension PaintBuilder {
    mutating func paintSystemBands() {
        if let band = layout.screen.statusBand {
            fillBand(band, layout.screen.statusBandFill)
            paintStatusGlyphs()
        }
        if let band = layout.screen.bottomBand { fillBand(band, layout.screen.bottomBandFill) }
    }

    /// iOS's home indicator where layout put it: over everything, at the bottom of the safe area.
    mutating func paintHomeIndicator() {
        guard let bar = layout.screen.homeIndicator else { return }
        add(.fill(bar, .color(layout.screen.homeIndicatorColor)))
    }

    /// The band filled with its element's background, mapped over that element's box.
    private mutating func fillBand(_ band: Rect, _ fill: BandFill?) {
        guard let fill, let paint = GradientMapper.paint(fill.background, in: fill.box) else { return }
        add(.fill(RoundedRect(rect: band), paint))
    }

    /// A fixed clock ("9:41" on iOS, "12:00" on Android), signal bars and a battery, where and in
    /// the colours layout chose: the preview never reads the real clock.
    mutating func paintStatusGlyphs() {
        guard let places = layout.screen.statusGlyphPlaces else { return }
        let colour = layout.screen.statusGlyphColor
        let dim = layout.screen.statusGlyphDimColor
        if let clock = layout.screen.statusClock { drawParagraph(clock, at: places.clockOrigin) }
        add(.border(places.battery, widths: Sides(all: 1), colors: Sides(all: dim), styles: Sides(all: .solid)))
        add(.fill(places.batteryLevel, .color(colour)))
        add(.fill(RoundedRect(rect: places.nub), .color(dim)))
        for bar in places.signalBars { add(.fill(bar, .color(colour))) }
    }
}

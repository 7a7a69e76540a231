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
            paintStatusGlyphs(band)
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

    /// A fixed clock ("9:41" on iOS, "12:00" on Android), signal bars and a battery: the preview never
    /// reads the real clock.
    mutating func paintStatusGlyphs(_ band: Rect) {
        guard let glyphs = layout.screen.statusGlyphs else { return }
        let ios = glyphs == .ios
        let colour = layout.screen.statusGlyphColor
        let dim = layout.screen.statusGlyphDimColor
        let midY = ios ? band.maxY - min(band.height, 44) / 2 : band.midY
        // Layout laid the clock out in the glyphs' colour.
        if let clock = layout.screen.statusClock {
            let clockX = ios ? band.width * 0.14 - clock.size.width / 2 + 8 : 16
            drawParagraph(clock, at: Point(x: clockX, y: midY - clock.size.height / 2))
        }

        // Battery at the right edge, signal bars before it.
        let battery = Rect(
            x: band.maxX - (ios ? 24 + 14 : 16 + 12), y: midY - (ios ? 6 : 8),
            width: ios ? 24 : 12, height: ios ? 12 : 16)
        add(
            .border(
                RoundedRect(rect: battery, radii: Corners(all: ios ? 3.5 : 2)), widths: Sides(all: 1),
                colors: Sides(all: dim), styles: Sides(all: .solid)))
        add(
            .fill(
                RoundedRect(rect: battery.inset(by: Sides(all: 2)), radii: Corners(all: ios ? 1.5 : 1)), .color(colour))
        )
        let nub =
            ios
            ? Rect(x: battery.maxX + 1, y: midY - 2, width: 1.5, height: 4)
            : Rect(x: battery.midX - 2, y: battery.minY - 2, width: 4, height: 2)
        add(.fill(RoundedRect(rect: nub), .color(dim)))
        var x = battery.minX - 6 - 4 * 4.5
        for i in 0..<4 {
            let h = 4 + Double(i) * 2.5
            add(
                .fill(
                    RoundedRect(rect: Rect(x: x, y: midY + 5 - h, width: 3, height: h), radii: Corners(all: 0.75)),
                    .color(colour)))
            x += 4.5
        }
    }
}

import Primitives
import SessionFormat
import Styles
import Layout

/// The status band and the bottom safe area (semantics.md section 7 item 36): the top bar's colour
/// extended (or the view's background), with a clock and status glyphs in the `ios` and `android` looks.
extension PaintBuilder {
    mutating func paintSystemBands() {
        if device.statusBar > 0 {
            let band = Rect(x: 0, y: 0, width: device.width, height: device.statusBar)
            let shade = fillBand(band, bar: topBar, covered: { $0.minY <= 0 }, draw: true)
            paintStatusGlyphs(band, onDark: shade.map(PaintBuilder.isDark) ?? false)
        }
        if device.safeAreaBottom > 0 {
            let bottom = device.height
            _ = fillBand(bottomBand, bar: bottomBar, covered: { $0.maxY >= bottom }, draw: true)
        }
    }

    /// iOS's home indicator: over everything, at the bottom of the safe area.
    mutating func paintHomeIndicator() {
        guard layout.screen.showsHomeIndicator else { return }
        let shade = fillBand(bottomBand, bar: bottomBar, covered: { _ in true }, draw: false)
        let c: Color = (shade.map(PaintBuilder.isDark) ?? false) ? .white : .black
        let bar = Rect(x: bottomBand.midX - 67, y: bottomBand.maxY - 13, width: 134, height: 5)
        add(.fill(RoundedRect(rect: bar, radii: Corners(all: 2.5)), .color(c)))
    }

    private var bottomBand: Rect {
        Rect(x: 0, y: device.height - device.safeAreaBottom, width: device.width, height: device.safeAreaBottom)
    }
    private var topBar: Int? { layout.bars.first { layout[$0]?.kind == .actionBar } }
    private var bottomBar: Int? { layout.bars.first { [.navigationBar, .searchBar].contains(layout[$0]?.kind) } }

    /// Fills a band (when `draw`) where its bar (or the view) does not already cover it. Returns the
    /// colour the band shows (the paint's first colour), nil when it has no colour of its own.
    private mutating func fillBand(_ band: Rect, bar: Int?, covered: (Rect) -> Bool, draw: Bool) -> Color? {
        let background: Background?
        let box: Rect
        if let bar, let e = layout[bar] {
            background = e.look.background
            box = e.frame
        } else if let view = layout.screen.activeView.flatMap({ layout[$0] }) {
            background = view.style.background
            box = view.frame
        } else {
            return nil
        }
        guard let bg = background, let paint = GradientMapper.paint(bg, in: box) else { return nil }
        if draw && !covered(box) { add(.fill(RoundedRect(rect: band), paint)) }
        return PaintBuilder.firstColor(paint)
    }

    static func firstColor(_ p: Paint) -> Color? {
        switch p {
        case .color(let c): return c
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops): return stops.first?.color
        }
    }

    /// Relative luminance below one half (and not transparent): glyphs on it are drawn white.
    static func isDark(_ c: Color) -> Bool {
        guard c.a > 127 else { return false }
        let l = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
        return l < 128
    }

    /// A fixed clock ("9:41" on iOS, "12:00" on Android), signal bars and a battery: the preview never
    /// reads the real clock.
    mutating func paintStatusGlyphs(_ band: Rect, onDark: Bool) {
        guard let glyphs = layout.screen.statusGlyphs else { return }
        let ios = glyphs == .ios
        let colour: Color = onDark ? .white : .black
        let midY = ios ? band.maxY - min(band.height, 44) / 2 : band.midY
        // Layout laid the clock out in black: the same glyphs in the colour that shows on the band.
        if let black = layout.screen.statusClock {
            var clock = black
            for l in clock.lines.indices { for r in clock.lines[l].runs.indices { clock.lines[l].runs[r].color = colour } }
            let clockX = ios ? band.width * 0.14 - clock.size.width / 2 + 8 : 16
            drawParagraph(clock, at: Point(x: clockX, y: midY - clock.size.height / 2))
        }

        // Battery at the right edge, signal bars before it.
        let battery = Rect(x: band.maxX - (ios ? 24 + 14 : 16 + 12), y: midY - (ios ? 6 : 8),
                           width: ios ? 24 : 12, height: ios ? 12 : 16)
        add(.border(RoundedRect(rect: battery, radii: Corners(all: ios ? 3.5 : 2)), widths: Sides(all: 1),
                    colors: Sides(all: colour.withAlphaMultiplied(by: ios ? 0.4 : 1)), styles: Sides(all: .solid)))
        add(.fill(RoundedRect(rect: battery.inset(by: Sides(all: 2)), radii: Corners(all: ios ? 1.5 : 1)), .color(colour)))
        let nub = ios ? Rect(x: battery.maxX + 1, y: midY - 2, width: 1.5, height: 4)
                      : Rect(x: battery.midX - 2, y: battery.minY - 2, width: 4, height: 2)
        add(.fill(RoundedRect(rect: nub), .color(colour.withAlphaMultiplied(by: ios ? 0.4 : 1))))
        var x = battery.minX - 6 - 4 * 4.5
        for i in 0..<4 {
            let h = 4 + Double(i) * 2.5
            add(.fill(RoundedRect(rect: Rect(x: x, y: midY + 5 - h, width: 3, height: h), radii: Corners(all: 0.75)), .color(colour)))
            x += 4.5
        }
    }
}

import Primitives
import Styles

/// The screen's looks, decided once the records exist: the scrim, what fills the
/// system bands and the colour their glyphs take to stand out (semantics.md section 7 item 36).
extension RecordAssembly {
    /// Fills `out.screen` after the records: the bands read the bars' and the view's box looks.
    func screenLooks(_ out: inout LayoutResult) {
        var parts = out.screen
        parts.scrim = looks.scrim
        switch looks.system {
        case .ios?: parts.statusGlyphs = .ios
        case .android?: parts.statusGlyphs = .android
        case nil: parts.statusGlyphs = nil
        }
        if device.statusBar > 0 { parts.statusBand = Rect(x: 0, y: 0, width: device.width, height: device.statusBar) }
        if device.safeAreaBottom > 0 {
            let band = Rect(
                x: 0, y: device.height - device.safeAreaBottom, width: device.width, height: device.safeAreaBottom)
            parts.bottomBand = band
            if parts.statusGlyphs == .ios {
                let bar = Rect(x: band.midX - 67, y: band.maxY - 13, width: 134, height: 5)
                parts.homeIndicator = RoundedRect(rect: bar, radii: Corners(all: 2.5))
            }
        }

        // The action bar's colour extends up into the status band; the navigation or search bar's
        // down into the bottom safe area; without such a bar, the view's own background.
        let top = bandSource(out, bar: out.bars.first { out[$0]?.kind == .actionBar })
        let bottom = bandSource(out, bar: out.bars.first { [.navigationBar, .searchBar].contains(out[$0]?.kind) })
        parts.statusBandFill = top.flatMap { $0.box.minY <= 0 ? nil : $0 }
        parts.bottomBandFill = bottom.flatMap { $0.box.maxY >= device.height ? nil : $0 }
        parts.statusGlyphColor = Self.isDark(top.flatMap { Self.shade($0.background) }) ? .white : .black
        parts.statusGlyphDimColor =
            parts.statusGlyphs == .ios ? parts.statusGlyphColor.withAlphaMultiplied(by: 0.4) : parts.statusGlyphColor
        parts.homeIndicatorColor = Self.isDark(bottom.flatMap { Self.shade($0.background) }) ? .white : .black

        // The clock was laid out in black: the same glyphs in the colour that shows on the band.
        if var clock = parts.statusClock {
            for l in clock.lines.indices {
                for r in clock.lines[l].runs.indices { clock.lines[l].runs[r].color = parts.statusGlyphColor }
            }
            parts.statusClock = clock
        }
        if let band = parts.statusBand, let glyphs = parts.statusGlyphs {
            parts.statusGlyphPlaces = Self.statusGlyphPlaces(band, glyphs, clock: parts.statusClock?.size ?? .zero)
        }
        out.screen = parts
    }

    /// The platform's status glyphs in the band: iOS centres the clock in the left part and the
    /// glyphs on the band's lower 44 dp; Android puts the clock at 16 and centres the glyphs.
    static func statusGlyphPlaces(_ band: Rect, _ glyphs: StatusGlyphs, clock: Size) -> StatusGlyphPlaces {
        let ios = glyphs == .ios
        let midY = ios ? band.maxY - min(band.height, 44) / 2 : band.midY
        let clockX = ios ? band.width * 0.14 - clock.width / 2 + 8 : 16
        // Battery at the right edge, signal bars before it.
        let battery = Rect(
            x: band.maxX - (ios ? 24 + 14 : 16 + 12), y: midY - (ios ? 6 : 8),
            width: ios ? 24 : 12, height: ios ? 12 : 16)
        let nub =
            ios
            ? Rect(x: battery.maxX + 1, y: midY - 2, width: 1.5, height: 4)
            : Rect(x: battery.midX - 2, y: battery.minY - 2, width: 4, height: 2)
        var bars: [RoundedRect] = []
        var x = battery.minX - 6 - 4 * 4.5
        for i in 0..<4 {
            let h = 4 + Double(i) * 2.5
            bars.append(RoundedRect(rect: Rect(x: x, y: midY + 5 - h, width: 3, height: h), radii: Corners(all: 0.75)))
            x += 4.5
        }
        return StatusGlyphPlaces(
            clockOrigin: Point(x: clockX, y: midY - clock.height / 2),
            battery: RoundedRect(rect: battery, radii: Corners(all: ios ? 3.5 : 2)),
            batteryLevel: RoundedRect(rect: battery.inset(by: Sides(all: 2)), radii: Corners(all: ios ? 1.5 : 1)),
            nub: nub, signalBars: bars)
    }

    /// The background a band continues and the box it belongs to: the bar's box look when there
    /// is such a bar (nil when it has no background), else the active view's style.
    func bandSource(_ out: LayoutResult, bar: Int?) -> BandFill? {
        if let bar, let e = out[bar] {
            return e.look.background.map { BandFill(background: $0, box: e.frame) }
        }
        guard let view = out.screen.activeView.flatMap({ out[$0] }) else { return nil }
        return view.style.background.map { BandFill(background: $0, box: view.frame) }
    }

    /// The colour a background shows first (a gradient's first stop); nil when it shows nothing.
    static func shade(_ b: Background) -> Color? {
        switch b {
        case .color(let c): return c.isTransparent ? nil : c
        case .linearGradient(_, let stops), .radialGradient(let stops): return stops.first?.color
        }
    }

    /// Relative luminance below one half (and not transparent): glyphs on it are drawn white.
    static func isDark(_ c: Color?) -> Bool {
        guard let c, c.a > 127 else { return false }
        let l = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
        return l < 128
    }
}

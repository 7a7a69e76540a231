import Primitives
import Styles

/// The screen's looks, decided once the records exist: the scrim, what fills the
/// system bands and the colour their glyphs take to stand out (semantics.md section 7 item 36).
extension RecordAssembly {
    /// Fills `out.screen` after the records: the bands read the bars' and the view's box looks.
    func screenLooks(_ out: inout LayoutResult) {
        var parts = out.screen
        parts.scrim = palette.color(theme.scrim)
        switch theme.name.lowercased() {
        case "ios": parts.statusGlyphs = .ios
        case "android": parts.statusGlyphs = .android
        default: parts.statusGlyphs = nil
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
        out.screen = parts
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

import Primitives
import Styles

/// The screen's own parts: which elements are the application and the active view, the status
/// band and bottom safe area (what fills them, their glyphs in the colour that shows on them), and
/// the theme's screen-wide looks, all resolved.
package struct ScreenParts: Sendable {
    /// The application (the tree's root) and the view shown now.
    package var root: Int? = nil
    package var activeView: Int? = nil
    /// The session shows the device's launch screen (no view yet), and the image-store key of the
    /// device's launch image, drawn centre-cropped over the screen (nil: a white screen).
    package var showsLaunchScreen = false
    package var launchScreenKey: String? = nil
    /// That image placed over the screen; nil when the store has none.
    package var launchScreen: PlacedImage? = nil
    /// The status band's clock ("9:41" on iOS, "12:00" on Android) in `statusGlyphColor`, in the
    /// `ios` and `android` looks when the device has a status band.
    package var statusClock: ParagraphLayout? = nil
    /// Which status glyphs (clock, signal, battery) the band shows; nil = none (the `default` look).
    package var statusGlyphs: StatusGlyphs? = nil
    /// Where those glyphs go in the status band; nil when it shows none.
    package var statusGlyphPlaces: StatusGlyphPlaces? = nil
    /// The status glyphs' colour: white on a dark band, else black.
    package var statusGlyphColor: Color = .black
    /// The colour of the battery's outline and nub: `statusGlyphColor` at 40% on iOS, the same on Android.
    package var statusGlyphDimColor: Color = .black
    /// The status band across the top and the bottom safe area on screen; nil when the device has none.
    package var statusBand: Rect? = nil
    package var bottomBand: Rect? = nil
    /// What fills the status band and the bottom safe area where their bar (or the view) does not
    /// reach; nil = nothing (covered, or no colour of its own).
    package var statusBandFill: BandFill? = nil
    package var bottomBandFill: BandFill? = nil
    /// iOS's home indicator, centred near the bottom of the safe area (nil elsewhere), and its
    /// colour (white on a dark band).
    package var homeIndicator: RoundedRect? = nil
    package var homeIndicatorColor: Color = .black
    /// The colour over the screen under a dialog, drawer or action sheet (the theme's `scrim`).
    package var scrim: Color = .transparent
    package init() {}
}

/// The platform look of the status band's glyphs.
package enum StatusGlyphs: Hashable, Sendable {
    /// "9:41" centred in the left part, battery at the right edge.
    case ios
    /// "12:00" at the left, battery at the right edge.
    case android
}

/// Where the status glyphs go (screen coordinates): the clock's top-left, the battery's outline,
/// its charge level and its nub, and the four signal bars before it.
package struct StatusGlyphPlaces: Hashable, Sendable {
    package var clockOrigin: Point
    package var battery: RoundedRect
    package var batteryLevel: RoundedRect
    package var nub: Rect
    package var signalBars: [RoundedRect]
    package init(
        clockOrigin: Point, battery: RoundedRect, batteryLevel: RoundedRect, nub: Rect, signalBars: [RoundedRect]
    ) {
        self.clockOrigin = clockOrigin
        self.battery = battery
        self.batteryLevel = batteryLevel
        self.nub = nub
        self.signalBars = signalBars
    }
}

/// A system band filled with the background of the bar next to it (or of the view), its gradient
/// mapped over that element's box so that it continues into the band (semantics.md section 7
/// item 36).
package struct BandFill: Hashable, Sendable {
    package var background: Background
    package var box: Rect
    package init(background: Background, box: Rect) {
        self.background = background
        self.box = box
    }
}

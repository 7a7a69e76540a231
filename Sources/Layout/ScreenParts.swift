import Primitives
import Styles

/// The screen's own parts: which elements are the application and the active view, the status
/// band and bottom safe area (what fills them, their glyphs in the colour that shows on them), and
/// the theme's screen-wide looks, all resolved.
public struct ScreenParts: Sendable {
    /// The application (the tree's root) and the view shown now.
    public var root: Int? = nil
    public var activeView: Int? = nil
    /// The session shows the device's launch screen (no view yet), and the image-store key of the
    /// device's launch image, drawn centre-cropped over the screen (nil: a white screen).
    public var showsLaunchScreen = false
    public var launchScreenKey: String? = nil
    /// That image placed over the screen; nil when the store has none.
    public var launchScreen: PlacedImage? = nil
    /// The status band's clock ("9:41" on iOS, "12:00" on Android) in `statusGlyphColor`, in the
    /// `ios` and `android` looks when the device has a status band.
    public var statusClock: ParagraphLayout? = nil
    /// Which status glyphs (clock, signal, battery) the band shows; nil = none (the `default` look).
    public var statusGlyphs: StatusGlyphs? = nil
    /// Where those glyphs go in the status band; nil when it shows none.
    public var statusGlyphPlaces: StatusGlyphPlaces? = nil
    /// The status glyphs' colour: white on a dark band, else black.
    public var statusGlyphColor: Color = .black
    /// The colour of the battery's outline and nub: `statusGlyphColor` at 40% on iOS, the same on Android.
    public var statusGlyphDimColor: Color = .black
    /// The status band across the top and the bottom safe area on screen; nil when the device has none.
    public var statusBand: Rect? = nil
    public var bottomBand: Rect? = nil
    /// What fills the status band and the bottom safe area where their bar (or the view) does not
    /// reach; nil = nothing (covered, or no colour of its own).
    public var statusBandFill: BandFill? = nil
    public var bottomBandFill: BandFill? = nil
    /// iOS's home indicator, centred near the bottom of the safe area (nil elsewhere), and its
    /// colour (white on a dark band).
    public var homeIndicator: RoundedRect? = nil
    public var homeIndicatorColor: Color = .black
    /// The colour over the screen under a dialog, drawer or action sheet (the theme's `scrim`).
    public var scrim: Color = .transparent
    public init() {}
}

/// The platform look of the status band's glyphs.
public enum StatusGlyphs: Hashable, Sendable {
    /// "9:41" centred in the left part, battery at the right edge.
    case ios
    /// "12:00" at the left, battery at the right edge.
    case android
}

/// Where the status glyphs go (screen coordinates): the clock's top-left, the battery's outline,
/// its charge level and its nub, and the four signal bars before it.
public struct StatusGlyphPlaces: Hashable, Sendable {
    public var clockOrigin: Point
    public var battery: RoundedRect
    public var batteryLevel: RoundedRect
    public var nub: Rect
    public var signalBars: [RoundedRect]
    public init(
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
public struct BandFill: Hashable, Sendable {
    public var background: Background
    public var box: Rect
    public init(background: Background, box: Rect) {
        self.background = background
        self.box = box
    }
}

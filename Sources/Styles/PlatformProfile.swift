import SessionFormat

/// How one real backend BEHAVES where it differs from the neutral preview: facts from
/// docs/framework-protocol.md sections 1-3 and 8, as switches the style parser, the replay and the
/// layout read. Looks (sizes, colours, fonts) stay in the theme's data; behaviour is code, chosen by
/// the theme's `platform` field ("ios", "android"; absent = `neutral`, the documented preview rules).
package struct PlatformProfile: Hashable, Sendable {
    package enum Platform: String, CaseIterable, Hashable, Sendable { case neutral, ios, android }
    package var platform: Platform

    /// How `padding`, `margin` and `border-radius` read a list of numbers (protocol 2.1).
    package enum ListRule: String, Hashable, Sendable {
        /// CSS repetition: "10 20" = 10 20 10 20 (the preview's documented rule).
        case css
        /// iOS: only the first number, applied to every side / corner.
        case firstOnly
        /// Android: top right bottom left, a missing value repeats the previous one ("10 20" = 10 20 20 20).
        case repeatLast
    }
    package var listRule: ListRule

    /// How colour strings parse (protocol 2.1).
    package enum ColorRule: String, Hashable, Sendable {
        /// Every documented form (hex, names, rgb(), transparent).
        case preview
        /// iOS `colorFromString`: white, black, else hex after the first character; `#rgb` reads as
        /// 0x000rgb; alpha byte 00 is opaque; other names read their letters as hex.
        case ios
        /// Android `Color.parseColor`: #rrggbb, #aarrggbb and Android names; anything else fails (key ignored).
        case android
    }
    package var colorRule: ColorRule

    /// `border: 1` (one token): a black 1 dp border (preview, iOS) or an error that drops the key (Android).
    package var loneBorderTokenIsError: Bool

    /// `match-parent` on a linear layout's main axis (protocol 3.1 item 2, 8 item 6).
    package enum MainAxisMatchParent: String, Hashable, Sendable {
        /// Counts as weight 1 (semantics.md decision 15).
        case weightOne
        /// iOS: treated as wrap-content; only weight stretches.
        case wrap
        /// Android: fills the remaining space.
        case fill
    }
    package var mainAxisMatchParent: MainAxisMatchParent

    /// Kinds that keep their space when hidden (Android INVISIBLE); every other kind collapses (GONE).
    package var keepsSpaceWhenHidden: Set<WidgetKind>

    /// Kinds the backend does not create: their CREATE step makes nothing visible (children included).
    package var unsupportedKinds: Set<WidgetKind>

    /// Commands the backend ignores (no effect at all).
    package var ignoredCommands: Set<CommandType>

    /// iOS: bars whose parent is the application disappear at the first view switch (protocol 8 item 14).
    package var appBarsDroppedAtViewSwitch: Bool

    /// Android ignores a timer's interval and fires every 1000 ms; nil = the interval as given.
    package var fixedTimerInterval: Int?

    /// iOS sends `TimerEvent(0)` to id 1 whatever the timer id; false = TimerEvent(timer id) to the element.
    package var timerEventToRootWithIdZero: Bool

    /// Selectors whose SET_STYLE is stored at all (iOS: NORMAL and ACTIVE); nil = every selector.
    package var storedSelectors: Set<Selector>?

    /// iOS: layout keys, `background`, text keys, `icon`, `hint`, `scale` apply only for NORMAL.
    package var normalOnlyKeys: Set<String>

    /// Style keys the backend ignores (iOS: font-style, line-spacing, ...; Android: tint, border-width, ...).
    package var ignoredKeys: Set<String>

    /// `font-size: small|medium|large` means 9/12/15 (Android, preview) or nothing (iOS: parses to 0 = unset).
    package var fontSizeKeywords: Bool

    /// Direction of CREATE_LINEAR_LAYOUT's value: iOS 1 = vertical else horizontal; Android 2 =
    /// horizontal else vertical; neutral as documented in semantics.md.
    package enum DirectionRule: String, Hashable, Sendable { case neutral, verticalOnlyIfOne, horizontalOnlyIfTwo }
    package var directionRule: DirectionRule

    /// Value of a click's ValueEvent (iOS 1, Android 0). The theme's `clickValue` is the source of truth
    /// for the look; this mirrors it for the platform's own rule.
    package var clickValue: Int

    /// iOS insets a scroll view's content by the part of it under bars that overlay content (the
    /// status bar and 44 pt navigation bar at the top, the 49 pt tab bar at the bottom), so scroll
    /// position 0 shows the content's top just below the bar (protocol 3.3, `adjustedContentInset`).
    package var scrollContentInsetUnderBars = false

    /// Labels' value bits (CREATE_TEXT): the preview and iOS draw `# ` headings (bit 1) and link
    /// `#tags`, `@users` and URLs (bit 0); Android's `FWTextView` ignores markdown and, for any
    /// non-zero value, links web URLs only (protocol 1 CREATE_TEXT and 3.7).
    package var labelsLinkURLsOnlyAndIgnoreMarkdown = false

    /// Android runs a whole batch inside one try/catch (protocol 1 "Batching", 2.2 `border`, `weight`):
    /// a SET_STYLE whose value throws (`parseColor("1")`, `new Integer("1.5")`) ends the batch, and
    /// its later commands never run. iOS and the preview carry on with the next command.
    package var abortsBatchOnStyleError = false

    /// CREATE_SWITCH's `text` (on) and `text2` (off) labels: Android's `FWSwitch` shows the one for the
    /// state beside the switch (textOn/textOff), as the preview does; iOS's `UISwitch` ignores both.
    package var switchShowsLabels = true

    /// A tap on a NavigationBarItem at index i (semantics.md 7 item 37): iOS's tab bar shows page i of
    /// its page view (the first FlipperLayout or Pager created) and tells the app (ValueEvent(i) and a
    /// visibility event to that layout) before the item's ValueEvent(1) (`ViewController.mm
    /// tabBar:didSelectItem:`), as the preview does; Android's item is a plain `FWButton`: only its
    /// click ValueEvent, no page changes (`NativeCommand.java` CREATE_NAVIGATIONBAR_ITEM).
    package var navigationTapShowsPage = true

    /// The pixel format an `ImageRequestEvent` asks for (semantics.md 7 item 38): iOS RGB555
    /// (`ViewController.mm fwImageView:didChangeSize:`), Android RGB565 (`FWImageView.requestImage`);
    /// the preview asks as Android does.
    package var imageRequestFormat: PixelFormat = .RGB565

    /// How long a toast shows (semantics.md 7 item 41). The framework passes `showToast(message,
    /// duration)` through unchanged; iOS ignores the value (`TopViewController.mm showToast`: 1 s,
    /// then a 0.3 s fade: the `ios` theme's `toast.defaultDuration` 1300); Android hands it to
    /// `Toast.makeText` (0 becomes `LENGTH_SHORT`), where 1 is `LENGTH_LONG` (3.5 s) and any other
    /// value a short toast (2 s: the theme's `defaultDuration`). The preview follows Android.
    package enum ToastLengths: String, Hashable, Sendable {
        /// The theme's `defaultDuration` whatever the value (iOS).
        case fixed
        /// Value 1: `longToastDuration`; any other: the theme's `defaultDuration` (Android, preview).
        case shortOrLong
    }
    package var toastLengths: ToastLengths = .shortOrLong
    /// Android's `LENGTH_LONG` (ms, `NotificationManagerService.LONG_DELAY`).
    package static let longToastDuration = 3500

    /// What opening and closing the in-app browser (LAUNCH_BROWSER, semantics.md 7 item 42) tells
    /// the app. Android starts `FWWebActivity` (`FrameWork.launchBrowser`): the app's activity is
    /// paused and stopped, and when the user comes back (the back key finishes the browser
    /// activity) started and resumed again; `FrameWork.onPause/onStop/onStart/onResume` send those
    /// SysInfoEvents (`AndroidPlatform.cpp nativeOnPause` ...). iOS adds a WKWebView over the app's
    /// own view (`TopViewController.mm createWebBrowserWithUrl`), and its close button only removes
    /// it: the app stays active and hears nothing. The preview's overlay is in-app too (as iOS).
    package var browserPausesApp = false

    /// How long a toast with this CREATE_TOAST value shows (ms), given the theme's short duration.
    package func toastDuration(value: Int, short: Int) -> Int {
        switch toastLengths {
        case .fixed: return short
        case .shortOrLong: return value == 1 ? Self.longToastDuration : short
        }
    }

    package init(
        platform: Platform, listRule: ListRule, colorRule: ColorRule, loneBorderTokenIsError: Bool,
        mainAxisMatchParent: MainAxisMatchParent, keepsSpaceWhenHidden: Set<WidgetKind>,
        unsupportedKinds: Set<WidgetKind>, ignoredCommands: Set<CommandType>, appBarsDroppedAtViewSwitch: Bool,
        fixedTimerInterval: Int?, timerEventToRootWithIdZero: Bool, storedSelectors: Set<Selector>?,
        normalOnlyKeys: Set<String>, ignoredKeys: Set<String>, fontSizeKeywords: Bool,
        directionRule: DirectionRule, clickValue: Int
    ) {
        self.platform = platform
        self.listRule = listRule
        self.colorRule = colorRule
        self.loneBorderTokenIsError = loneBorderTokenIsError
        self.mainAxisMatchParent = mainAxisMatchParent
        self.keepsSpaceWhenHidden = keepsSpaceWhenHidden
        self.unsupportedKinds = unsupportedKinds
        self.ignoredCommands = ignoredCommands
        self.appBarsDroppedAtViewSwitch = appBarsDroppedAtViewSwitch
        self.fixedTimerInterval = fixedTimerInterval
        self.timerEventToRootWithIdZero = timerEventToRootWithIdZero
        self.storedSelectors = storedSelectors
        self.normalOnlyKeys = normalOnlyKeys
        self.ignoredKeys = ignoredKeys
        self.fontSizeKeywords = fontSizeKeywords
        self.directionRule = directionRule
        self.clickValue = clickValue
    }

    /// The preview's documented rules (docs/semantics.md): what `default` and user themes without `platform` get.
    package static let neutral = PlatformProfile(
        platform: .neutral, listRule: .css, colorRule: .preview, loneBorderTokenIsError: false,
        mainAxisMatchParent: .weightOne, keepsSpaceWhenHidden: [], unsupportedKinds: [], ignoredCommands: [],
        appBarsDroppedAtViewSwitch: false, fixedTimerInterval: nil, timerEventToRootWithIdZero: false,
        storedSelectors: nil, normalOnlyKeys: [], ignoredKeys: [], fontSizeKeywords: true,
        directionRule: .neutral, clickValue: 1)

    /// The framework's iOS backend (`iOS/ViewManager.m`, `ViewController.mm`, `LinearLayoutView.m`).
    package static let ios = PlatformProfile(
        platform: .ios, listRule: .firstOnly, colorRule: .ios, loneBorderTokenIsError: false,
        mainAxisMatchParent: .wrap, keepsSpaceWhenHidden: [],
        // CREATE_ALERT_DIALOG is a no-op on iOS (protocol 1); the rest per protocol 8 item 12.
        unsupportedKinds: [
            .checkbox, .radioGroup, .listView, .gridView, .tableLayout, .autoColumnLayout, .notification,
            .alertDialog,
        ],
        ignoredCommands: [.SET_ERROR, .SET_TEXT_DATA, .CREATE_LINK, .CREATE_NOTIFICATION],
        appBarsDroppedAtViewSwitch: true, fixedTimerInterval: nil, timerEventToRootWithIdZero: true,
        storedSelectors: [.normal, .active],
        normalOnlyKeys: [
            "width", "height", "min-width", "min-height", "margin", "margin-top", "margin-right",
            "margin-bottom", "margin-left", "padding", "padding-top", "padding-right", "padding-bottom",
            "padding-left", "weight", "gravity", "background", "color", "font-size", "font-weight",
            "font-family", "text-align", "white-space", "text-overflow", "max-lines", "line-height",
            "min-scale", "icon", "hint", "scale",
        ],
        ignoredKeys: ["font-style", "line-spacing", "max-width", "max-height", "top", "left", "right", "bottom"],
        fontSizeKeywords: false, directionRule: .verticalOnlyIfOne, clickValue: 1
    )
    .with {
        $0.scrollContentInsetUnderBars = true
        $0.switchShowsLabels = false
        $0.imageRequestFormat = .RGB555
        $0.toastLengths = .fixed
    }

    /// The framework's Android backend (`A/ViewStyleManager.java`, `NativeCommand.java`, widget classes).
    package static let android = PlatformProfile(
        platform: .android, listRule: .repeatLast, colorRule: .android, loneBorderTokenIsError: true,
        mainAxisMatchParent: .fill,
        keepsSpaceWhenHidden: [
            .button, .text, .checkbox, .switchControl, .picker, .radioGroup, .scrollLayout,
            .frameView, .listView,
        ],
        unsupportedKinds: [.searchBar, .segmentedControl],
        ignoredCommands: [.RELEASE, .STOP],
        appBarsDroppedAtViewSwitch: false, fixedTimerInterval: 1000, timerEventToRootWithIdZero: false,
        storedSelectors: nil, normalOnlyKeys: [],
        ignoredKeys: ["tint", "border-width", "min-scale", "overflow", "top", "left", "right", "bottom"],
        fontSizeKeywords: true, directionRule: .horizontalOnlyIfTwo, clickValue: 0
    )
    .with {
        $0.labelsLinkURLsOnlyAndIgnoreMarkdown = true
        $0.abortsBatchOnStyleError = true
        $0.navigationTapShowsPage = false
        $0.browserPausesApp = true
    }

    /// A copy with one change (for the fields the memberwise init does not take).
    func with(_ change: (inout PlatformProfile) -> Void) -> PlatformProfile {
        var copy = self
        change(&copy)
        return copy
    }

    /// "iOS", "Android" or "the preview", for messages.
    package var displayName: String {
        switch platform {
        case .neutral: return "the preview"
        case .ios: return "iOS"
        case .android: return "Android"
        }
    }

    /// The profile of a `platform` name ("ios", "android", "neutral"); nil for an unknown name.
    package static func named(_ name: String) -> PlatformProfile? {
        switch name.lowercased() {
        case "ios": return .ios
        case "android": return .android
        case "neutral", "default", "": return .neutral
        default: return nil
        }
    }
}

extension Theme {
    /// The behaviour profile this theme asks for (`platform` field); `neutral` when absent or unknown
    /// (ThemeValidator rejects unknown names on load).
    package var profile: PlatformProfile { platform.flatMap(PlatformProfile.named) ?? .neutral }
}

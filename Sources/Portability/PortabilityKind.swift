/// The kinds of difference the portability report finds: a stable code each (in reports, JSON and
/// tests), the fact behind it and where the fact sheet states it. The declaration order is the
/// report's order within one step.
package enum PortabilityKind: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    case unsupportedWidget = "unsupported-widget"
    case ignoredCommand = "ignored-command"
    case direction = "direction"
    case markdown = "markdown"
    case textFieldFlags = "text-field-flags"
    case selectorDropped = "selector-dropped"
    case ignoredKey = "ignored-key"
    case normalOnlyKey = "normal-only-key"
    case shorthandList = "shorthand-list"
    case loneBorder = "lone-border"
    case borderStyle = "border-style"
    case iosColour = "ios-colour"
    case androidColour = "android-colour"
    case fontSizeKeyword = "font-size-keyword"
    case fontWeight = "font-weight"
    case textAlignJustify = "text-align-justify"
    case iconDensity = "icon-density"
    case nonIntegerWeight = "non-integer-weight"
    case mainAxisMatchParent = "main-axis-match-parent"
    case hiddenKeepsSpace = "hidden-keeps-space"
    case visibilityIgnored = "visibility-ignored"
    case appBarDropped = "app-bar-dropped"
    case timerInterval = "timer-interval"
    case timerTarget = "timer-target"
    case clickValue = "click-value"
    case navigationTap = "navigation-tap"
    case toastDuration = "toast-duration"
    case actionBarTitle = "action-bar-title"
    case switchLabels = "switch-labels"

    package var code: String { rawValue }

    package static func < (a: PortabilityKind, b: PortabilityKind) -> Bool { a.order < b.order }
    private var order: Int { Self.allCases.firstIndex(of: self)! }

    /// The fact, in one line (docs/portability.md's table).
    package var fact: String {
        switch self {
        case .unsupportedWidget:
            return "A widget one backend does not create: nothing of it (or its children) is shown there."
        case .ignoredCommand: return "A command one backend ignores (no effect at all there)."
        case .direction:
            return
                """
                CREATE_LINEAR_LAYOUT value other than 1 or 2: iOS reads anything but 1 as horizontal, Android \
                anything but 2 as vertical.
                """
        case .markdown:
            return
                """
                Markdown labels (CREATE_TEXT value bit 1): iOS draws `# ` lines as bold headings 4 larger; Android \
                ignores markdown.
                """
        case .selectorDropped:
            return
                """
                A style for a selector iOS does not store (HOVER, SELECTED, DISABLED, LINK): the command is \
                ignored on iOS.
                """
        case .ignoredKey:
            return
                """
                A style key one backend ignores (iOS: font-style, line-spacing, ...; Android: tint, border-width, \
                min-scale, ...).
                """
        case .normalOnlyKey:
            return
                """
                Layout, background, text, icon, hint and scale keys apply on iOS only for NORMAL; Android applies \
                them per state.
                """
        case .shorthandList:
            return
                """
                padding / margin / border-radius with 2+ numbers: iOS takes the first for every side; Android \
                repeats the last (not CSS).
                """
        case .loneBorder:
            return
                """
                `border: <number>` is one token, read as a colour: iOS draws a black 1 pt border; Android's \
                parseColor throws and the key is dropped.
                """
        case .borderStyle:
            return "`border: W dotted|dashed C`: the line style is honoured on Android only; iOS draws a solid line."
        case .iosColour:
            return
                """
                A colour iOS misreads: #rgb (0x000rgb), names other than black/white, #00rrggbb (alpha 00 = \
                opaque), rgb(), transparent.
                """
        case .androidColour:
            return
                """
                A colour Android's parseColor rejects (#rgb, rgb(), transparent, unknown names, radial-gradient): \
                the key is dropped.
                """
        case .fontSizeKeyword:
            return "font-size small/medium/large: Android 9/12/15 sp; iOS parses the keyword to 0 (unset)."
        case .fontWeight:
            return "font-weight 401-550 (iOS bold above 400, Android above 550) or lighter/bolder (iOS only)."
        case .nonIntegerWeight:
            return
                """
                A non-integer `weight`: iOS truncates (integerValue); Android's Integer() throws and the rest of \
                the batch is lost.
                """
        case .mainAxisMatchParent:
            return
                """
                match-parent on a linear layout's main axis: iOS treats it as wrap-content; Android fills the \
                remaining space.
                """
        case .hiddenKeepsSpace:
            return "SET_VISIBILITY 0 on a kind Android hides as INVISIBLE (keeps its space); iOS collapses it."
        case .appBarDropped:
            return
                "iOS bars are per view: an action/navigation/search bar of the application disappears at a view switch."
        case .timerInterval: return "Android ignores a timer's interval and fires every 1000 ms."
        case .timerTarget:
            return
                """
                iOS sends TimerEvent(0) to id 1 whatever the timer; Android TimerEvent(timer id) to the element \
                that made it.
                """
        case .clickValue: return "The ValueEvent of a click on a button or event layout: iOS 1, Android 0."
        case .navigationTap:
            return
                """
                A tap on a navigation bar item i: iOS shows page i of the first flipper or pager and sends it \
                ValueEvent(i) and a visibility event, then ValueEvent(1) to the item; Android's item is a button: \
                ValueEvent(0) only, no page changes.
                """
        case .textFieldFlags:
            return
                """
                Text field flags 16 (password) and 32 (numeric): Android honours them; iOS ignores them (a \
                password shows as typed).
                """
        case .textAlignJustify:
            return
                """
                text-align: justify: iOS labels justify; Android knows only left, center, right (the text stays \
                left-aligned).
                """
        case .iconDensity:
            return
                """
                `icon` assets: iOS loads them as @3x, Android scales them as @2x, so the same file is 1.5x larger \
                on Android.
                """
        case .visibilityIgnored:
            return "SET_VISIBILITY on a flipper or pager: Android ignores it; iOS hides or shows it."
        case .toastDuration:
            return
                """
                CREATE_TOAST duration: iOS ignores it (1 s, then a 0.3 s fade); Android shows LENGTH_LONG \
                (3.5 s) for 1 and LENGTH_SHORT (2 s) for any other value.
                """
        case .actionBarTitle:
            return
                """
                An action bar's title and subtitle (CREATE_ACTIONBAR text/text2, SET_TEXT_VALUE): iOS shows them; \
                Android's FWActionBar is created without them and ignores SET_TEXT_VALUE (an empty bar).
                """
        case .switchLabels:
            return
                """
                CREATE_SWITCH text (on) and text2 (off): Android's FWSwitch shows the one for its state beside \
                the switch; iOS's UISwitch has no labels.
                """
        }
    }

    /// Where the fact sheet (docs/framework-protocol.md) states it.
    package var source: String {
        switch self {
        case .unsupportedWidget: return "protocol 1 (table), 3.4, 8 item 12"
        case .ignoredCommand: return "protocol 1 (table), 8 item 12"
        case .direction: return "protocol 1 CREATE_LINEAR_LAYOUT, 8 item 6"
        case .markdown: return "protocol 3.7"
        case .selectorDropped: return "protocol 2 (selectors stored)"
        case .ignoredKey: return "protocol 2.2 (key table)"
        case .normalOnlyKey: return "protocol 2 (`if (selector != SelectorNormal) return`)"
        case .shorthandList: return "protocol 2.1 Lists, 8 item 3"
        case .loneBorder: return "protocol 2.2 `border`, 8 item 4"
        case .borderStyle: return "protocol 2.2 `border`"
        case .iosColour: return "protocol 2.1 Colours, 8 item 5"
        case .androidColour: return "protocol 2.1 Colours, 2.2 `background`"
        case .fontSizeKeyword: return "protocol 2.2 `font-size`, 8 item 15"
        case .fontWeight: return "protocol 2.2 `font-weight`"
        case .nonIntegerWeight: return "protocol 0 (batches), 2.2 `weight`"
        case .mainAxisMatchParent: return "protocol 3.1 item 2, 8 item 6"
        case .hiddenKeepsSpace: return "protocol 1.1 SET_VISIBILITY, 8 item 7"
        case .appBarDropped: return "protocol 1.1 view switching, 8 item 14"
        case .timerInterval: return "protocol 1 CREATE_TIMER, 8 item 9"
        case .timerTarget: return "protocol 1 CREATE_TIMER, 8 item 9"
        case .clickValue: return "protocol 1 CREATE_EVENT_LAYOUT, 8 item 10"
        case .navigationTap: return "protocol 1 CREATE_NAVIGATIONBAR_ITEM, 3 NavigationBar; semantics 7 item 37"
        case .textFieldFlags: return "protocol 1 CREATE_TEXTFIELD, 8 item 11"
        case .textAlignJustify: return "protocol 2.2 `text-align`"
        case .iconDensity: return "protocol 2.2 `icon`"
        case .visibilityIgnored: return "protocol 1.1 SET_VISIBILITY"
        case .toastDuration: return "protocol 1 CREATE_TOAST, 3.6 Toast"
        case .actionBarTitle: return "protocol 1 CREATE_ACTIONBAR, SET_TEXT_VALUE, 3 ActionBar"
        case .switchLabels: return "protocol 1 CREATE_SWITCH"
        }
    }

    /// Whether the difference can move or resize elements: only these findings get measured frames
    /// (a colour or an event value leaves every frame where it is).
    package var affectsLayout: Bool {
        switch self {
        case .selectorDropped, .normalOnlyKey, .borderStyle, .iosColour, .androidColour, .timerInterval, .timerTarget,
            .clickValue,
            .navigationTap,  // the tapped item stays where it is; the page it turns is named in the message
            .textFieldFlags, .textAlignJustify, .toastDuration,
            .actionBarTitle,  // the bar keeps its height with or without a title
            .iconDensity:  // a look here (the theme's asset density): the measured looks are the same on both

            return false
        default: return true
        }
    }

    /// Driven by a PlatformProfile field (true) or by the report's own fact table (`PlatformFacts`).
    package var profileField: String? {
        switch self {
        case .unsupportedWidget: return "unsupportedKinds"
        case .ignoredCommand: return "ignoredCommands"
        case .direction: return "directionRule"
        case .selectorDropped: return "storedSelectors"
        case .ignoredKey: return "ignoredKeys"
        case .normalOnlyKey: return "normalOnlyKeys"
        case .shorthandList: return "listRule"
        case .loneBorder: return "loneBorderTokenIsError"
        case .iosColour, .androidColour: return "colorRule"
        case .fontSizeKeyword: return "fontSizeKeywords"
        case .mainAxisMatchParent: return "mainAxisMatchParent"
        case .hiddenKeepsSpace: return "keepsSpaceWhenHidden"
        case .appBarDropped: return "appBarsDroppedAtViewSwitch"
        case .timerInterval: return "fixedTimerInterval"
        case .timerTarget: return "timerEventToRootWithIdZero"
        case .clickValue: return "clickValue"
        case .navigationTap: return "navigationTapShowsPage"
        case .switchLabels: return "switchShowsLabels"
        case .markdown, .borderStyle, .fontWeight, .nonIntegerWeight, .textFieldFlags, .textAlignJustify, .iconDensity,
            .visibilityIgnored, .toastDuration, .actionBarTitle:
            return nil
        }
    }
}

import SessionFormat
import Styles

/// Walks a session's steps and lists every place where the iOS and the Android profile give a
/// different result. The static part of the report: the profiles (`PlatformProfile.ios/.android`,
/// the same values the renderer switches on) plus `PlatformFacts` decide what differs, so the report
/// and `--theme ios|android` cannot disagree about a rule.
package struct PortabilityAnalyzer: Sendable {
    package var ios: PlatformProfile
    package var android: PlatformProfile
    package init(ios: PlatformProfile = .ios, android: PlatformProfile = .android) {
        self.ios = ios
        self.android = android
    }

    /// The findings in report order: step index, position inside the step's batches, kind, element.
    package func findings(_ session: Session) -> [PortabilityFinding] {
        var walk = Walk(ios: ios, android: android)
        for step in session.steps { walk.visit(step) }
        return walk.found.sorted { a, b in
            if a.finding.step != b.finding.step { return a.finding.step < b.finding.step }
            if a.seq != b.seq { return a.seq < b.seq }
            if a.finding.kind != b.finding.kind { return a.finding.kind < b.finding.kind }
            return (a.finding.elementId ?? Int.min) < (b.finding.elementId ?? Int.min)
        }.map(\.finding)
    }
}

/// The walk's state: elements so far, whether a view switch happened, findings with their step's
/// position in walk order.
struct Walk {
    let ios: PlatformProfile
    let android: PlatformProfile
    let iosFacts: PlatformFacts
    let androidFacts: PlatformFacts
    var tracker = ElementTracker()
    /// The active FrameView (the first one created, then each view switched to).
    var activeView: Int?
    var found: [(seq: Int, finding: PortabilityFinding)] = []
    var seq = 0
    var step: Step = Step(.back, index: 0)

    init(ios: PlatformProfile, android: PlatformProfile) {
        self.ios = ios
        self.android = android
        iosFacts = PlatformFacts.of(ios.platform)
        androidFacts = PlatformFacts.of(android.platform)
    }

    /// " (and the rest of its batch is lost)" for a step inside a batch: an Android parse exception aborts the batch.
    var batchLoss: String { step.path.contains(".steps[") ? " (and the rest of its batch is lost)" : "" }

    /// Both platforms, iOS first (messages and findings name them in this order).
    var both: [PlatformProfile] { [ios, android] }

    static func name(_ p: PlatformProfile) -> String {
        switch p.platform {
        case .ios: return "iOS"
        case .android: return "Android"
        case .neutral: return "the preview"
        }
    }

    mutating func visit(_ s: Step) {
        switch s.kind {
        case .batch(let inner): for i in inner { visit(i) }
        case .command(let c):
            step = s
            seq += 1
            command(c)
        case .input(let kind, let id, _, let text):
            step = s
            seq += 1
            input(kind, id: id, text: text)
        default: break
        }
    }

    mutating func add(
        _ kind: PortabilityKind, _ command: String, element: Int?, key: String? = nil, value: String? = nil,
        _ message: String
    ) {
        let f = PortabilityFinding(
            step: step.index, path: step.path, kind: kind, command: command, elementId: element,
            elementKind: element.flatMap { tracker[$0]?.kind }, key: key, value: value, message: message)
        found.append((seq, f))
    }

    // MARK: - commands

    mutating func command(_ c: Command) {
        let text = Self.describe(c)
        if let f = ignoredCommand(c) {
            let target = c.type.createdKind != nil || c.type == .CREATE_NOTIFICATION ? c.childInternalId : c.internalId
            add(.ignoredCommand, text, element: target, f)
            if c.type.createdKind != nil { created(c, text: text, report: false) }
            return
        }
        switch c.type {
        case .DELETE_ELEMENT:
            tracker.delete(c.internalId)
            if activeView == c.internalId { activeView = nil }
        case .REMOVE_CHILD: tracker.detach(c.childInternalId, from: c.internalId)
        case .SET_INT_VALUE: intValue(c, text: text)
        case .SET_VISIBILITY: visibility(c, text: text)
        case .SET_STYLE: style(c, text: text)
        case .CREATE_TIMER: timer(c, text: text)
        case .CREATE_TOAST: toast(c, text: text)
        case .SET_TEXT_VALUE: actionBarTitle(c.internalId, c.textValue, c.textValue2, command: text)
        default: if c.type.createdKind != nil { created(c, text: text, report: true) }
        }
    }

    /// A command exactly one backend ignores: the message, else nil.
    func ignoredCommand(_ c: Command) -> String? {
        let a = ios.ignoredCommands.contains(c.type)
        let b = android.ignoredCommands.contains(c.type)
        guard a != b else { return nil }
        let (off, on) = a ? (ios, android) : (android, ios)
        return "\(Self.name(off)) ignores \(c.type.name); \(Self.name(on)) applies it"
    }

    mutating func created(_ c: Command, text: String, report: Bool) {
        guard let kind = c.type.createdKind else { return }
        let id = c.childInternalId
        let parentMissing = tracker[c.internalId]?.missingOn ?? []
        let own = Set(both.filter { $0.unsupportedKinds.contains(kind) }.map(\.platform))
        tracker.create(id, kind: kind, parent: c.internalId, value: c.value, missingOn: own)
        if kind == .frameView, activeView == nil { activeView = id }
        guard report else { return }
        let newlyMissing = own.subtracting(parentMissing)
        if own.count == 1, let p = newlyMissing.first, let off = both.first(where: { $0.platform == p }),
            let on = both.first(where: { $0.platform != p })
        {
            add(
                .unsupportedWidget, text, element: id,
                """
                \(Self.name(off)) has no \(kind.rawValue): nothing of it (or its children) is shown; \
                \(Self.name(on)) creates it
                """
            )
        }
        if kind == .linearLayout {
            let a = PlatformReading.axis(c.value, ios.directionRule)
            let b = PlatformReading.axis(c.value, android.directionRule)
            if a != b {
                add(
                    .direction, text, element: id, value: String(c.value),
                    """
                    direction value \(c.value): \(Self.name(ios)) lays it out \(a.rawValue), \(Self.name(android)) \
                    \(b.rawValue)
                    """
                )
            }
        }
        if kind == .text { markdown(id, value: c.value, text: c.textValue, command: text) }
        if kind == .actionBar { actionBarTitle(id, c.textValue, c.textValue2, command: text) }
        if kind == .switchControl, !(c.textValue + c.textValue2).isEmpty,
            ios.switchShowsLabels != android.switchShowsLabels
        {
            let (shows, bare) = ios.switchShowsLabels ? (ios, android) : (android, ios)
            add(
                .switchLabels, text, element: id, value: c.textValue + "/" + c.textValue2,
                """
                switch labels "\(c.textValue)" (on) / "\(c.textValue2)" (off): \(Self.name(shows)) shows the one for \
                its state beside the switch; \(Self.name(bare))'s switch has no labels
                """
            )
        }
        if kind == .textField || kind == .textView, c.flags & 48 != 0,
            iosFacts.honoursTextFieldFlags != androidFacts.honoursTextFieldFlags
        {
            let (honours, ignores) = iosFacts.honoursTextFieldFlags ? (ios, android) : (android, ios)
            let what = [
                c.flags & 16 != 0 ? "masks the text (flag 16, password)" : nil,
                c.flags & 32 != 0 ? "asks for digits (flag 32, numeric)" : nil,
            ].compactMap { $0 }.joined(separator: " and ")
            add(
                .textFieldFlags, text + " flags \(c.flags)", element: id, value: String(c.flags),
                "\(Self.name(honours)) \(what); \(Self.name(ignores)) ignores the flags"
                    + (c.flags & 16 != 0 ? " and shows the password as typed" : ""))
        }
    }

    /// A title or subtitle given to an action bar (by its CREATE or a SET_TEXT_VALUE): shown on one
    /// backend only (`PlatformFacts.drawsActionBarTitle`).
    mutating func actionBarTitle(_ id: Int, _ title: String, _ subtitle: String, command: String) {
        // A bar with no parent is on no screen (never attached, or dropped at an iOS view switch).
        guard let e = tracker[id], e.kind == .actionBar, e.parent != nil, e.missingOn.isEmpty,
            !(title + subtitle).isEmpty,
            iosFacts.drawsActionBarTitle != androidFacts.drawsActionBarTitle
        else { return }
        let (draws, empty) = iosFacts.drawsActionBarTitle ? (ios, android) : (android, ios)
        let what = [title.isEmpty ? nil : "title \"\(title)\"", subtitle.isEmpty ? nil : "subtitle \"\(subtitle)\""]
            .compactMap { $0 }.joined(separator: " and ")
        add(
            .actionBarTitle, command, element: id, value: title,
            "\(Self.name(draws)) shows the action bar's \(what); \(Self.name(empty))'s bar shows no title (empty)")
    }

    mutating func markdown(_ id: Int, value: Int, text: String, command: String) {
        guard value & 2 != 0, iosFacts.drawsMarkdown != androidFacts.drawsMarkdown else { return }
        let headings = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("# ") }
        guard let first = headings.first else { return }
        let (draws, plain) = iosFacts.drawsMarkdown ? (ios, android) : (android, ios)
        add(
            .markdown, command, element: id,
            """
            \(Self.name(draws)) draws \"\(first.dropFirst(2))\" as a bold heading 4 larger without \"# \"; \
            \(Self.name(plain)) shows the line as written
            """
        )
    }

    /// A view switch (the app's SET_INT_VALUE with a child, or the view's own value 1-3) to another
    /// FrameView than the active one, as the replay counts it: the bars the application owns at that
    /// moment leave the screen on the backend whose bars are per view.
    mutating func intValue(_ c: Command, text: String) {
        guard let e = tracker[c.internalId] else { return }
        let target: Int? =
            e.kind == .application && c.childInternalId != 0
            ? c.childInternalId
            : (e.kind == .frameView && (1...3).contains(c.value) ? c.internalId : nil)
        guard let view = target, tracker[view]?.kind == .frameView, view != activeView else { return }
        activeView = view
        guard ios.appBarsDroppedAtViewSwitch != android.appBarsDroppedAtViewSwitch else { return }
        let (drops, keeps) = ios.appBarsDroppedAtViewSwitch ? (ios, android) : (android, ios)
        for bar in tracker.applicationBars() {
            let kind = tracker[bar]!.kind
            if tracker[bar]!.missingOn.isEmpty {
                add(
                    .appBarDropped, text, element: bar,
                    """
                    view switch to \(view): \(Self.name(drops)) removes the application's \(kind.rawValue) \(bar) \
                    (bars are per view there); \(Self.name(keeps)) keeps it
                    """
                )
            }
            if let app = tracker[bar]!.parent { tracker.detach(bar, from: app) }  // gone there; reported once
        }
    }

    mutating func visibility(_ c: Command, text: String) {
        guard let e = tracker[c.internalId], e.missingOn.isEmpty else { return }
        let ignI = iosFacts.visibilityIgnoredKinds.contains(e.kind)
        let ignA = androidFacts.visibilityIgnoredKinds.contains(e.kind)
        if ignI != ignA {
            let (ignores, applies) = ignI ? (ios, android) : (android, ios)
            add(
                .visibilityIgnored, text, element: c.internalId, value: String(c.value),
                """
                \(Self.name(ignores)) ignores SET_VISIBILITY on a \(e.kind.rawValue); \(Self.name(applies)) \
                \(c.value == 0 ? "hides" : "shows") it
                """
            )
            return
        }
        guard c.value == 0 else { return }
        let a = ios.keepsSpaceWhenHidden.contains(e.kind)
        let b = android.keepsSpaceWhenHidden.contains(e.kind)
        guard a != b else { return }
        let (keeps, collapses) = a ? (ios, android) : (android, ios)
        add(
            .hiddenKeepsSpace, text, element: c.internalId, value: "0",
            """
            \(Self.name(keeps)) hides the \(e.kind.rawValue) but keeps its space (INVISIBLE); \
            \(Self.name(collapses)) collapses it (GONE)
            """
        )
    }

    mutating func timer(_ c: Command, text: String) {
        let element = c.internalId
        let timerId = c.childInternalId
        let a = ios.fixedTimerInterval ?? c.value
        let b = android.fixedTimerInterval ?? c.value
        if a != b {
            add(
                .timerInterval, text, element: element, value: String(c.value),
                """
                \(Self.name(ios)) fires every \(a) ms, \(Self.name(android)) every \(b) ms (the interval is \
                ignored there)
                """
            )
        }
        func target(_ p: PlatformProfile) -> (event: Int, to: Int) {
            p.timerEventToRootWithIdZero ? (0, 1) : (timerId, element)
        }
        let ti = target(ios)
        let ta = target(android)
        if ti != ta {
            add(
                .timerTarget, text, element: element,
                """
                \(Self.name(ios)) sends TimerEvent(\(ti.event)) to \(ti.to), \(Self.name(android)) \
                TimerEvent(\(ta.event)) to \(ta.to)
                """
            )
        }
    }

    mutating func toast(_ c: Command, text: String) {
        let a = iosFacts.toastDuration(c.value)
        let b = androidFacts.toastDuration(c.value)
        guard a != b else { return }
        add(
            .toastDuration, text, element: c.internalId, value: String(c.value),
            """
            toast \"\(c.textValue)\" with value \(c.value): \(Self.name(ios)) shows it for \(a) ms, \
            \(Self.name(android)) for \(b) ms
            """
        )
    }

    // MARK: - input

    mutating func input(_ kind: InputKind, id: Int, text: String) {
        guard kind == .tap || kind == .release, let e = tracker[id] else { return }
        if kind == .tap, !text.isEmpty, e.kind == .actionBar { return }  // an action bar button: a CommandEvent
        if e.kind == .navigationBarItem {
            navigationTap(kind, id: id, text: text)
            return
        }
        guard let receiver = tracker.clickReceiver(id), ios.clickValue != android.clickValue else { return }
        let via = receiver == id ? "" : " (tap on \(id) inside it)"
        add(
            .clickValue, "\(kind.rawValue) \(id)" + (text.isEmpty ? "" : " \"\(text)\""), element: receiver,
            """
            click on \(tracker[receiver]!.kind.rawValue) \(receiver)\(via): \(Self.name(ios)) sends \
            ValueEvent(\(ios.clickValue)), \(Self.name(android)) ValueEvent(\(android.clickValue))
            """
        )
    }

    /// A tap on a navigation bar item (semantics.md 7 item 37): the tab bar turns the page view's
    /// page on one backend; on the other the item is a button.
    mutating func navigationTap(_ kind: InputKind, id: Int, text: String) {
        guard ios.navigationTapShowsPage != android.navigationTapShowsPage else { return }
        let (turns, button) = ios.navigationTapShowsPage ? (ios, android) : (android, ios)
        let index = tracker.itemIndex(id)
        let what: String
        if let i = index, let pages = tracker.pageView, let p = tracker[pages] {
            what =
                """
                \(Self.name(turns)) shows page \(i) of \(p.kind.rawValue) \(pages) and sends it ValueEvent(\(i)) \
                and a visibility event, then ValueEvent(1) to the item; \(Self.name(button))'s item is a button: \
                ValueEvent(\(button.clickValue)) only, the page stays
                """
        } else {
            what =
                """
                \(Self.name(turns)) sends ValueEvent(1) to the item (no flipper or pager to turn); \
                \(Self.name(button))'s item is a button: ValueEvent(\(button.clickValue))
                """
        }
        add(
            .navigationTap, "\(kind.rawValue) \(id)" + (text.isEmpty ? "" : " \"\(text)\""), element: id,
            "tap on navigationBarItem \(id)\(index.map { " (item \($0))" } ?? ""): " + what)
        if index != nil, let pages = tracker.pageView { found[found.count - 1].finding.alsoAffects = pages }
    }

    // MARK: - text of a step

    /// `SET_STYLE 7 padding "10 20"`, `CREATE_BUTTON 12 in 11`, `SET_VISIBILITY 7 0`.
    static func describe(_ c: Command) -> String {
        func q(_ s: String) -> String {
            let short = s.count > 40 ? String(s.prefix(37)) + "..." : s
            return "\"" + short.replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        switch c.type {
        case .SET_STYLE:
            let sel = c.selector ?? Selector(rawValue: c.value)
            let s = sel.map { $0 == .normal ? "" : " \($0.name)" } ?? " selector \(c.value)"
            return "SET_STYLE \(c.internalId)\(s) \(c.textValue) \(q(c.textValue2))"
        case .CREATE_TIMER:
            return "CREATE_TIMER \(c.childInternalId) on \(c.internalId) \(c.value) ms"
        default:
            if c.type.createdKind != nil || c.type == .CREATE_NOTIFICATION {
                return "\(c.type.name) \(c.childInternalId) in \(c.internalId)"
                    + (c.value != 0 ? " value \(c.value)" : "")
            }
            var s = "\(c.type.name) \(c.internalId)"
            if c.childInternalId != 0 { s += " child \(c.childInternalId)" }
            if c.value != 0 || c.type == .SET_VISIBILITY || c.type == .SET_INT_VALUE { s += " \(c.value)" }
            if !c.textValue.isEmpty { s += " " + q(c.textValue) }
            return s
        }
    }
}

import Primitives
import SessionFormat
import Styles

/// The tree right after a `scroll` step, kept so the pipeline can lay it out and complete the
/// step's ScrollChangedEvent (clamped `scrollPos`, `scrollRem`, `height`).
package struct ScrollState: Sendable {
    /// Index of the ScrollChangedEvent in the event list it travels with.
    package var event: Int
    /// The scrolled element.
    package var id: Int
    package var tree: WidgetTree
    package init(event: Int, id: Int, tree: WidgetTree) {
        self.event = event
        self.id = id
        self.tree = tree
    }
}

/// A repeating timer made by CREATE_TIMER.
struct ReplayTimer {
    /// The timer id (`childInternalId`), sent as `timerId`.
    var id: Int
    /// The element the TimerEvent goes to (`internalId`).
    var target: Int
    var interval: Int
    var nextDue: Int
    /// Creation order, to break ties between timers due at the same time.
    var order: Int
}

/// The mutable state of one replay: the tree, the clock, timers, and what has been collected.
/// A steppable engine: `boot()`, then `apply(_:)` one step at a time, then `finish()`.
/// `Replayer.run()` drives it over a session's steps; `HeadlessBackend` (RenderPipeline) drives
/// it from Swift calls, so both clients share every rule.
package struct ReplayEngine {
    /// The session: its device (launch screen) and, for `boot()`, the steps to look ahead into.
    package let session: Session
    package let options: ReplayOptions

    /// The current widget tree (the state a frame drawn now would show).
    package internal(set) var tree = WidgetTree()
    /// Events produced and not yet drained, in order.
    package internal(set) var events: [AppEvent] = []
    package internal(set) var diagnostics: [Diagnostic] = []
    /// Captures taken so far (launch frame, ticks when `captureTicks`, snapshots).
    package internal(set) var captures: [Capture] = []
    var recorded: [RecordedCommand] = []
    /// The tree at each `scroll` step, so the pipeline can complete its ScrollChangedEvent after
    /// layout (the content size needs layout); `event` indexes `events`.
    package internal(set) var scrollStates: [ScrollState] = []
    var booted = false
    var timers: [ReplayTimer] = []
    var timerOrder = 0
    /// Firings delivered and dropped in the current tick.
    var timerTick = TimerTick()
    /// Events dropped because `options.maxHeldEvents` were held (`EventCap.swift`).
    var eventDrops = EventDrops()
    /// REORDER_CHILD steps skipped for the tree-edit budget (`TreeEditBudget.swift`).
    var treeEditsSkipped = 0
    /// Where the SysInfo/SysEvents go: the application id (or the implicit root's).
    var appId = 1
    /// Ids deleted by DELETE_ELEMENT, with the step that deleted them (for clearer messages).
    var deletedAt: [Int: Int] = [:]
    /// A tick capture that still takes in the steps up to the next tick (semantics.md 7 item 34).
    var pendingTickCapture: Int?
    /// Whether the iOS-drops-app-bars note was given (once per replay).
    var warnedAppBars = false
    /// Frames captured so far, drained or not (limit `ReplayOptions.maxFrames`).
    var capturesTaken = 0
    /// Whether the `tree-too-deep` warning was given (once per replay).
    var warnedDepth = false
    /// The first FlipperLayout or Pager created: the page view a navigation bar tap turns
    /// (semantics.md 7 item 37; iOS keeps the first one it makes, `ViewController.mm`).
    var pageViewId: Int?
    /// The element a press holds and the last input's outcome (`ReplayEngine+Touch.swift`).
    var touch = TouchState()
    /// Command types the platform ignores that were already reported (one warning per type).
    var warnedIgnored: Set<CommandType> = []

    /// How deep in nested batches the step being applied is (0 = not in a batch).
    var batchDepth = 0
    /// Set by a SET_STYLE that throws inside a batch under `abortsBatchOnStyleError` (Android): the
    /// step that threw and how many steps were skipped so far; the batch loops unwind on it.
    var batchAbort: (path: String, dropped: Int)?

    /// The SET_STYLE pairs read so far in this replay, each parsed once (never shared between sessions).
    var styleMemo = StyleMemo()

    /// The step being applied (top-level index and JSON path) for diagnostics.
    var stepIndex = 0
    var stepPath = "steps[0]"

    /// The virtual time (ms).
    package var now: Int { tree.time }

    package init(session: Session, options: ReplayOptions = ReplayOptions()) {
        self.session = session
        self.options = options
    }

    // MARK: - Run

    /// Every step of the session, then the final capture.
    package mutating func run() -> ReplayResult {
        boot()
        for step in session.steps { apply(step) }
        return finish(lastStep: session.steps.last?.index ?? 0)
    }

    /// Ends the replay: completes a pending tick capture, appends the `.final` capture and returns
    /// everything gathered (events and scroll states not drained yet).
    package mutating func finish(lastStep: Int) -> ReplayResult {
        finishPendingTickCapture()
        summariseDroppedEvents()
        summariseSkippedTreeEdits()
        captures.append(Capture(kind: .final, name: nil, time: now, step: lastStep, tree: tree))
        var r = ReplayResult(
            captures: captures, events: events, diagnostics: diagnostics, final: tree, recorded: recorded)
        r.scrollStates = scrollStates
        return r
    }

    /// Takes the events produced so far with the scroll states that refer to them (indices into
    /// the returned events); the engine keeps going with empty lists.
    package mutating func drainEvents() -> (events: [AppEvent], scrollStates: [ScrollState]) {
        defer {
            events = []
            scrollStates = []
            eventDrops.warned = false
        }
        return (events, scrollStates)
    }

    /// Takes the diagnostics produced so far.
    package mutating func drainDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Takes the captures taken so far (a pending tick capture is completed first).
    package mutating func drainCaptures() -> [Capture] {
        finishPendingTickCapture()
        defer { captures = [] }
        return captures
    }

    /// Before the first step: the implicit root if the stream has no CREATE_APPLICATION, the launch
    /// frame, and SysInfoEvent START then RESUME (session-format.md section 5). `lookahead` are the
    /// steps whose commands decide the application id (default: the session's steps); a caller
    /// feeding steps one by one passes its first step. Does nothing the second time.
    package mutating func boot(lookahead: [Step]? = nil) {
        guard !booted else { return }
        booted = true
        let steps = lookahead ?? session.steps
        let first = Self.bootCommand(in: steps)
        if let app = first, app.type == .CREATE_APPLICATION {
            appId = app.childInternalId
        } else if let first {
            // semantics.md section 1: the implicit root takes the id the first FrameView names as parent.
            appId = first.internalId
            var root = Element(id: appId, kind: .application, parent: nil)
            root.createdStep = 0
            tree.elements[appId] = root
            tree.rootId = appId
        }
        if session.device.launchScreen != nil {
            var launch = tree
            launch.showsLaunchScreen = true
            captures.append(Capture(kind: .launch, name: nil, time: 0, step: 0, tree: launch))
        }
        emit("SysInfoEvent", to: appId, [("sysType", .string("START"))])
        emit("SysInfoEvent", to: appId, [("sysType", .string("RESUME"))])
    }

    /// The command `boot` takes the application id from: the first CREATE_APPLICATION, else the first
    /// CREATE_FRAMEVIEW (whose parent is the implicit root), else the first command creating anything.
    /// A caller that boots on some steps and feeds more later (`LiveReplay`) compares it to know
    /// whether booting on all of them would have chosen the same.
    package static func bootCommand(in steps: [Step]) -> Command? {
        firstCommand(in: steps, where: { $0.type == .CREATE_APPLICATION })
            ?? firstCommand(in: steps, where: { $0.type == .CREATE_FRAMEVIEW })
            ?? firstCommand(in: steps, where: { $0.type.createdKind != nil })
    }

    /// The first command, batch entries included in order, that `matches` (found in place: listing
    /// every command first copied each one, for a search that usually ends at the first step).
    static func firstCommand(in steps: [Step], where matches: (Command) -> Bool) -> Command? {
        for s in steps {
            switch s.kind {
            case .command(let c): if matches(c) { return c }
            case .batch(let inner): if let c = firstCommand(in: inner, where: matches) { return c }
            default: break
            }
        }
        return nil
    }

    // MARK: - Steps

    /// Applies one step (semantics.md sections 1, 6 and 7); never fails (problems are diagnostics).
    package mutating func apply(_ step: Step) {
        if !booted { boot(lookahead: [step]) }
        tree.tally.steps &+= 1
        stepIndex = step.index
        stepPath = step.path
        switch step.kind {
        case .command(let c): applyCommand(c)
        case .batch(let inner):
            // A batch is applied as a whole; nothing is captured inside it.
            applyBatch(inner)
            stepPath = step.path
        case .setImageData(let id, let image):
            guard requireElement(id, "setImageData") else { return }
            tree.elements[id]!.content = image.file.map { .asset($0) } ?? .packed(image)
        case .setSurface(let id, let surface):
            guard requireElement(id, "setSurface") else { return }
            tree.elements[id]!.content = .surface(surface)
        case .tick(let ms): tick(ms)
        case .input(let kind, let id, let value, let text):
            input(kind, id: id, value: value, text: text, address: step.address)
        case .sys(let type):
            let eventClass = SystemEventTypes.isSysEvent(type) ? "SysEvent" : "SysInfoEvent"
            emit(eventClass, to: appId, [("sysType", .string(type))])
        case .back: systemBack()
        case .snapshot(let name): capture(.snapshot, name: name)
        }
    }

    /// The steps of a batch in order. Under `abortsBatchOnStyleError` (Android) a SET_STYLE that
    /// throws skips the rest of the batch (one try/catch per commit), with one diagnostic naming
    /// the step and the count dropped. (The format has no nested batches; if a client nests them,
    /// the abort unwinds to the outermost one, as one commit would.)
    mutating func applyBatch(_ inner: [Step]) {
        batchDepth += 1
        for (n, s) in inner.enumerated() {
            apply(s)
            if batchAbort != nil {
                batchAbort!.dropped += inner.count - n - 1
                break
            }
        }
        batchDepth -= 1
        guard batchDepth == 0, let abort = batchAbort else { return }
        batchAbort = nil
        diagnostics.append(
            .warning(
                "batch-aborted", step: stepIndex, path: abort.path,
                """
                the SET_STYLE at \(abort.path) throws on \(options.platform.displayName), which aborts the batch: \
                its \(abort.dropped) later step(s) were not applied
                """
            ))
    }

    /// Records a frame; false (with one `too-many-frames` error per replay) past `ReplayOptions.maxFrames`.
    @discardableResult
    mutating func capture(_ kind: Capture.Kind, name: String?) -> Bool {
        guard capturesTaken < ReplayOptions.maxFrames else {
            if capturesTaken == ReplayOptions.maxFrames {
                fail(
                    "too-many-frames",
                    """
                    more than \(ReplayOptions.maxFrames) frames (ticks and snapshots); later ones are not captured \
                    (see docs/limits.md)
                    """
                )
                capturesTaken += 1
            }
            return false
        }
        capturesTaken += 1
        captures.append(Capture(kind: kind, name: name, time: now, step: stepIndex, tree: tree))
        return true
    }

    mutating func finishPendingTickCapture() {
        guard let i = pendingTickCapture else { return }
        captures[i].tree = tree
        pendingTickCapture = nil
    }

    // MARK: - Helpers

    /// Appends an event; false (and counted as dropped) when `options.maxHeldEvents` are held already.
    @discardableResult
    mutating func emit(_ type: String, to id: Int, _ fields: [(String, EventValue)] = [], time: Int? = nil) -> Bool {
        guard events.count < options.maxHeldEvents else {
            noteDroppedEvents(type, 1, time: time ?? now)
            return false
        }
        events.append(AppEvent(time: time ?? now, type: type, internalId: id, fields: fields))
        return true
    }

    mutating func warn(_ code: String, _ message: String) {
        diagnostics.append(.warning(code, step: stepIndex, path: stepPath, message))
    }

    /// Nothing wrong, but the frame is not what a phone shows (web content of an in-app browser).
    mutating func note(_ code: String, _ message: String) {
        diagnostics.append(.info(code, step: stepIndex, path: stepPath, message))
    }

    /// For streams no framework app can send (a reused id, a cycle): an error, so `--strict` fails.
    mutating func fail(_ code: String, _ message: String) {
        diagnostics.append(.error(code, step: stepIndex, path: stepPath, message))
    }

    /// True if `id` exists; otherwise an `unknown-element` diagnostic and the step is skipped.
    mutating func requireElement(_ id: Int, _ what: String) -> Bool {
        // By index, not `elements[id] != nil`: that copies the whole element to test it.
        if tree.contains(id) { return true }
        if let at = deletedAt[id] {
            warn("unknown-element", "\(what): element \(id) was deleted at step \(at); skipped")
        } else {
            warn("unknown-element", "\(what): no element \(id) (not created yet, or never); skipped")
        }
        return false
    }

    /// `label(id)` reading the kind in place, for a step that has just edited the tree.
    mutating func labelInPlace(_ id: Int) -> String {
        guard let kind = tree.readInPlace(id, { $0.kind }) else { return "element \(id)" }
        return "\(kind.rawValue) \(id)"
    }

    /// "Button 7" for messages.
    func label(_ id: Int) -> String {
        guard let i = tree.elements.index(forKey: id) else { return "element \(id)" }
        return "\(tree.elements.values[i].kind.rawValue) \(id)"
    }
}

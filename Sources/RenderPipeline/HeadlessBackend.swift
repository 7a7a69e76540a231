import CairoFonts
import Layout
import Primitives
import SessionFormat
import Styles
import WidgetTree

/// The headless backend as a Swift API: what a framework platform thread does to a real
/// backend (send commands, hand over pixels or a canvas surface, run the display link, inject
/// user input) and what it gets back (events, screenshots), without any JSON.
///
/// It drives the same `ReplayEngine` as the JSON replay, one step per call, so a call sequence
/// and the session file with the same steps give the same tree, the same events and the same
/// pixels. The engine boots (START, RESUME, the implicit root) on the first call, looking ahead
/// only into that call's commands (a JSON replay looks into the whole file).
///
///     let b = try HeadlessBackend(device: Device(), options: RenderOptions(fontsDirectory: "Fonts"))
///     b.send(Command(type: .CREATE_APPLICATION, childInternalId: 1))
///     b.tick(16)
///     let png = try b.screenshotPNG()
public final class HeadlessBackend {
    public let device: Device
    package let renderer: Renderer
    private var engine: ReplayEngine
    private let resources: ResourceLoader
    private var requests: ImageRequestTracker
    /// Steps of an open batch (`beginBatch`), applied as one at `commitBatch`.
    private var batch: [Step]?
    private var stepCount = 0
    /// Events completed (scroll events laid out) and not yet polled: at most `maxPendingEvents`.
    private var pending: [AppEvent] = []
    /// Events not queued since the last poll because the queue was full.
    package private(set) var droppedEvents = 0
    /// The most events held for an app that does not poll (`pollEvents`); later ones are dropped
    /// with the warning `events-dropped` (docs/limits.md). An app polls every frame; a backend
    /// left running for hours without polling (ticking timers) must not fill memory.
    package let maxPendingEvents: Int
    package static let defaultMaxPendingEvents = 100_000
    /// The most diagnostics held: past it they are counted (`diagnosticsDropped`), with one
    /// warning `too-many-diagnostics` (a bad call repeated every frame for hours).
    package static let maxDiagnostics = 100_000
    package private(set) var diagnosticsDropped = 0
    /// Layout of the current tree, dropped by every call that may change it.
    private var cached: (layout: LayoutResult, images: ImageStore)?
    /// The last tree laid out (for a frame or an input's hit test) and its layout, shared by both.
    package let layouts: LayoutMemo
    /// Everything reported so far (replay and resource diagnostics), in order.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every step applied so far, in order (a batch as one step, a screenshot as a `snapshot`
    /// step), pixel payloads kept on disk, within the budget of a session file
    /// (`SessionRecording`): `writeRecordedSession` writes them as a session file that replays to
    /// the same frames.
    package let recording: SessionRecording
    /// Entries of the open batch past `SessionLimits.maxSteps`, or past a session file's bytes,
    /// dropped (reported once per batch); `batchBytes` counts its texts and pixels.
    private var batchOverflow = false
    private var batchBytes = 0
    private let assetsDirectory: String

    /// A backend for `device` with a new renderer (theme, fonts and clock options from `options`).
    /// Asset names resolve in `assetsDirectory`.
    public convenience init(device: Device, options: RenderOptions, assetsDirectory: String = "") throws {
        try self.init(device: device, renderer: Renderer(options: options), assetsDirectory: assetsDirectory)
    }

    /// A backend sharing a renderer (its theme, fonts and caches). `recording` and
    /// `maxPendingEvents` bound what it holds (defaults: a session file's limits, 100,000 events).
    package init(
        device: Device, renderer: Renderer, assetsDirectory: String = "",
        recording: SessionRecording = SessionRecording(), maxPendingEvents: Int = defaultMaxPendingEvents
    ) {
        self.device = device
        self.renderer = renderer
        self.assetsDirectory = assetsDirectory
        self.recording = recording
        self.maxPendingEvents = max(0, maxPendingEvents)
        let session = Session(name: "api", device: device, assetsDirectory: assetsDirectory, steps: [])
        var opts = renderer.replayOptions
        opts.captureTicks = false  // screenshots are taken on demand
        let resources = ResourceLoader(
            session: session, fonts: renderer.fonts, assetDensity: renderer.looks.assetDensity)
        let layouts = LayoutMemo()
        self.layouts = layouts
        opts.hitMaps = renderer.hitMapSource(resources: resources, device: device, memo: layouts)
        engine = ReplayEngine(session: session, options: opts)
        self.resources = resources
        requests = ImageRequestTracker(scale: device.scale, format: renderer.looks.profile.imageRequestFormat)
    }

    /// The virtual time (ms).
    package var time: Int { engine.now }
    /// The current widget tree.
    package var tree: WidgetTree { engine.tree }
    var engineLastInput: InputOutcome? { engine.lastInput }

    // MARK: - Commands and data

    /// One framework command (inside a batch if one is open). Text longer than a session file
    /// may hold is cut the same way, with the same `text-too-long` warning.
    public func send(_ command: Command) {
        var c = command
        for (key, path) in [("textValue", \Command.textValue), ("textValue2", \Command.textValue2)] {
            guard let cut = SessionLimits.truncatedText(c[keyPath: path]) else { continue }
            report([
                .warning(
                    "text-too-long", step: stepCount, path: "steps[\(stepCount)].\(key)",
                    """
                    `\(key)` is \(c[keyPath: path].utf8.count) bytes; cut to the first \
                    \(SessionLimits.maxTextBytes) (see docs/limits.md)
                    """
                )
            ])
            c[keyPath: path] = cut
        }
        submit(.command(c))
    }
    /// Whether a batch is open.
    package var batchIsOpen: Bool { batch != nil }
    /// Starts collecting commands to apply together (nothing is drawn or captured inside a batch).
    public func beginBatch() { if batch == nil { batch = [] } }
    /// Applies the collected commands as one batch step.
    public func commitBatch() {
        guard let steps = batch else { return }
        batch = nil
        batchOverflow = false
        batchBytes = 0
        apply(.batch(steps))
    }
    /// Pixels for an image view (`setImageData`).
    public func setImageData(_ id: Int, _ image: PackedImage) { submit(.setImageData(internalId: id, image: image)) }
    /// A canvas drawing for an element (`setSurface`).
    public func setSurface(_ id: Int, _ surface: SurfacePayload) {
        submit(.setSurface(internalId: id, surface: surface))
    }

    // MARK: - Clock, input, lifecycle

    /// A display-link frame `ms` after the previous one: timers due by then fire.
    public func tick(_ ms: Int) { submit(.tick(ms: ms)) }
    /// A press and a release of element `id` (by internal id, as the session steps do).
    public func press(_ id: Int) { submit(.input(.press, internalId: id, value: 0, text: "")) }
    public func release(_ id: Int) { submit(.input(.release, internalId: id, value: 0, text: "")) }
    /// A tap; on an action bar, `barButton` ("menu", "back", "save", "compose") presses that button.
    /// On a navigation bar item it also turns the first flipper or pager to the item's page where the
    /// look's tab bar does (semantics.md 7 item 37).
    public func tap(_ id: Int, barButton: String = "") {
        submit(.input(.tap, internalId: id, value: 0, text: barButton))
    }
    /// Selects (or deselects) a switch, checkbox or radio button.
    public func select(_ id: Int, _ selected: Bool = true) {
        submit(.input(.select, internalId: id, value: selected ? 1 : 0, text: ""))
    }
    /// Scrolls to `offset` dp; the ScrollChangedEvent is completed from the layout at this moment.
    public func scroll(_ id: Int, to offset: Int) { submit(.input(.scroll, internalId: id, value: offset, text: "")) }
    /// Types `text` into a field (its whole new text).
    public func input(_ id: Int, _ text: String) { submit(.input(.input, internalId: id, value: 0, text: text)) }
    /// A system lifecycle broadcast (PAUSE, RESUME, MEMORY_WARNING, ...).
    public func sys(_ type: String) { submit(.sys(type)) }
    /// The system back action.
    public func back() { submit(.back) }

    // MARK: - Output

    /// Events the app has not received yet, in time order, including the image requests the
    /// current layout makes (each names the pixel format the look asks for: `AppEvent.imageFormat`,
    /// RGB555 in the `ios` look, RGB565 otherwise; semantics.md 7 item 38).
    public func pollEvents() -> [AppEvent] {
        boot()
        let (layout, images) = currentLayout()
        requests.observe(engine.tree, layout: layout, images: images)
        let out = Renderer.mergeEvents(pending, requests.drain())
        pending = []
        if droppedEvents > 0 {
            report([
                .warning(
                    "events-dropped", step: lastStep, path: nil,
                    """
                    \(droppedEvents) events were dropped since the last poll: at most \(maxPendingEvents) \
                    are held for the app (docs/limits.md)
                    """)
            ])
            droppedEvents = 0
        }
        return out
    }

    /// The current frame's pixels (premultiplied BGRA, device pixels); the launch screen
    /// (`device.launchScreen`) until the first call.
    public func screenshot() throws -> Bitmap { try screenshotFrame().bitmap }

    /// The current frame with its tree, layout and display list (what a golden's sidecar records).
    public func screenshotFrame() throws -> RenderedFrame {
        boot()
        var tree = engine.tree
        // Before the app has sent anything, a device with a launch screen shows it.
        if stepCount == 0 && device.launchScreen != nil { tree.showsLaunchScreen = true }
        let (layout, images) =
            tree.showsLaunchScreen ? renderer.layOut(tree, resources: resources, device: device) : currentLayout()
        requests.observe(tree, layout: layout, images: images)
        let capture = Capture(kind: .final, name: nil, time: engine.now, step: stepCount, tree: tree)
        let frame = try renderer.renderFrame(capture, layout: layout, images: images, device: device)
        collectResourceDiagnostics()
        return frame
    }

    /// The current frame as PNG bytes (the renderer's compression level).
    public func screenshotPNG() throws -> [UInt8] { try renderer.encode(try screenshot()) }

    /// The current frame, recorded as a `snapshot` step named `name`: the recorded session's
    /// replay captures this very frame under that name.
    public func screenshot(named name: String) throws -> Bitmap {
        apply(.snapshot(name: name))
        return try screenshot()
    }

    /// The recorded steps with their pixels (read back from the recording's temporary file; []
    /// if it cannot be read). Holds every payload in memory at once: `writeRecordedSession` does not.
    package var recordedSteps: [Step] { (try? recording.steps()) ?? [] }

    /// Everything this backend was given so far as a session (`SessionWriter` writes it), with
    /// `notExact` when the recording stopped at its budget.
    package func recordedSession(name: String = "api") -> Session {
        var s = sessionHeader(name: name)
        s.steps = recordedSteps
        return s
    }

    /// Writes the recorded session at `path` a step at a time (one pixel payload in memory at
    /// once), replacing it atomically; folders relative to the file's folder when inside it.
    public func writeRecordedSession(to path: String, name: String = "api", folder: String? = nil) throws {
        try recording.write(sessionHeader(name: name), to: path, folder: folder ?? AtomicFile.split(path).dir)
    }

    private func sessionHeader(name: String) -> Session {
        var s = Session(
            name: name, device: device, assetsDirectory: assetsDirectory,
            fontsDirectory: renderer.options.appFontsDirectory,
            theme: renderer.options.themeValue == nil ? renderer.options.theme : nil, steps: [])
        s.notExact = recording.notExact
        return s
    }

    // MARK: - Internals

    func submit(_ kind: StepKind, address: InputAddress? = nil) {
        if batch != nil {
            // A batch holds what a session file's batch may (its entries past the limit are dropped
            // with the same error), however long it stays open.
            let bytes = Self.payloadBytes(kind)
            guard batch!.count < SessionLimits.maxSteps, batchBytes + bytes <= SessionLimits.maxFileBytes else {
                if !batchOverflow {
                    batchOverflow = true
                    report([
                        .error(
                            "too-many-steps", step: stepCount, path: "batch[\(batch!.count)]",
                            """
                            the open batch would pass \(SessionLimits.maxSteps) steps or \
                            \(SessionLimits.maxFileBytes / (1024 * 1024)) MiB (what a session file holds); \
                            the rest are dropped
                            """)
                    ])
                }
                return
            }
            batchBytes += bytes
            batch!.append(Step(kind, index: stepCount, path: "batch[\(batch!.count)]", address: address))
            return
        }
        apply(kind, address: address)
    }

    private func apply(_ kind: StepKind, address: InputAddress? = nil) {
        let step = Step(kind, index: stepCount, path: "steps[\(stepCount)]", address: address)
        stepCount += 1
        engine.apply(step)
        // Recorded after it is applied: a target or point is kept with the id it resolved to.
        report(recording.append(Self.resolved(step, engine.lastInput)))
        cached = nil
        collect()
    }

    /// Boots without a step (a screenshot or poll before any call).
    func boot() {
        engine.boot(lookahead: [])
        collect()
    }

    private func collect() {
        var (events, states) = engine.drainEvents()
        if !states.isEmpty {
            renderer.completeScrollEvents(&events, states, resources: resources, device: device)
        }
        queue(events)
        report(engine.drainDiagnostics())
        _ = engine.drainCaptures()  // the launch frame; screenshots are taken on demand
    }

    func currentLayout() -> (LayoutResult, ImageStore) {
        if let c = cached { return c }
        let tree = engine.tree
        let r = layouts.layout(of: tree, on: device) { renderer.layOut(tree, resources: resources, device: device) }
        cached = r
        collectResourceDiagnostics()
        return r
    }

    private var resourceDiagnosticsSeen = 0
    private func collectResourceDiagnostics() {
        let all = resources.diagnostics
        if all.count > resourceDiagnosticsSeen {
            report(Array(all[resourceDiagnosticsSeen...]))
            resourceDiagnosticsSeen = all.count
        }
    }

    /// Queues events for the app, up to `maxPendingEvents`; the rest are counted as dropped (the
    /// first drop since the last poll is reported at once, the count at the next poll).
    private func queue(_ events: [AppEvent]) {
        let room = max(0, maxPendingEvents - pending.count)
        if events.count <= room {
            pending += events
            return
        }
        pending += events.prefix(room)
        if droppedEvents == 0 {
            report([
                .warning(
                    "events-dropped", step: lastStep, path: nil,
                    """
                    the app has not polled \(maxPendingEvents) events: later ones are dropped until it \
                    polls (docs/limits.md)
                    """)
            ])
        }
        droppedEvents += events.count - room
    }

    /// Bytes a step holds beyond its fixed fields: texts and pixels (an open batch's budget).
    private static func payloadBytes(_ kind: StepKind) -> Int {
        switch kind {
        case .command(let c): return 64 + c.textValue.utf8.count + c.textValue2.utf8.count
        case .setImageData(_, let image): return 64 + image.data.count
        case .setSurface(_, let s): return 64 + (s.pixels?.pixels.count ?? 0) + 16 * s.ops.count
        case .input(_, _, _, let text): return 64 + text.utf8.count
        default: return 64
        }
    }

    /// The last step applied (what a warning about the app's state is reported at), if any.
    private var lastStep: Int? { stepCount > 0 ? stepCount - 1 : nil }

    /// Adds diagnostics, up to `maxDiagnostics` held; past it they are counted, with one warning.
    private func report(_ list: [Diagnostic]) {
        guard !list.isEmpty else { return }
        let room = max(0, Self.maxDiagnostics - 1 - diagnostics.count)
        if list.count <= room {
            diagnostics += list
            return
        }
        diagnostics += list.prefix(room)
        if diagnosticsDropped == 0 {
            diagnostics.append(
                .warning(
                    "too-many-diagnostics", step: lastStep, path: nil,
                    "more than \(Self.maxDiagnostics) diagnostics; later ones are counted, not kept"))
        }
        diagnosticsDropped += list.count - room
    }
}

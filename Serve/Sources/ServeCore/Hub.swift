import Foundation
import ServeProtocol

/// The server's state: the sessions and their versions, the pages and what each shows, the frames
/// rendered. A frame is rendered once per state (session version, look, device, font scale,
/// capture, generation of the assets and theme file), however many pages show it: pages asking
/// for a state being rendered wait for that render, and the last frames are kept.
public actor Hub {
    public let folder: SessionFolder
    let main: WorkerProcess
    let side: WorkerProcess
    /// The looks offered: the built-in ones, and `file` for --theme FILE.
    public let looks: [String]
    let themeFile: String?
    let initialLook: String
    var versions: [String: Int] = [:]
    /// When the last change of each session was noticed (ms since 1970): the bench's breakdown.
    var noticed: [String: Double] = [:]
    /// Bumped when an asset or the theme file changes: every state is new then.
    var generation = 0
    var clients: [Int: Client] = [:]
    var nextClient = 0
    /// The last frames rendered, by state: past `keptFrames` or `keptFrameBytes` the least recently used go
    /// (a growing session's frames, their trees, grow too).
    var frames = RecentlyUsed<WorkerAnswer>(limit: keptFrames, maxCost: keptFrameBytes, cost: \.byteCount)
    var inflight: [String: Task<WorkerAnswer, Never>] = [:]
    /// Each version of a saved session has its thumbnail: past 256 or `keptThumbBytes` the least recently used go.
    var thumbs = RecentlyUsed<WorkerAnswer>(limit: 256, maxCost: keptThumbBytes, cost: \.byteCount)
    /// Thumbnails being drawn: the pages that ask for one at the same time share its render.
    var thumbsInflight: [String: Task<WorkerAnswer, Never>] = [:]
    var reports = RecentlyUsed<WorkerAnswer>(limit: 32)
    /// Accessibility findings per state, asked for by pages whose Accessibility panel is open (Hub+A11y.swift).
    var findings = RecentlyUsed<WorkerAnswer>(limit: 64)
    var devices: [String] = []
    static let keptFrames = 48
    /// The kept frames' bytes (PNG and JSON) at most (docs/limits.md).
    static let keptFrameBytes = 16 << 20
    /// The kept thumbnails' bytes at most (docs/limits.md).
    static let keptThumbBytes = 8 << 20
    /// The session list is to be sent once no page's frames are being made (Hub+Coalesce.swift).
    var listChanged = false
    /// The app `render serve --app` plays (LiveHub.swift), or nil.
    var live: LiveApp?
    /// The goldens' root, when there is one: the Groups pane (Hub+Check.swift), the pages that have it
    /// open, and whether a check is under way (and another is due after it).
    public nonisolated let goldens: String?
    var groupsPages = Set<Int>()
    var groupsChecking = false
    var groupsAgain = false

    final class Client: @unchecked Sendable {
        let id: Int
        let mailbox = Mailbox()
        var view: ViewSpec?
        var hover: (slot: String, x: Double, y: Double)?
        var hovering = false
        /// Per slot, the state the page last said it painted (a frame's `state`).
        var painted: [String: String] = [:]
        /// The portability report last sent (a hover does not send it again).
        var sentReport: String?
        /// Its frames are being made again after a change (Hub+Coalesce.swift), and whether a newer
        /// change came meanwhile: then they are made once more, for the newest state only.
        var refreshing = false
        var refreshAgain = false
        init(id: Int) { self.id = id }
    }

    public init(folder: SessionFolder, options: ServeOptions) {
        self.folder = folder
        var args: [String] = []
        if let d = options.fontsDir { args += ["--fonts-dir", d] }
        if let f = options.fonts { args += ["--fonts", f] }
        main = WorkerProcess(render: options.render, arguments: args, name: "main")
        // Thumbnails and reports yield the cores to the pictures and the browser (WorkerProcess.niceness).
        side = WorkerProcess(render: options.render, arguments: args, name: "side", niceness: 10)
        themeFile = options.themeFile.map { SessionFolder.realPath($0) ?? $0 }
        var looks = ["default", "ios", "android"]
        if let t = options.theme, options.themeFile == nil, !looks.contains(t) { looks.append(t) }
        if themeFile != nil { looks.append("file") }
        self.looks = looks
        initialLook = options.themeFile != nil ? "file" : (options.theme ?? "default")
        devices = ["session"] + (options.device.map { [$0] } ?? [])
        initialDevice = options.device ?? "session"
        initialFontScale = options.fontScale
        goldens = Self.goldensRoot(options)
    }
    let initialDevice: String
    let initialFontScale: Double

    /// Ctrl-C: the workers end at once (nothing of theirs needs finishing: they write no file).
    public nonisolated func terminateWorkers() {
        main.terminateNow()
        side.terminateNow()
    }

    public func stop() {
        for c in clients.values { c.mailbox.close() }
        main.stop()
        side.stop()
    }

    /// The presets the engine knows (asked once of the worker).
    public func loadDevices() async {
        if let names = await side.call(.devices).reply(DevicesAnswer.self)?.answer?.devices {
            for n in names where !devices.contains(n) { devices.append(n) }
        }
    }

    // MARK: pages

    func connect() -> Client {
        nextClient += 1
        let c = Client(id: nextClient)
        clients[c.id] = c
        c.mailbox.put("sessions", .text(sessionsMessage()))
        liveGreeting(c)
        return c
    }

    func disconnect(_ c: Client) {
        c.mailbox.close()
        clients[c.id] = nil
        groupsPages.remove(c.id)
    }

    public var pageCount: Int { clients.count }

    func sessionsMessage() -> String {
        let items = folder.list().map { SessionItem(name: $0, version: versions[$0, default: 0] * 1000 + generation) }
        return MessageJSON.text(
            SessionsMessage(
                folder: folder.folder, items: items, looks: looks, look: initialLook, devices: devices,
                device: initialDevice, fontScale: initialFontScale, goldens: goldens))
    }

    static func json(_ o: Any) -> String {
        let d = (try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: d, as: UTF8.self)
    }

    /// A message from a page; a reason when it is not one this server understands (the connection closes).
    func received(_ c: Client, _ message: PageMessage) async -> ServeError? {
        switch message {
        case .view(let request):
            switch ViewSpec.parse(request, looks: looks) {
            case .failure(let e): return e
            case .success(let v):
                guard folder.path(of: v.session) != nil else {
                    c.mailbox.put("error", .text(MessageJSON.text(ErrorMessage(message: "no session \(v.session)"))))
                    return nil
                }
                c.view = v
                await deliver(c)
                if v.sideBySide { await portability(c) }
            }
        case .hover(let slot, let x, let y):
            c.hover = (slot, x, y)
            guard !c.hovering else { return nil }  // the answer under way picks up the newest point
            c.hovering = true
            // Answered beside the page's later messages: a live tap right after the pointer moved goes to
            // the app while the worker looks at the point (waiting for it cost the tap 5 ms).
            Task {
                while let h = c.hover {
                    c.hover = nil
                    await inspect(c, slot: h.slot, source: "hover") { .hit($0, x: h.x, y: h.y) }
                }
                c.hovering = false
            }
        case .element(let slot, let id):
            await inspect(c, slot: slot, source: "tree") { .element($0, id: id) }
        case .a11y(let slot):
            await accessibility(c, slot: slot)
        case .live(let request):
            return await liveReceived(c, request)
        case .groups(let open):
            groups(c, open: open)
        case .painted(let slot, let state):
            // The state a slot of the page now shows: its next frame may be only the changed rectangle.
            if let slot, let state, c.view?.slots.contains(where: { $0.slot == slot }) == true {
                c.painted[slot] = state
            }
        }
        return nil
    }

    // MARK: frames

    func lookValue(_ look: String) -> String { look == "file" ? (themeFile ?? "default") : look }

    /// The state a slot of a view shows, as the worker is asked for it (its key: the session's version and
    /// the other values).
    func stateSpec(_ v: ViewSpec, look: String, capture: String? = nil) -> StateSpec? {
        guard let path = folder.path(of: v.session) else { return nil }
        let fields = [path, lookValue(look), String(generation), v.device, v.fontScale, capture ?? v.capture]
        let key = ([String(versions[v.session, default: 0])] + fields).joined(separator: "|")
        return StateSpec(
            state: key, path: path, theme: lookValue(look), themeGeneration: String(generation), device: v.device,
            fontScale: v.fontScale, capture: capture ?? v.capture)
    }

    func frame(_ spec: StateSpec) async -> WorkerAnswer {
        let key = spec.state
        if let f = frames.use(key) { return f }
        if let t = inflight[key] { return await t.value }
        let worker = main
        let t = Task { await worker.call(.frame(spec)) }
        inflight[key] = t
        let answer = await t.value
        inflight[key] = nil
        frames.keep(answer, for: key)
        return answer
    }

    /// Renders (or reuses) and queues the frames of a page's view.
    func deliver(_ c: Client) async {
        guard let v = c.view else { return }
        for (slot, look) in v.slots {
            guard let spec = stateSpec(v, look: look) else { continue }
            let answer = await frame(spec)
            // Only the changed rectangle to a page that has painted the frame it changes (FramePatch);
            // the others get the whole frame, which the worker encodes only when one asks for it.
            let patch = answer.patch.flatMap { c.painted[slot] == $0.base ? $0 : nil }
            var png = patch?.bytes ?? answer.png
            if patch == nil && answer.png.isEmpty && answer.patch != nil { png = await wholeFrame(spec) }
            // The page may have moved on (or the session changed again) while this rendered.
            guard c.view == v, stateSpec(v, look: look)?.state == spec.state else { continue }
            let head = FrameMessage(
                slot: slot, session: v.session, look: look, state: spec.state, version: versions[v.session, default: 0],
                sent: (Date().timeIntervalSince1970 * 1000).rounded(),  // the bench's breakdown (ms)
                noticed: noticed[v.session] ?? 0, patch: patch)
            c.mailbox.put(slot, .binary(head.encoded(meta: answer.json, picture: png)))
        }
    }

    /// An inspector answer (a hit test or an element) about the state a slot of the page's view shows.
    func inspect(_ c: Client, slot: String, source: String, _ request: (StateSpec) -> WorkerRequest) async {
        guard let v = c.view, let look = v.slots.first(where: { $0.slot == slot })?.look,
            let spec = stateSpec(v, look: look)
        else { return }
        let a = await main.call(request(spec))
        c.mailbox.put(
            "inspect", .text(MessageJSON.splicedText(InspectMessage(slot: slot, source: source), "data", a.json)))
        // The element's portability notes: the report is measured when first inspected, not on every
        // save, on the side worker, without holding up the next hover.
        Task { await self.portability(c) }
    }

    /// The measured portability report of the page's session (on the side worker), for the
    /// side-by-side view and the inspector's notes.
    func portability(_ c: Client) async {
        guard let v = c.view, let path = folder.path(of: v.session) else { return }
        let key = [v.session, String(versions[v.session, default: 0]), String(generation), v.device, v.fontScale]
            .joined(separator: "|")
        let a: WorkerAnswer
        if let r = reports.use(key) {
            a = r
        } else {
            a = await side.call(
                .portability(
                    path: path, theme: lookValue(v.look == "file" ? "file" : "default"), device: v.device,
                    fontScale: v.fontScale))
            reports.keep(a, for: key)
        }
        guard c.view?.session == v.session, c.sentReport != key else { return }
        c.sentReport = key
        c.mailbox.put(
            "portability", .text(MessageJSON.splicedText(PortabilityMessage(session: v.session), "data", a.json)))
    }

    /// A session's thumbnail (the final frame, default look, small), once per version.
    public func thumbnail(_ name: String) async -> WorkerAnswer? {
        guard let path = folder.path(of: name) else { return nil }
        let key = "\(name)|\(versions[name, default: 0])|\(generation)"
        if let t = thumbs.use(key) { return t }
        if let t = thumbsInflight[key] { return await t.value }
        // After a save, the pages' new frames first: a thumbnail drawn beside them would take a core
        // from the edit-to-pixel path (two cores here; the list asks for it as the frame renders).
        let frames = Array(inflight.values)
        let request = WorkerRequest.thumb(
            StateSpec(
                state: "thumb|" + key, path: path, theme: "default", themeGeneration: String(generation),
                device: "session", fontScale: "1.0", capture: "final"))
        let worker = side
        let t = Task {
            for f in frames { _ = await f.value }
            return await worker.call(request)
        }
        thumbsInflight[key] = t
        let a = await t.value
        thumbsInflight[key] = nil
        thumbs.keep(a, for: key)
        return a
    }

    // MARK: changes

    /// Files changed (inotify): sessions get a new version, anything else (an asset, the theme
    /// file) a new generation; every page showing a changed state gets its new frames.
    public func changed(_ paths: [String]) async {
        var sessions = Set<String>()
        var other = false
        // A golden written (an accepted group) changes the Groups pane's answer, not a frame.
        if paths.contains(where: { isGolden($0) }) { refreshGroups() }
        for p in paths where !isGolden(p) {
            let dir = (p as NSString).deletingLastPathComponent
            let name = (p as NSString).lastPathComponent
            if dir == folder.folder && SessionFolder.isSessionName(name) && !folder.excluded.contains(p) {
                sessions.insert(name)
            } else if p == themeFile || dir != folder.folder || name == "assets" {
                // `assets` itself: the folder appeared (now watched) or went, with whatever it holds.
                other = true
            }
        }
        guard !sessions.isEmpty || other else { return }
        for s in sessions {
            versions[s, default: 0] += 1
            noticed[s] = (Date().timeIntervalSince1970 * 1000).rounded()
        }
        if other { generation += 1 }
        for c in clients.values {
            guard let v = c.view, other || sessions.contains(v.session) else { continue }
            refresh(c)
        }
        listChanged = true
        sendListIfSettled()
        refreshGroups()
    }

    /// Renders counted by operation, pages open and messages dropped for slow pages.
    public func stats() -> [String: Any] {
        [
            "main": main.requestCounts, "side": side.requestCounts, "pages": clients.count,
            "replaced": clients.values.map { $0.mailbox.replaced }.reduce(0, +),
            "pending": clients.values.map { $0.mailbox.pending }.reduce(0, +),
        ]
    }
}

import Foundation

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
    var frames: [String: WorkerAnswer] = [:]
    var frameOrder: [String] = []
    var inflight: [String: Task<WorkerAnswer, Never>] = [:]
    var thumbs: [String: WorkerAnswer] = [:]
    /// Thumbnails being drawn: the pages that ask for one at the same time share its render.
    var thumbsInflight: [String: Task<WorkerAnswer, Never>] = [:]
    var reports: [String: WorkerAnswer] = [:]
    /// Accessibility findings per state, asked for by pages whose Accessibility panel is open (Hub+A11y.swift).
    var findings: [String: WorkerAnswer] = [:]
    var devices: [String] = []
    static let keptFrames = 48
    /// The kept frames' bytes (PNG and JSON) at most (docs/limits.md), and their sum now.
    static let keptFrameBytes = 16 << 20
    var frameBytes = 0
    /// The kept thumbnails' bytes at most (docs/limits.md), and their sum now.
    static let keptThumbBytes = 8 << 20
    var thumbBytes = 0
    /// The session list is to be sent once no page's frames are being made (Hub+Coalesce.swift).
    var listChanged = false
    /// The app `render serve --app` plays (LiveHub.swift), or nil.
    var live: LiveApp?

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
        let a = await side.call(["devices"])
        if let o = try? JSONSerialization.jsonObject(with: Data(a.json)) as? [String: Any],
            let names = o["devices"] as? [String]
        {
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
    }

    public var pageCount: Int { clients.count }

    func sessionsMessage() -> String {
        let items = folder.list().map { ["name": $0, "version": versions[$0, default: 0] * 1000 + generation] }
        return Self.json([
            "type": "sessions", "folder": folder.folder, "items": items, "looks": looks, "look": initialLook,
            "devices": devices, "device": initialDevice, "fontScale": initialFontScale,
        ])
    }

    static func json(_ o: Any) -> String {
        let d = (try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: d, as: UTF8.self)
    }

    /// A message from a page; a reason when it is not one this server understands (the connection closes).
    func received(_ c: Client, _ o: [String: Any]) async -> ServeError? {
        switch o["type"] as? String {
        case "view":
            switch ViewSpec.parse(o, looks: looks) {
            case .failure(let e): return e
            case .success(let v):
                guard folder.path(of: v.session) != nil else {
                    c.mailbox.put("error", .text(Self.json(["type": "error", "message": "no session \(v.session)"])))
                    return nil
                }
                c.view = v
                await deliver(c)
                if v.sideBySide { await portability(c) }
            }
        case "hover":
            guard let slot = o["slot"] as? String, let x = o["x"] as? Double, let y = o["y"] as? Double,
                x.isFinite, y.isFinite
            else { return ServeError("hover: needs slot, x and y") }
            c.hover = (slot, x, y)
            guard !c.hovering else { return nil }  // the answer under way picks up the newest point
            c.hovering = true
            // Answered beside the page's later messages: a live tap right after the pointer moved goes to
            // the app while the worker looks at the point (waiting for it cost the tap 5 ms).
            Task {
                while let h = c.hover {
                    c.hover = nil
                    await inspect(c, slot: h.slot, op: ["hit"], extra: [String(h.x), String(h.y)], source: "hover")
                }
                c.hovering = false
            }
        case "element":
            guard let slot = o["slot"] as? String, let id = o["id"] as? Int else {
                return ServeError("element: needs slot and id")
            }
            await inspect(c, slot: slot, op: ["element"], extra: [String(id)], source: "tree")
        case "a11y":
            guard let slot = o["slot"] as? String else { return ServeError("a11y: needs slot") }
            await accessibility(c, slot: slot)
        case "live":
            return await liveReceived(c, o)
        case "painted":
            // The state a slot of the page now shows: its next frame may be only the changed rectangle.
            if let slot = o["slot"] as? String, let state = o["state"] as? String,
                c.view?.slots.contains(where: { $0.slot == slot }) == true
            {
                c.painted[slot] = state
            }
        default: return ServeError("unknown message type")
        }
        return nil
    }

    // MARK: frames

    func lookValue(_ look: String) -> String { look == "file" ? (themeFile ?? "default") : look }

    /// The worker fields naming the state a slot of a view shows (STATE PATH LOOK GEN DEVICE SCALE CAPTURE).
    func stateFields(_ v: ViewSpec, look: String, capture: String? = nil) -> [String]? {
        guard let path = folder.path(of: v.session) else { return nil }
        let fields = [
            path, lookValue(look), String(generation), v.device, v.fontScale, capture ?? v.capture,
        ]
        let key = ([String(versions[v.session, default: 0])] + fields).joined(separator: "|")
        return [key] + fields
    }

    func frame(_ fields: [String]) async -> WorkerAnswer {
        let key = fields[0]
        if let f = frames[key] { return f }
        if let t = inflight[key] { return await t.value }
        let worker = main
        let t = Task { await worker.call(["frame"] + fields) }
        inflight[key] = t
        let answer = await t.value
        inflight[key] = nil
        frames[key] = answer
        frameOrder.append(key)
        frameBytes += answer.byteCount
        // The oldest go first, past a count or a size: a growing session's frames (their trees) grow too.
        while frameOrder.count > Self.keptFrames || (frameBytes > Self.keptFrameBytes && frameOrder.count > 1) {
            if let old = frames.removeValue(forKey: frameOrder.removeFirst()) { frameBytes -= old.byteCount }
        }
        return answer
    }

    /// Renders (or reuses) and queues the frames of a page's view.
    func deliver(_ c: Client) async {
        guard let v = c.view else { return }
        for (slot, look) in v.slots {
            guard let fields = stateFields(v, look: look) else { continue }
            let answer = await frame(fields)
            // Only the changed rectangle to a page that has painted the frame it changes (FramePatch);
            // the others get the whole frame, which the worker encodes only when one asks for it.
            let patch = answer.patch.flatMap { c.painted[slot] == $0.base ? $0 : nil }
            var png = patch?.bytes ?? answer.png
            if patch == nil && answer.png.isEmpty && answer.patch != nil { png = await wholeFrame(fields) }
            // The page may have moved on (or the session changed again) while this rendered.
            guard c.view == v, stateFields(v, look: look)?.first == fields[0] else { continue }
            var header: [String: Any] = [
                "type": "frame", "slot": slot, "session": v.session, "look": look, "state": fields[0],
                "version": versions[v.session, default: 0],
                "sent": (Date().timeIntervalSince1970 * 1000).rounded(),  // the bench's breakdown (ms)
                "noticed": noticed[v.session] ?? 0,
            ]
            if let p = patch {
                header["patch"] = p.rect
                header["base"] = p.base
                if p.runs { header["patchFormat"] = "runs" }
            }
            c.mailbox.put(slot, .binary(Self.frameMessage(header, answer, png: png)))
        }
    }

    /// A frame message: 4 bytes of header length (big-endian), the header JSON with the worker's
    /// JSON as `meta`, then the PNG bytes (none when the session did not load).
    static func frameMessage(_ header: [String: Any], _ a: WorkerAnswer, png: [UInt8]) -> [UInt8] {
        var head = Array(json(header).utf8)
        head.removeLast()  // the closing brace: the worker's JSON goes in as it is
        head += Array(#","meta":"#.utf8) + a.json + [UInt8(ascii: "}")]
        let n = UInt32(head.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)] + head + png
    }

    func inspect(_ c: Client, slot: String, op: [String], extra: [String], source: String) async {
        guard let v = c.view, let look = v.slots.first(where: { $0.slot == slot })?.look,
            let fields = stateFields(v, look: look)
        else { return }
        let a = await main.call(op + fields + extra)
        var head = Array(Self.json(["type": "inspect", "slot": slot, "source": source]).utf8)
        head.removeLast()
        c.mailbox.put(
            "inspect", .text(String(decoding: head + Array(#","data":"#.utf8) + a.json + [125], as: UTF8.self)))
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
        if let r = reports[key] {
            a = r
        } else {
            a = await side.call([
                "portability", path, lookValue(v.look == "file" ? "file" : "default"), v.device, v.fontScale,
            ])
            if reports.count > 32 { reports = [:] }
            reports[key] = a
        }
        guard c.view?.session == v.session, c.sentReport != key else { return }
        c.sentReport = key
        var head = Array(Self.json(["type": "portability", "session": v.session]).utf8)
        head.removeLast()
        c.mailbox.put(
            "portability", .text(String(decoding: head + Array(#","data":"#.utf8) + a.json + [125], as: UTF8.self)))
    }

    /// A session's thumbnail (the final frame, default look, small), once per version.
    public func thumbnail(_ name: String) async -> WorkerAnswer? {
        guard let path = folder.path(of: name) else { return nil }
        let key = "\(name)|\(versions[name, default: 0])|\(generation)"
        if let t = thumbs[key] { return t }
        if let t = thumbsInflight[key] { return await t.value }
        // After a save, the pages' new frames first: a thumbnail drawn beside them would take a core
        // from the edit-to-pixel path (two cores here; the list asks for it as the frame renders).
        let frames = Array(inflight.values)
        let fields = ["thumb", "thumb|" + key, path, "default", String(generation), "session", "1.0", "final"]
        let worker = side
        let t = Task {
            for f in frames { _ = await f.value }
            return await worker.call(fields)
        }
        thumbsInflight[key] = t
        let a = await t.value
        thumbsInflight[key] = nil
        // Each version of a saved session has its thumbnail: the kept ones are dropped past a count or a size.
        if thumbs.count > 256 || thumbBytes > Self.keptThumbBytes {
            thumbs = [:]
            thumbBytes = 0
        }
        thumbs[key] = a
        thumbBytes += a.byteCount
        return a
    }

    // MARK: changes

    /// Files changed (inotify): sessions get a new version, anything else (an asset, the theme
    /// file) a new generation; every page showing a changed state gets its new frames.
    public func changed(_ paths: [String]) async {
        var sessions = Set<String>()
        var other = false
        for p in paths {
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

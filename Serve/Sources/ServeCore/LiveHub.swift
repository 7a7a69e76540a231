import Foundation
import ServeProtocol

/// `render serve --app`: the page's live messages (docs/serve.md "Live app"). A step the page sends
/// goes to the app; its answer goes to the log every page shows, the new session to the pictures
/// (rendered by the worker as any session), and, while recording, the step with a locator to the
/// script.
extension Hub {
    /// Starts the app's first run.
    func startLive() async {
        guard let live else { return }
        watchExits(live)
        await enqueue { await self.boot(live) }?.value
        startRebuild(live)
    }

    /// At exit: the app ends with the server, and its temporary folder goes (recordings are in --record-dir).
    nonisolated func stopLive(_ live: LiveApp) {
        live.app.terminateNow()
        live.rebuild?.running?.terminateNow()
        try? FileManager.default.removeItem(atPath: live.folder)
    }

    func liveGreeting(_ c: Client) {
        if let live { c.mailbox.put("live", .text(live.message())) }
        rebuildGreeting(c)
    }

    func liveReceived(_ c: Client, _ request: LiveRequest) async -> ServeError? {
        guard let live else { return ServeError("live: this server plays no app (render serve --app)") }
        switch request {
        case .step(let value):
            switch LiveStep.checked(value) {
            case .failure(let e): return ServeError(e.reason)
            case .success(let checked):
                let step = checked.mapValues(\.foundationObject)
                var stamped: [String: Double] = [:]
                LiveTiming.stamp(&stamped, "received")
                let stages = stamped
                guard live.pending < LiveApp.maxPending else {
                    live.add(
                        [
                            "outcome": "refused",
                            "message": "\(live.pending) steps wait for the app already: this one was dropped",
                        ], input: step)
                    broadcastLive()
                    return nil
                }
                let run = live.run
                enqueue {
                    // A step sent before a Restart was meant for the run that Restart ended.
                    guard run == live.run else { return }
                    await self.play(live, step, stages: stages)
                }
            }
        case .restart:
            // Now, not after the steps queued before it: a step the app never answers would hold it.
            live.run += 1
            live.app.interrupt()
            enqueue { await self.boot(live) }
        case .look(let look):
            guard let look, looks.contains(look) else {
                return ServeError("live: look needs one of \(looks.joined(separator: ", "))")
            }
            live.run += 1
            live.app.interrupt()
            enqueue { await self.restartInLook(live, look) }
        case .record:
            guard live.recordDir != nil else { return ServeError("live: record needs --record-dir") }
            live.run += 1
            live.app.interrupt()
            enqueue { await self.startRecording(live) }
        case .stop(let name, let overwrite):
            guard let name else { return ServeError("live: stop needs a name") }
            enqueue { await self.stopRecording(live, name: name, overwrite: overwrite) }
        case .unknown: return ServeError("live: unknown op")
        }
        return nil
    }

    /// Runs `body` after every live operation queued before it (one step at a time, in order). Not
    /// waited for: the page's next message (a Restart) is read while the app plays; at most
    /// `LiveApp.maxPending` steps wait.
    @discardableResult
    func enqueue(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        guard let live else { return nil }
        let previous = live.chain
        live.pending += 1
        let task = Task {
            await previous?.value
            await body()
            await self.finished(live)
        }
        live.chain = task
        return task
    }

    private func finished(_ live: LiveApp) { live.pending -= 1 }

    func boot(_ live: LiveApp) async {
        live.recording = nil
        live.ended = nil
        live.locators = [:]
        live.walk = []
        live.walkRest = []
        live.restartNote = nil
        let answer = await live.app.start()
        live.running = answer["ended"] as? Bool != true && answer["outcome"] as? String != "not-started"
        if !live.running { live.ended = answer }
        live.add(answer, input: nil)
        await shown(live)
    }

    func startRecording(_ live: LiveApp) async {
        await boot(live)
        live.recording = LiveRecording(device: sessionDevice(live))
        live.recordNote = nil
        await shown(live)  // again, now recording: the boot screen's locators for the first input
    }

    func play(_ live: LiveApp, _ step: [String: Any], stages: [String: Double] = [:]) async {
        guard live.running else {
            live.recordNote = "the app is not running: restart it"
            broadcastLive()
            return
        }
        let before = live.locators
        var stages = stages
        LiveTiming.stamp(&stages, "toApp")
        var answer = await live.app.play(step)
        LiveTiming.stamp(&stages, "fromApp")
        if LiveTiming.enabled { answer["stages"] = stages }
        live.add(answer, input: step)
        if answer["outcome"] as? String == "ok" { live.walkRest = [] }  // a new walk from the screen reached
        if answer["outcome"] as? String == "ok", live.walk.count < LiveApp.maxWalk {
            live.walk.append(Self.recorded(step, answer: answer, locators: before))
        }
        if answer["outcome"] as? String == "ok", live.recording != nil {
            live.recording?.steps.append(Self.recorded(step, answer: answer, locators: before))
            if step["type"] as? String == "snapshot", let n = step["name"] as? String {
                live.recording?.snapshots.append(n)
            }
        }
        await shown(live)
    }

    /// The step as the script keeps it: an input on an element names it by its locator on the screen
    /// the step was played on (visible text first, then type and index, the id last), not by a point.
    static func recorded(_ step: [String: Any], answer: [String: Any], locators: [Int: String]) -> [String: Any] {
        var s = step
        guard ["tap", "press", "release", "scroll", "input"].contains(step["type"] as? String ?? ""),
            let first = (answer["commands"] as? [[String: Any]])?.first, let id = first["internalId"] as? Int,
            let text = locators[id], let target = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        else { return s }
        s["x"] = nil
        s["y"] = nil
        s["internalId"] = nil
        s["target"] = target
        return s
    }

    /// After a step: the new frame to every page showing the session, the log, the screen's locators.
    func shown(_ live: LiveApp) async {
        await liveChanged(live)
        live.stampLast("framed")
        broadcastLive()
        let view = ViewSpec(
            session: live.sessionName, look: live.appLook ?? initialLook, device: initialDevice,
            fontScale: String(initialFontScale),
            capture: "final", sideBySide: false)
        guard let spec = stateSpec(view, look: live.appLook ?? initialLook) else { return }
        guard let meta = await frame(spec).reply(FrameMeta.self)?.answer else { return }
        var kinds: [Int: String] = [:]
        for e in meta.tree { kinds[e.id] = e.kind }
        live.kinds = kinds
        // The frame's tree carries no locators (they cost more than the frame): asked for while recording, and
        // with --rebuild (its walk is replayed by them).
        var locators: [Int: String] = [:]
        if live.recording != nil || live.rebuild != nil {
            for e in await main.call(.locators(spec)).reply(LocatorsAnswer.self)?.answer?.locators ?? [] {
                locators[e.id] = e.locator
            }
        }
        live.locators = locators
    }

    func broadcastLive() {
        guard let live else { return }
        let m = live.message()
        for c in clients.values { c.mailbox.put("live", .text(m)) }
    }

    func sessionDevice(_ live: LiveApp) -> Any? {
        guard let d = FileManager.default.contents(atPath: live.sessionPath),
            let o = try? JSONSerialization.jsonObject(with: d) as? [String: Any]
        else { return nil }
        return o["device"]
    }

    /// Stop: NAME.script.json, NAME.session.json and NAME.SNAPSHOT.png into the record folder (never over
    /// a file without the page's say-so); the recording stays until written.
    func stopRecording(_ live: LiveApp, name: String, overwrite: Bool) {
        defer { broadcastLive() }
        guard let dir = live.recordDir, let r = live.recording else {
            live.recordNote = "not recording"
            return
        }
        guard LiveRecordFiles.isName(name) else {
            live.recordNote = "\"\(name)\" cannot be a file name (letters, digits, . _ -; not starting with .)"
            return
        }
        let files = LiveRecordFiles(dir: dir, name: name, snapshots: r.snapshots)
        let existing = files.existing()
        if !existing.isEmpty && !overwrite {
            live.recordNote = "exists: " + existing.joined(separator: ", ")
            return
        }
        do {
            try files.write(script: r, from: live.folder, session: live.sessionPath)
            live.recording = nil
            live.recordNote = "wrote \(files.script) and \(files.session)"
        } catch {
            live.recordNote = "could not write the recording: \(error)"
        }
    }
}

extension Hub {
    func attach(_ live: LiveApp) { self.live = live }
}

import Foundation
import Primitives
import RenderPipeline
import ServeProtocol
import SessionFormat
import Snapshots
import WidgetTree

/// `render --serve-worker [--fonts-dir DIR] [--fonts DIR]`: the engine side of `render serve`
/// (docs/serve.md; not for users). The server (Serve/, a package of its own) keeps one or two of
/// these running and sends requests on stdin in the workers' wire format (`WorkerWire`); each answer
/// goes to the worker's original stdout (`FrameAnswer`: the JSON, the PNG if any, the changed
/// rectangle). Anything the engine would print goes to stderr. The requests are `WorkerRequest`s
/// (ServeProtocol): a frame of a state (the whole PNG, or none when the changed rectangle over the
/// previous state goes with it: ServeWorker+Patch.swift), the whole frame, a thumbnail, a hit test
/// (the engine's hit map, semantics.md item 39, and `render inspect --point`'s text), an element of
/// the tree, the locators, the accessibility findings (as `render a11y --json` words them), the
/// portability report, the device presets.
///
/// A state (`StateSpec`) names one the server has seen; the worker keeps the last few states laid out,
/// so a hover answers from memory, and rebuilds one from the other fields when it has been dropped.
package enum ServeWorker {
    package static let flag = "--serve-worker"

    /// The worker's loop over stdin until the server closes it. `makeOptions` turns a look into the
    /// renderer's options as `render`'s command line does (`render` passes its own; the tests theirs).
    package static func main(_ arguments: [String], makeOptions: @escaping ServeWorkerState.OptionsMaker) -> Never {
        // Answers go to the original stdout; stray prints from anywhere go to stderr instead.
        let answers = dup(1)
        dup2(2, 1)
        var fontsDir: String?
        var appFonts: String?
        var i = 0
        while i + 1 < arguments.count {
            if arguments[i] == "--fonts-dir" { fontsDir = arguments[i + 1] }
            if arguments[i] == "--fonts" { appFonts = arguments[i + 1] }
            i += 2
        }
        let worker = ServeWorkerState(fontsDir: fontsDir, appFonts: appFonts, makeOptions: makeOptions)
        var jobs = WorkerWire.JobReader(fd: 0)
        while let (index, fields) = jobs.next() {
            let answer = WorkerWire.answer(index: index, exit: 0, data: worker.answer(fields))
            if !answer.withUnsafeBytes({ WorkerWire.writeAll(answers, $0) }) { exit(0) }  // the server is gone
        }
        exit(0)
    }
}

/// What the worker asks of `render`'s options for a look: the renderer's options for a theme (name or
/// file; `themeGiven` false: the session's own theme applies), device (nil: the session's), font scale,
/// the bundled fonts folder and the app's fonts. Throws on a value `render` would refuse.
package struct LookOptions {
    package var theme: String
    package var themeGiven: Bool
    package var device: String?
    package var fontScale: Double
    package var fontsDir: String?
    package var fonts: String?
}

/// One replayed state: the capture shown and its inspection (hit map, layout, tree), which is made
/// from the frame's own layout when the frame is drawn (one layout per frame, not two).
struct ServeState {
    var session: Session
    var capture: RenderedCapture
    var inspection: Inspection?
    var timeline: [TimelineEntry]
    var diagnostics: [Diagnostic]
}

/// The worker's memory: renderers per look, device and font scale; the last states laid out.
package final class ServeWorkerState {
    package typealias OptionsMaker = (LookOptions) throws -> RenderOptions
    let fontsDir: String?
    let appFonts: String?
    let makeOptions: OptionsMaker
    private var renderers = RecentlyUsed<Renderer>(limit: 6)
    /// The Groups pane's renderers and each session's verdicts against its goldens (ServeWorker+Check.swift).
    var checkRenderers = RecentlyUsed<Renderer>(limit: 2)
    var checked = RecentlyUsed<[SnapshotOutcome]>(limit: 4096)
    /// The state each renderer last rendered: its next frame may be painted over that one's pixels.
    var lastRendered: [String: String] = [:]
    /// The state each renderer last drew (the base its next frame's changed rectangle applies to).
    var lastState: [String: String] = [:]
    /// The changed rectangle of the frame just answered, if it has one (`FramePatch`).
    private var patch: FramePatch?
    func takePatch() -> FramePatch? {
        defer { patch = nil }
        return patch
    }
    /// The states built last (a session's version, look and capture), most recently used kept.
    var states = RecentlyUsed<ServeState>(limit: 16)
    /// Replays kept after their last step (ServeWorker+Live.swift); whether the last state built
    /// applied only a session's new steps (the frame's timing says so).
    private var lives = LiveReplays()
    private var decoders = GrowingDecoders()
    /// How the last state built was made: decode and replay ms, and whether only new steps were applied.
    private var lastBuild: (decode: Double?, replay: Double?, incremental: Bool?) = (nil, nil, nil)
    package static let thumbWidth = 160

    package init(fontsDir: String?, appFonts: String?, makeOptions: @escaping OptionsMaker) {
        self.fontsDir = fontsDir
        self.appFonts = appFonts
        self.makeOptions = makeOptions
    }

    /// The answer's data for one request (what follows `R INDEX EXIT LEN`: `FrameAnswer`, ServeProtocol):
    /// the JSON, the PNG if any, and the changed rectangle when one goes with a frame. A request that fails,
    /// whatever it holds, is an answer with `ok` false and the error.
    package func answer(_ fields: [String]) -> [UInt8] {
        var json: [UInt8]
        var png: [UInt8] = []
        do { (json, png) = try handle(fields) } catch {
            json = ServeJSON.bytes(WorkerFailure("\(error)"))
        }
        return FrameAnswer(json: json, png: png, patch: takePatch()).encoded()
    }

    static func json(_ d: Diagnostic) -> AnswerDiagnostic {
        AnswerDiagnostic(severity: d.severity.rawValue, code: d.code, message: d.message, step: d.step, path: d.path)
    }

    /// A failure's reply: the diagnostics that say why.
    static func failed<T>(_ diags: [Diagnostic]) -> WorkerReply<T> {
        .failed(WorkerFailure(diagnostics: diags.map(json)))
    }
    static func failed<T>(_ message: String, code: String = "serve") -> WorkerReply<T> {
        .failed(WorkerFailure(message, code: code))
    }

    /// One request's answer (ServeProtocol's types, WorkerAnswers.swift) as JSON, and PNG bytes (none for most).
    package func handle(_ fields: [String]) throws -> ([UInt8], [UInt8]) {
        let request: WorkerRequest
        switch WorkerRequest.parse(fields) {
        case .failure(let e): return (ServeJSON.bytes(WorkerFailure(e.reason)), [])
        case .success(let r): request = r
        }
        switch request {
        case .frame(let s): return try Self.written(frame(s.fields))
        case .whole(let s): return try Self.written(frame(s.fields, whole: true))
        case .thumb(let s): return try Self.written(thumbnail(s.fields))
        case .scaled(let s, let side): return try Self.written(frame(s.fields, whole: true, maxSide: side))
        case .hit(let s, let x, let y): return (ServeJSON.bytes(try hit(s.fields, Point(x: x, y: y))), [])
        case .element(let s, let id): return (ServeJSON.bytes(try element(s.fields, id)), [])
        case .locators(let s): return (ServeJSON.bytes(try locators(s.fields)), [])
        case .a11y(let s): return (ServeJSON.bytes(try accessibility(s.fields)), [])
        case .portability(let path, let theme, let device, let fontScale):
            return (ServeJSON.bytes(try portability([path, theme, device, fontScale])), [])
        case .devices: return (ServeJSON.bytes(DevicesAnswer(devices: DevicePresets.all.map(\.name))), [])
        case .check(let c): return (ServeJSON.bytes(try check(c)), [])
        }
    }

    static func written<T: Encodable>(_ answer: (T, [UInt8])) -> ([UInt8], [UInt8]) {
        (ServeJSON.bytes(answer.0), answer.1)
    }

    /// The renderer for a look (theme name or file and its generation), device and font scale.
    func renderer(theme: String, themeGen: String, device: String, fontScale: String) throws -> (String, Renderer) {
        let key = [theme, themeGen, device, fontScale].joined(separator: "\u{1}")
        if let r = renderers.use(key) { return (key, r) }
        var options = try makeOptions(
            LookOptions(
                theme: theme, themeGiven: true, device: device == "session" ? nil : device,
                fontScale: Double(fontScale) ?? 1, fontsDir: fontsDir, fonts: appFonts))
        options.captureTicks = true  // the timeline shows every tick
        let r = try Renderer(options: options)
        for (old, _) in renderers.keep(r, for: key) {
            lastRendered[old] = nil
            lastState[old] = nil
            lives.forget(rendererKey: old)
        }
        return (key, r)
    }

    /// The state named by `spec` (STATE PATH THEME THEMEGEN DEVICE FONTSCALE CAPTURE), from memory or
    /// built; nil and the diagnostics when the session does not load.
    func state(_ spec: [String]) throws -> (String, Renderer, ServeState?, [Diagnostic]) {
        let (rkey, r) = try renderer(theme: spec[2], themeGen: spec[3], device: spec[4], fontScale: spec[5])
        if let s = states.use(spec[0]) { return (rkey, r, s, s.diagnostics) }
        let loaded: (Session, [Diagnostic])
        let before = r.timings
        do { loaded = try r.load(path: spec[1], growing: decoders.decoder(for: spec[1])) } catch {
            return (rkey, r, nil, [.error("rejected", step: nil, "\(error)")])
        }
        let (session, decodeDiags) = loaded
        let choice = spec[6]
        // The final frame from the replay kept of this session's last version, when it only grew.
        let replay: ReplayResult
        if choice == "final" {
            let (kept, incremental) = lives.replay(session, path: spec[1], rendererKey: rkey, renderer: r)
            replay = kept
            lastBuild.incremental = incremental
        } else {
            replay = r.replay(session)
        }
        lastBuild.decode = Self.ms(r.timings.decode - before.decode)
        lastBuild.replay = Self.ms(r.timings.replay - before.replay)
        var capture = replay.captures.last!
        var diags = decodeDiags + replay.diagnostics
        if choice.hasPrefix("capture:"), let i = Int(choice.dropFirst(8)), replay.captures.indices.contains(i) {
            capture = replay.captures[i]
        } else if choice.hasPrefix("at:"), let ms = Int(choice.dropFirst(3)), ms >= 0 {
            capture = r.state(session, at: ms)
        } else if choice != "final" {
            diags.append(.warning("serve", step: nil, "no capture \(choice); showing the final frame"))
        }
        let timeline = replay.captures.enumerated().map { i, c in
            TimelineEntry(index: i, kind: "\(c.kind)", time: c.time, step: c.step, name: c.name)
        }
        let s = ServeState(
            session: session, capture: capture, inspection: nil, timeline: timeline, diagnostics: diags)
        states.keep(s, for: spec[0])
        return (rkey, r, s, diags)
    }

    /// A frame's answer and its PNG (none when its changed rectangle goes with it: `takePatch`).
    func frame(_ spec: [String], whole: Bool = false, maxSide: Int? = nil) throws -> (WorkerReply<FrameMeta>, [UInt8]) {
        let d: Drawn
        switch try drawn(spec, thumb: false, whole: whole, maxSide: maxSide) {
        case .failed(let x): return (.failed(x), [])
        case .drawn(let x): d = x
        }
        let device = d.state.session.device
        let c = d.state.capture
        let t = DispatchTime.now().uptimeNanoseconds
        let tree = d.state.inspection.map(Self.tree) ?? []
        var timing = d.timing
        let now = DispatchTime.now().uptimeNanoseconds
        timing.tree = (Double(now - t) / 1e5).rounded() / 10
        timing.total = Self.ms(Double(now - d.started) / 1e9)
        let meta = FrameMeta(
            diagnostics: d.diagnostics.map(Self.json), errors: d.diagnostics.filter { $0.severity == .error }.count,
            pixelWidth: d.bitmap.width, pixelHeight: d.bitmap.height,
            device: DeviceSize(width: device.width, height: device.height, scale: device.scale),
            timeline: d.state.timeline, shown: ShownCapture(kind: "\(c.kind)", time: c.time, step: c.step), tree: tree,
            timing: timing)
        return (.ok(meta), d.png)
    }

    /// A thumbnail's answer and its PNG, `thumbWidth` pixels wide.
    func thumbnail(_ spec: [String]) throws -> (WorkerReply<ThumbnailMeta>, [UInt8]) {
        switch try drawn(spec, thumb: true, whole: false) {
        case .failed(let x): return (.failed(x), [])
        case .drawn(let d):
            let meta = ThumbnailMeta(
                diagnostics: d.diagnostics.map(Self.json), errors: d.diagnostics.filter { $0.severity == .error }.count,
                pixelWidth: d.bitmap.width, pixelHeight: d.bitmap.height, timing: d.timing)
            return (.ok(meta), d.png)
        }
    }

    /// A frame drawn: the state, the picture, its PNG (or none, with a patch), every diagnostic, the time spent
    /// (the tree's not yet).
    struct Drawn {
        var state: ServeState
        var bitmap: Bitmap
        var png: [UInt8]
        var diagnostics: [Diagnostic]
        var timing: FrameTiming
        /// When the request began (a monotonic clock's nanoseconds).
        var started: UInt64
    }

    /// A frame drawn, or why not.
    enum Drawing {
        case drawn(Drawn)
        case failed(WorkerFailure)
    }

    /// `maxSide`: the whole frame shrunk by the smallest whole factor that brings its longest side to at most
    /// that many pixels (the answer's pixel size stays the frame's own).
    func drawn(_ spec: [String], thumb: Bool, whole: Bool, maxSide: Int? = nil) throws -> Drawing {
        let started = DispatchTime.now().uptimeNanoseconds
        lastBuild = (nil, nil, nil)
        let (rkey, r, built, diags) = try state(spec)
        let stated = DispatchTime.now().uptimeNanoseconds
        guard var s = built else { return .failed(WorkerFailure(diagnostics: diags.map(Self.json))) }
        // A renderer paints over its last frame's pixels only for the same session file and look.
        let base = lastRendered[rkey] == spec[1] && !whole ? lastState[rkey] : nil
        if lastRendered[rkey] != spec[1] { r.forgetLastFrame() }
        lastRendered[rkey] = spec[1]
        lastState[rkey] = nil  // set again once this frame is drawn
        let before = r.timings
        let one = ReplayResult(captures: [s.capture], events: [], diagnostics: [], final: s.capture.tree)
        var bitmap: Bitmap?
        var inspectNanos: UInt64 = 0
        let memo = lives.layouts(rkey)
        let rendered = try r.renderEach(s.session, one) { frame, _ in
            bitmap = frame.bitmap
            memo.keep(frame.capture.tree, on: s.session.device, (frame.layout, frame.images))
            let t = DispatchTime.now().uptimeNanoseconds
            if !thumb && s.inspection == nil { s.inspection = r.inspection(of: frame, session: s.session) }
            inspectNanos = DispatchTime.now().uptimeNanoseconds - t
        }
        states.keep(s, for: spec[0])
        guard var b = bitmap else { return .failed(WorkerFailure("nothing was rendered")) }
        lastState[rkey] = spec[0]
        if thumb { b = Self.shrink(b, toWidth: Self.thumbWidth) }
        if !thumb { patch = try self.patch(of: b, base: base, state: spec[0], damage: r.lastDamage, renderer: r) }
        let longest = max(b.width, b.height)
        let small = maxSide.flatMap { longest > $0 ? Self.shrink(b, by: (longest + $0 - 1) / $0) : nil }
        let png = patch == nil ? try r.encode(small ?? b) : []
        // Where a live frame's time went (the bench reads it; docs/serve.md): each stage's ms.
        var timing = Self.timing(r.timings, since: before, started: started, stated: stated)
        timing.inspect = (Double(inspectNanos) / 1e5).rounded() / 10
        (timing.decode, timing.replay, timing.incremental) = lastBuild
        let all = s.diagnostics + rendered.diagnostics
        return .drawn(Drawn(state: s, bitmap: b, png: png, diagnostics: all, timing: timing, started: started))
    }

    /// Seconds as milliseconds to the tenth.
    static func ms(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

    /// Milliseconds per stage between two readings of a renderer's timings; `state`: loading,
    /// replaying and inspecting the state (nothing when it was in memory); `total`: all of it, from
    /// `started` (a monotonic clock's nanoseconds) to now.
    static func timing(_ t: StageTimings, since b: StageTimings, started: UInt64, stated: UInt64) -> FrameTiming {
        let now = DispatchTime.now().uptimeNanoseconds
        return FrameTiming(
            state: ms(Double(stated - started) / 1e9), resources: ms(t.resources - b.resources),
            layout: ms(t.layout - b.layout), paint: ms(t.paint - b.paint), raster: ms(t.raster - b.raster),
            encode: ms(t.encode - b.encode), inspect: 0, tree: 0, total: ms(Double(now - started) / 1e9))
    }

    /// A smaller copy: each output pixel the average of a box of input pixels (premultiplied, so
    /// averaging is right for transparency too).
    static func shrink(_ b: Bitmap, toWidth w: Int) -> Bitmap {
        guard b.width > w, w > 0 else { return b }
        return shrink(b, by: (b.width + w - 1) / w)
    }

    /// A copy `k` times smaller each way (each output pixel the average of a k x k box).
    static func shrink(_ b: Bitmap, by k: Int) -> Bitmap {
        guard k > 1, b.width >= k, b.height >= k else { return b }  // every box within the picture
        let ow = b.width / k
        let oh = max(1, b.height / k)
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        b.pixels.withUnsafeBufferPointer { src in
            for y in 0..<oh {
                for x in 0..<ow {
                    var sum = (0, 0, 0, 0)
                    for dy in 0..<k {
                        var at = ((y * k + dy) * b.width + x * k) * 4
                        for _ in 0..<k {
                            sum.0 += Int(src[at])
                            sum.1 += Int(src[at + 1])
                            sum.2 += Int(src[at + 2])
                            sum.3 += Int(src[at + 3])
                            at += 4
                        }
                    }
                    let n = k * k
                    let o = (y * ow + x) * 4
                    out[o] = UInt8(sum.0 / n)
                    out[o + 1] = UInt8(sum.1 / n)
                    out[o + 2] = UInt8(sum.2 / n)
                    out[o + 3] = UInt8(sum.3 / n)
                }
            }
        }
        return Bitmap(width: ow, height: oh, pixels: out)
    }
}

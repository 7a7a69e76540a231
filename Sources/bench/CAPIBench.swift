import CPreviewRendererHeader
import Foundation
import PreviewRendererC
import RenderPipeline
import SessionFormat

/// The C API against a session file (issue 14): the bench screen's commands repeated over fresh
/// ids to `count` commands, sent one by one through `pr_send_command` plus one
/// `pr_screenshot_png`, against the session the library records of that run decoded from its file
/// and rendered in process. Set-up (backend, renderer) is outside both timings.
struct CAPIBench {
    let session: String
    let fontsDirectory: String
    let count: Int

    struct Result {
        var cSeconds: Double
        var fileSeconds: Double
        var ratio: Double { cSeconds / fileSeconds }
        /// The live PNG and the file's PNG are the same bytes.
        var identical: Bool
        var commands: Int
    }

    /// The bench screen's commands, repeated: the first copy as recorded, later copies without
    /// the application and frame view, every other id moved to a fresh range (a new screen's
    /// worth of content added to the same frame view, as an app building more cards would).
    static func commands(from session: Session, count: Int) -> [Command] {
        var flat: [Command] = []
        for s in session.steps {
            switch s.kind {
            case .command(let c): flat.append(c)
            case .batch(let inner): for i in inner { if case .command(let c) = i.kind { flat.append(c) } }
            default: break
            }
        }
        let app = flat.first { $0.type == .CREATE_APPLICATION }?.childInternalId ?? 1
        let view = flat.first { $0.type == .CREATE_FRAMEVIEW }?.childInternalId ?? 2
        let top = (flat.map { max($0.internalId, $0.childInternalId) }.max() ?? 0) + 1
        var out: [Command] = []
        var copy = 0
        while out.count < count {
            for c in flat where out.count < count {
                if copy == 0 {
                    out.append(c)
                    continue
                }
                if c.type == .CREATE_APPLICATION || c.type == .CREATE_FRAMEVIEW
                    || c.internalId == view && c.type == .SET_STYLE
                {
                    continue
                }
                var m = c
                func moved(_ id: Int) -> Int { id == app || id == view || id == 0 ? id : id + copy * top }
                m.internalId = moved(c.internalId)
                if c.type.createdKind != nil || c.type == .CREATE_TIMER { m.childInternalId = moved(c.childInternalId) }
                out.append(m)
            }
            copy += 1
        }
        return out
    }

    func run(runs: Int, outputDirectory: String) throws -> Result {
        let (decoded, _) = try SessionDecoder().decode(fileAt: session)
        let commands = Self.commands(from: decoded, count: count)
        // The app's side: its commands as C structs, strings included, made before timing.
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { for s in strings { free(s) } }
        func c(_ s: String) -> UnsafePointer<CChar>? {
            if s.isEmpty { return nil }
            let p = strdup(s)!
            strings.append(p)
            return UnsafePointer(p)
        }
        let structs: [pr_command] = commands.map { m in
            var p = pr_command()
            p.type = Int32(m.type.rawValue)
            p.internal_id = Int64(m.internalId)
            p.child_internal_id = Int64(m.childInternalId)
            p.value = Int64(m.value)
            p.text_value = c(m.textValue)
            p.text_value2 = c(m.textValue2)
            p.width = Int64(m.width)
            p.height = Int64(m.height)
            p.row = Int64(m.row)
            p.column = Int64(m.column)
            p.sheet = Int64(m.sheet)
            p.flags = Int64(m.flags)
            return p
        }
        var device = pr_device(
            width: decoded.device.width, height: decoded.device.height, scale: decoded.device.scale,
            status_bar: decoded.device.statusBar, safe_area_bottom: decoded.device.safeAreaBottom)
        let recorded = outputDirectory + "/capi-session.json"
        var cTimes: [Double] = []
        var fileTimes: [Double] = []
        var livePNG: [UInt8] = []
        var filePNG: [UInt8] = []
        // One warm-up run of each, then the measured ones, alternating.
        for i in 0...runs {
            let fonts = strdup(fontsDirectory)!
            let assets = strdup(decoded.assetsDirectory)!
            defer {
                free(fonts)
                free(assets)
            }
            var options = pr_options(
                theme: nil, fonts_dir: UnsafePointer(fonts), app_fonts_dir: nil, assets_dir: UnsafePointer(assets))
            var backend: OpaquePointer?
            guard pr_create(&device, &options, &backend) == PR_OK, let backend else {
                throw BenchError("pr_create: \(String(cString: pr_last_error(nil)))")
            }
            var png: UnsafeMutablePointer<UInt8>?
            var size = 0
            let t0 = Stats.now()
            for k in structs.indices {
                let s = structs.withUnsafeBufferPointer { pr_send_command(backend, $0.baseAddress! + k) }
                if s != PR_OK { throw BenchError("pr_send_command: \(String(cString: pr_last_error(backend)))") }
            }
            guard pr_screenshot_png(backend, "bench", &png, &size) == PR_OK, let png else {
                throw BenchError("pr_screenshot_png: \(String(cString: pr_last_error(backend)))")
            }
            let cTime = Stats.now() - t0
            livePNG = Array(UnsafeBufferPointer(start: png, count: size))
            pr_free(png)
            guard pr_write_session(backend, recorded) == PR_OK else {
                throw BenchError("pr_write_session: \(String(cString: pr_last_error(backend)))")
            }
            _ = pr_destroy(backend)

            let renderer = try Renderer(options: RenderOptions(fontsDirectory: fontsDirectory))
            let t1 = Stats.now()
            let (sess, _) = try renderer.load(path: recorded)
            let replay = renderer.replay(sess)
            var last: RenderedFrame?
            _ = try renderer.renderEach(sess, replay, only: { _, index in index == replay.captures.count - 1 }) {
                frame, _ in last = frame
            }
            guard let frame = last else { throw BenchError("\(recorded): no frame rendered") }
            filePNG = try renderer.encode(frame.bitmap)
            let fileTime = Stats.now() - t1
            if i > 0 {
                cTimes.append(cTime)
                fileTimes.append(fileTime)
            }
        }
        try Data(livePNG).write(to: URL(fileURLWithPath: outputDirectory + "/capi-live.png"))
        return Result(
            cSeconds: Stats.median(cTimes), fileSeconds: Stats.median(fileTimes), identical: livePNG == filePNG,
            commands: structs.count)
    }
}

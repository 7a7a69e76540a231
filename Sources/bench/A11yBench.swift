import Accessibility
import Foundation
import RenderPipeline

/// The accessibility checks beside `render check` of the examples (issue 34: the contrast and target
/// checks may cost at most 10% more than `render check`; the large-text pass's cost is reported
/// beside it). In each round, in turn: `render check Examples` as a process (what a user pays), then
/// in process, one renderer over every example as `render a11y` runs it, timing apart the frames'
/// rendering, the contrast + target checks (`findings` with the large-text pass off) and the
/// large-text pass alone, on the same frames. Then `render a11y Examples` as processes, with and
/// without `--no-large-text`, for the whole commands.
struct A11yBench {
    var render: String
    var examples: String
    var fonts: String

    struct Result {
        /// Per round, seconds: `render check` (wall, CPU), in-process frames, contrast + targets,
        /// large text, and `render a11y` processes with and without the large-text pass.
        var check: [Double] = []
        var checkCPU: [Double] = []
        var frames: [Double] = []
        var pixelChecks: [Double] = []
        var largeText: [Double] = []
        var a11yNoLarge: [Double] = []
        var a11y: [Double] = []
        var sessions = 0
        var screens = 0
        var findings = 0
        var largeTextProblems = 0
        var checkStatus: Int32 = 0
    }

    /// The example sessions, as `render check Examples` expands the folder.
    func sessions() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expect.json") }.sorted().map { examples + "/" + $0 }
    }

    func run(rounds: Int) throws -> Result {
        var r = Result()
        let files = try sessions()
        r.sessions = files.count
        for _ in 0..<rounds {
            let check = try ChildProcess.run([render, "check", examples, "-q"])
            // 6: a golden differs on this machine; still the work `render check` does.
            guard check.status == 0 || check.status == 6 else {
                throw BenchError("render check \(examples) exited with \(check.status)")
            }
            r.checkStatus = check.status
            r.check.append(check.seconds)
            r.checkCPU.append(check.cpu)
            let split = try inProcess(files)
            r.frames.append(split.frames)
            r.pixelChecks.append(split.pixel)
            r.largeText.append(split.large)
            (r.screens, r.findings, r.largeTextProblems) = (split.screens, split.findings, split.problems)
            r.a11yNoLarge.append(try ChildProcess.run([render, "a11y", examples, "-q", "--no-large-text"]).seconds)
            r.a11y.append(try ChildProcess.run([render, "a11y", examples, "-q"]).seconds)
        }
        return r
    }

    /// One renderer over every example (as one `render a11y` process): seconds spent rendering the
    /// audited screens (decode and replay included), in the contrast + target checks, in the
    /// large-text pass; and what they found.
    func inProcess(_ files: [String]) throws -> (
        frames: Double, pixel: Double, large: Double, screens: Int, findings: Int, problems: Int
    ) {
        let renderer = try Renderer(options: RenderOptions(fontsDirectory: fonts))
        var pixel = AccessibilityAudit(renderer: renderer)
        pixel.largeText = false
        let large = AccessibilityAudit(renderer: renderer)
        var (total, pixelSeconds, largeSeconds, screens, findings, problems) = (0.0, 0.0, 0.0, 0, 0, 0)
        for path in files {
            renderer.forgetLastFrame()
            let t0 = Stats.now()
            let (session, _) = try renderer.load(path: path)
            let replay = renderer.replay(session)
            _ = try renderer.renderEach(session, replay, only: { c, _ in c.kind == .snapshot || c.kind == .final }) {
                frame, _ in
                let a = Stats.now()
                findings += try pixel.findings(frame, device: session.device).count
                let b = Stats.now()
                problems += large.largeTextProblems(frame, device: session.device)
                let c = Stats.now()
                pixelSeconds += b - a
                largeSeconds += c - b
                screens += 1
            }
            total += Stats.now() - t0
        }
        return (total - pixelSeconds - largeSeconds, pixelSeconds, largeSeconds, screens, findings, problems)
    }
}

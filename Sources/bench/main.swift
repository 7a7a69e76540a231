// The benchmark driver behind `make bench` and `make bench-compare`: see Benchmarks/README.md.
import Foundation

/// Command-line settings of the benchmark.
struct BenchOptions {
    var runs = 20
    var processRuns = 15
    var gallery = 100
    var chromium = false
    var chromiumRuns = 5
    var callgrind = true
    var output = "out/bench"
    var benchmarks = "Benchmarks"
    var fonts = "Fonts"
    var render: String?

    static let usage = """
    usage: bench [--runs N] [--process-runs N] [--gallery N] [--chromium] [--chromium-runs N]
                 [--no-callgrind] [--out DIR] [--benchmarks DIR] [--fonts DIR] [--render PATH]
    Run from the repository root (make bench). Renders Benchmarks/messages-screen.json and
    Benchmarks/messages-ticking.json and prints medians.
    """

    init(_ args: [String]) throws {
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < args.count else { throw BenchError("\(args[i - 1]) needs a value\n\(BenchOptions.usage)") }
            return args[i]
        }
        func number() throws -> Int {
            let v = try value()
            guard let n = Int(v), n >= 0 else { throw BenchError("\(args[i - 1]) needs a number, not \(v)") }
            return n
        }
        while i < args.count {
            switch args[i] {
            case "--runs": runs = max(1, try number())
            case "--process-runs": processRuns = max(1, try number())
            case "--gallery": gallery = try number()
            case "--chromium": chromium = true
            case "--chromium-runs": chromiumRuns = max(1, try number())
            case "--no-callgrind": callgrind = false
            case "--out": output = try value()
            case "--benchmarks": benchmarks = try value()
            case "--fonts": fonts = try value()
            case "--render": render = try value()
            case "-h", "--help": print(BenchOptions.usage); exit(0)
            default: throw BenchError("unknown argument \(args[i])\n\(BenchOptions.usage)")
            }
            i += 1
        }
    }
}

/// Absolute form of a path relative to the current folder.
func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p }

func runBench() throws {
    let o = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
    let screen = absolute(o.benchmarks + "/messages-screen.json")
    let ticking = absolute(o.benchmarks + "/messages-ticking.json")
    let fonts = absolute(o.fonts)
    let out = absolute(o.output)
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // `render` is built next to this binary.
    let render = o.render.map(absolute) ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("render").path
    guard FileManager.default.isExecutableFile(atPath: render) else {
        throw BenchError("no render binary at \(render): build it first (swift build -c release) or pass --render PATH")
    }

    let host = ProcessInfo.processInfo
    print("PreviewRenderer bench, \(ISO8601DateFormatter().string(from: Date())), \(host.activeProcessorCount) cores, \(host.hostName)")
    print("")

    let stage = try StageBench(session: screen, fontsDirectory: fonts).run(runs: o.runs, outputDirectory: out)
    print("messages-screen.json (\(stage.pixelSize.0)x\(stage.pixelSize.1) px), in process, median of \(o.runs) runs after a warm-up:")
    print("  " + stage.stages.map { "\($0.0) \(Stats.ms($0.1))" }.joined(separator: ", "))
    print("  renderer set-up \(Stats.ms(stage.setup)), whole in-process render \(Stats.ms(stage.total))")
    for s in stage.sizes {
        print("  compression \(s.level): \(Stats.kb(bytes: s.bytes)), encode \(Stats.ms(s.seconds))")
    }

    let process = ProcessBench(render: render, session: screen, outputDirectory: out)
    let whole = try process.renderProcess(runs: o.processRuns)
    print("")
    print("render as a process (start, decode, layout, raster, encode, write), median of \(o.processRuns): \(Stats.ms(whole.median)), peak memory \(Stats.mb(kilobytes: whole.peakKB))")

    let ticks = try TickBench(session: ticking, fontsDirectory: fonts).run()
    print("")
    print("messages-ticking.json, every tick captured, one renderer: \(ticks.frames) frames")
    print("  per frame (layout to PNG bytes), median after the first: \(Stats.ms(ticks.medianFrame)); first frame \(Stats.ms(ticks.firstFrame))")
    print("  " + ticks.stages.map { "\($0.0) \(Stats.ms($0.1))" }.joined(separator: ", "))
    print(String(format: "  %.1f frames per second over the whole session (decode and replay included)", ticks.fps))
    print("  last frame identical to a full render by a fresh renderer: \(ticks.lastFrameMatchesFullRender ? "yes" : "NO")")
    print("  resident memory after frame 10: \(Stats.mb(kilobytes: ticks.residentAfter10KB)), after frame \(ticks.frames): \(Stats.mb(kilobytes: ticks.residentAtEndKB))")

    if o.gallery > 0 {
        let jobs = max(1, host.activeProcessorCount)
        let seconds = try process.gallery(count: o.gallery, jobs: jobs)
        print("")
        print(String(format: "gallery: %d renders of the screen, %d processes at a time: %.2f s (%.1f ms per screen)",
                     o.gallery, jobs, seconds, seconds * 1000 / Double(o.gallery)))
    }

    if o.callgrind {
        print("")
        if let n = process.instructions() {
            print("instructions for one render of the screen (callgrind): \(n.formatted(.number.grouping(.automatic)).replacingOccurrences(of: "\u{202f}", with: ","))")
        } else {
            print("instructions: valgrind not available (apt-get install valgrind)")
        }
    }

    if o.chromium {
        print("")
        guard let chromium = ChildProcess.which("chromium") ?? ChildProcess.which("chromium-browser") else {
            throw BenchError("--chromium: no chromium on PATH (make bench-compare installs it)")
        }
        let html = absolute(o.benchmarks + "/messages-screen.html")
        let cold = try ProcessBench.chromium(chromium, html: html, outputDirectory: out, runs: o.chromiumRuns)
        print("headless Chromium, cold screenshot of messages-screen.html, median of \(o.chromiumRuns): \(Stats.ms(cold))")
        print(String(format: "  render is %.1fx faster (%@ vs %@, measured in this run)", cold / whole.median,
                     Stats.ms(whole.median), Stats.ms(cold)))
    }
}

do { try runBench() } catch {
    FileHandle.standardError.write(Data("bench: error: \(error)\n".utf8))
    exit(1)
}

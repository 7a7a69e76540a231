// The benchmark driver behind `make bench` and `make bench-compare`: see Benchmarks/README.md.
import Foundation

/// Command-line settings of the benchmark.
struct BenchOptions {
    var runs = 20
    var processRuns = 31
    var gallery = 100
    var batch = 100
    var batchRounds = 3
    var chromium = false
    var chromiumRuns = 7
    var callgrind = true
    var longTicks = 1000
    var output = "out/bench"
    var benchmarks = "Benchmarks"
    var fonts = "Fonts"
    var render: String?
    var baseline: String?
    var capiCommands = 10_000
    var a11yRounds = 5
    var a11yOnly = false
    var examples = "Examples"

    static let usage = """
        usage: bench [--runs N] [--process-runs N] [--gallery N] [--batch N] [--batch-rounds N] [--long-ticks N] \
        [--chromium] [--chromium-runs N]
                     [--no-callgrind] [--out DIR] [--benchmarks DIR] [--fonts DIR] [--render PATH] [--baseline PATH] \
        [--capi-commands N]
                     [--a11y-rounds N] [--a11y-only] [--examples DIR]
        Run from the repository root (make bench). Renders Benchmarks/messages-screen.json and
        Benchmarks/messages-ticking.json (and that session extended to --long-ticks ticks, default
        1000, 0 to skip, for memory over many frames), prints medians, then a summary table. --batch N
        (default 100, 0 to skip): N variants of the screen with --out-dir and `render check` against N
        processes of one session each, two at a time, --batch-rounds times in turn (default 3).
        --baseline PATH: an older `render` binary timed in the same rounds as this one (the batch and
        its processes, and the renders beside each Chromium screenshot), for before/after figures.
        --a11y-rounds N (default 5, 0 to skip): `render check` of --examples (default Examples) beside the
        accessibility checks on the same screens, in turn; --a11y-only runs only that.
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
            case "--batch": batch = try number()
            case "--batch-rounds": batchRounds = max(1, try number())
            case "--chromium": chromium = true
            case "--chromium-runs": chromiumRuns = max(1, try number())
            case "--no-callgrind": callgrind = false
            case "--long-ticks": longTicks = try number()
            case "--out": output = try value()
            case "--benchmarks": benchmarks = try value()
            case "--fonts": fonts = try value()
            case "--render": render = try value()
            case "--baseline": baseline = try value()
            case "--capi-commands": capiCommands = try number()
            case "--a11y-rounds": a11yRounds = try number()
            case "--a11y-only": a11yOnly = true
            case "--examples": examples = try value()
            case "-h", "--help":
                print(BenchOptions.usage)
                exit(0)
            default: throw BenchError("unknown argument \(args[i])\n\(BenchOptions.usage)")
            }
            i += 1
        }
    }
}

/// Absolute form of a path relative to the current folder.
func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p }

func runBench() throws {
    let args = Array(CommandLine.arguments.dropFirst())
    // `bench --tick-child SESSION RESULT [--fonts DIR]`: the memory run, in a process of its own.
    if args.first == "--tick-child", args.count >= 3 {
        let fonts = args.count >= 5 && args[3] == "--fonts" ? args[4] : "Fonts"
        return try MemoryRun.child(session: args[1], resultPath: args[2], fontsDirectory: absolute(fonts))
    }
    let o = try BenchOptions(args)
    let screen = absolute(o.benchmarks + "/messages-screen.json")
    let ticking = absolute(o.benchmarks + "/messages-ticking.json")
    let fonts = absolute(o.fonts)
    let out = absolute(o.output)
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // `render` is built next to this binary.
    let render =
        o.render.map(absolute)
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("render").path
    guard FileManager.default.isExecutableFile(atPath: render) else {
        throw BenchError("no render binary at \(render): build it first (swift build -c release) or pass --render PATH")
    }

    let host = ProcessInfo.processInfo
    let date = ISO8601DateFormatter().string(from: Date())
    var load = ""
    if let l = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
        load = ", load " + l.split(separator: " ").prefix(3).joined(separator: " ")
    }
    // The machine, as the README's figures name it: CPU model and memory from /proc.
    var machine = ""
    if let cpu = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = cpu.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
    {
        machine += ", " + line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    if let mem = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
        let line = mem.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
        let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    {
        machine += String(format: ", %.0f GiB", Double(kb) / 1_048_576)
    }
    print("PreviewRenderer bench, \(date), \(host.activeProcessorCount) cores\(machine), \(host.hostName)\(load)")
    print("")
    var table = SummaryTable()
    if o.a11yOnly {
        try a11yFigures(o, render: render, fonts: fonts, table: &table)
        print("")
        print("Summary (\(date), \(host.activeProcessorCount) cores\(machine)\(load)):")
        print(table.markdown)
        return
    }

    let stage = try StageBench(session: screen, fontsDirectory: fonts).run(runs: o.runs, outputDirectory: out)
    print(
        """
        messages-screen.json (\(stage.pixelSize.0)x\(stage.pixelSize.1) px), in process, median of \(o.runs) runs \
        after a warm-up:
        """
    )
    print("  " + stage.stages.map { "\($0.0) \(Stats.ms($0.1))" }.joined(separator: ", "))
    print("  within layout: style \(Stats.ms(stage.style)), text \(Stats.ms(stage.text)) (see Benchmarks/README.md)")
    print("  renderer set-up \(Stats.ms(stage.setup)), whole in-process render \(Stats.ms(stage.total))")
    for s in stage.sizes {
        print("  compression \(s.level): \(Stats.kb(bytes: s.bytes)), encode \(Stats.ms(s.seconds))")
    }
    let stageMs = Dictionary(uniqueKeysWithValues: stage.stages)
    let stageLine = ["decode", "replay", "resources", "layout", "paint", "raster", "encode", "write"]
        .map { String(format: "%@ %.1f", $0, (stageMs[$0] ?? 0) * 1000) }.joined(separator: ", ")
    table.add(
        "per stage, ms (median of \(o.runs))",
        stageLine + String(format: "; style %.1f and text %.1f of layout", stage.style * 1000, stage.text * 1000))
    table.add("in-process render (set-up to written file)", Stats.ms(stage.total))
    if let one = stage.sizes.first(where: { $0.level == 1 }), let nine = stage.sizes.first(where: { $0.level == 9 }) {
        table.add(
            "PNG size, compression 1 / 9",
            """
            \(Stats.kb(bytes: one.bytes)) / \(Stats.kb(bytes: nine.bytes)) (encode \(Stats.ms(one.seconds)) / \
            \(Stats.ms(nine.seconds)))
            """
        )
    }

    if o.capiCommands > 0 {
        let c = try CAPIBench(session: screen, fontsDirectory: fonts, count: o.capiCommands).run(
            runs: max(1, min(o.runs, 5)), outputDirectory: out)
        print("")
        print(
            """
            C API (issue 14): \(c.commands) commands of the screen over fresh ids, one by one through \
            pr_send_command, then pr_screenshot_png
            """
        )
        print(
            String(
                format:
                    """
                      C API %@, the recorded session decoded from its file and rendered %@: ratio %.2f (target <= \
                    1.2); same PNG bytes: %@
                    """,
                Stats.ms(c.cSeconds), Stats.ms(c.fileSeconds), c.ratio, c.identical ? "yes" : "NO"))
        table.add(
            "C API, \(c.commands) commands + screenshot vs the session file (target <= 1.2)",
            String(format: "%@ vs %@ (%.2f)", Stats.ms(c.cSeconds), Stats.ms(c.fileSeconds), c.ratio))
    }

    let process = ProcessBench(render: render, session: screen, outputDirectory: out)
    let whole = try process.renderProcess(runs: o.processRuns)
    print("")
    let upperBoundNote = " (an upper bound: install the time package for the process's own figure)"
    print(
        """
        render as a process (start, decode, layout, raster, encode, write), median of \(o.processRuns): \
        \(Stats.ms(whole.median)), peak memory \
        \(Stats.mb(kilobytes: whole.peakKB))\(whole.exact ? "" : upperBoundNote)
        """
    )
    table.add("`render` as a process, median of \(o.processRuns) (target <= 40 ms)", Stats.ms(whole.median))
    table.add("peak memory, one render (target <= 80 MB)", Stats.mb(kilobytes: whole.peakKB))

    let ticks = try TickBench(session: ticking, fontsDirectory: fonts).run()
    print("")
    print("messages-ticking.json, every tick captured, one renderer: \(ticks.frames) frames")
    print(
        """
          per frame (layout to PNG bytes), median after the first: \(Stats.ms(ticks.medianFrame)); first frame \
        \(Stats.ms(ticks.firstFrame))
        """
    )
    print("  " + ticks.stages.map { "\($0.0) \(Stats.ms($0.1))" }.joined(separator: ", "))
    print(String(format: "  %.1f frames per second over the whole session (decode and replay included)", ticks.fps))
    print(
        """
          last frame identical to a full render by a fresh renderer: \
        \(ticks.lastFrameMatchesFullRender ? "yes" : "NO")
        """
    )
    print(
        "  resident memory: "
            + ticks.resident.map { "after frame \($0.frame) \(Stats.mb(kilobytes: $0.kb))" }.joined(separator: ", "))
    table.add("tick frame, median (layout to PNG bytes; target <= 12 ms)", Stats.ms(ticks.medianFrame))
    table.add("frames per second, \(ticks.frames)-frame session", String(format: "%.1f", ticks.fps))
    table.add("incremental last frame equals a full render", ticks.lastFrameMatchesFullRender ? "yes" : "NO")

    if o.longTicks > 0 {
        let long = try LongSession.write(from: ticking, ticks: o.longTicks, into: out)
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? absolute(CommandLine.arguments[0])
        let r = try MemoryRun.run(bench: me, session: long, fontsDirectory: fonts, outputDirectory: out)
        print("")
        print(
            """
            messages-ticking.json extended to \(o.longTicks) ticks (\(r.frames) frames), one renderer, in a fresh \
            process:
            """
        )
        print("  per frame \(Stats.ms(r.medianFrame)), " + String(format: "%.1f frames per second", r.fps))
        print(
            "  resident memory: "
                + r.resident.map { "after frame \($0.frame) \(Stats.mb(kilobytes: $0.kb))" }.joined(separator: ", "))
        let at10 = r.kb(atFrame: 10) ?? 0
        let atEnd = r.resident.last?.kb ?? 0
        let growth = Double(atEnd - at10) / 1024
        print(
            String(
                format: "  growth from frame 10 to frame %d: %+.1f MB (%.2f KB per frame)", r.frames, growth,
                growth * 1024 / Double(max(1, r.frames - 10))))
        print(
            """
              last frame identical to a full render by a fresh renderer: \
            \(r.lastFrameMatchesFullRender ? "yes" : "NO")
            """
        )
        let marks = r.resident.filter { [10, 100, r.frames].contains($0.frame) }
        table.add(
            "resident after frame " + marks.map { "\($0.frame)" }.joined(separator: " / ")
                + " (\(o.longTicks)-tick session)",
            marks.map { Stats.mb(kilobytes: $0.kb) }.joined(separator: " / "))
    }

    if o.gallery > 0 {
        let jobs = max(1, host.activeProcessorCount)
        let seconds = try process.gallery(count: o.gallery, jobs: jobs)
        print("")
        print(
            String(
                format: "gallery: %d renders of the screen, %d processes at a time: %.2f s (%.1f ms per screen)",
                o.gallery, jobs, seconds, seconds * 1000 / Double(o.gallery)))
        table.add("gallery of \(o.gallery) screens, \(jobs) processes at a time", String(format: "%.2f s", seconds))
    }

    if o.batch > 0 {
        let jobs = max(1, host.activeProcessorCount)
        let b = try BatchBench(
            render: render, screen: screen, outputDirectory: out, count: o.batch, jobs: jobs,
            baseline: o.baseline.map(absolute)
        ).run(rounds: o.batchRounds)
        let (batch, procs, check, checkProcs) = (
            Stats.median(b.batch), Stats.median(b.processes), Stats.median(b.check), Stats.median(b.checkProcesses)
        )
        print("")
        print(
            """
            \(o.batch) variants of the screen (own texts each), \(jobs) at a time, median of \(o.batchRounds) \
            rounds in turn:
            """
        )
        print(
            String(
                format: "  render DIR --out-dir: %.2f s; %d render processes: %.2f s; %.1fx (target >= 3x)", batch,
                o.batch, procs, procs / batch))
        let (batchCPU, procsCPU) = (Stats.median(b.batchCPU), Stats.median(b.processesCPU))
        print(
            String(
                format: "  CPU time (user + system): %.2f s vs %.2f s, %.1fx", batchCPU, procsCPU, procsCPU / batchCPU))
        print(
            String(
                format: "  render check DIR: %.2f s; %d render check processes: %.2f s; %.1fx (target >= 2.5x)", check,
                o.batch, checkProcs, checkProcs / check))
        print("  batch PNGs identical to the single-process PNGs: \(b.identical ? "yes" : "NO")")
        table.add(
            "\(o.batch) screens: `--out-dir` vs \(o.batch) processes, \(jobs) at a time (target >= 3x)",
            String(format: "%.2f s vs %.2f s, %.1fx", batch, procs, procs / batch))
        table.add(
            "CPU time, `--out-dir` vs processes",
            String(format: "%.2f s vs %.2f s, %.1fx", batchCPU, procsCPU, procsCPU / batchCPU))
        table.add(
            "`render check` of \(o.batch) vs \(o.batch) processes (target >= 2.5x)",
            String(format: "%.2f s vs %.2f s, %.1fx", check, checkProcs, checkProcs / check))
        table.add("batch PNGs identical to single renders", b.identical ? "yes" : "NO")
        if o.baseline != nil {
            let (ob, op) = (Stats.median(b.baselineBatch), Stats.median(b.baselineProcesses))
            let (obc, opc) = (Stats.median(b.baselineBatchCPU), Stats.median(b.baselineProcessesCPU))
            print(
                String(
                    format:
                        """
                          baseline in the same rounds: --out-dir %.2f s vs processes %.2f s, %.1fx; CPU %.2f s vs \
                        %.2f s, %.1fx
                        """,
                    ob, op, op / ob, obc, opc, opc / obc))
            print("  baseline --out-dir PNGs identical to this build's: \(b.identicalToBaseline ? "yes" : "NO")")
            table.add(
                "baseline: `--out-dir` vs processes, same rounds",
                String(format: "%.2f s vs %.2f s, %.1fx", ob, op, op / ob))
            table.add(
                "baseline: CPU time, `--out-dir` vs processes",
                String(format: "%.2f s vs %.2f s, %.1fx", obc, opc, opc / obc))
            table.add("baseline PNGs identical to this build's", b.identicalToBaseline ? "yes" : "NO")
        }
    }

    try a11yFigures(o, render: render, fonts: fonts, table: &table)

    if o.callgrind {
        print("")
        if let n = process.instructions() {
            let text = n.formatted(.number.grouping(.automatic)).replacingOccurrences(of: "\u{202f}", with: ",")
            print("instructions for one render of the screen (callgrind): \(text)")
            table.add("instructions, one `render` process (callgrind)", String(format: "%.1f M", Double(n) / 1e6))
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
        let side = try process.sideBySide(
            chromium: chromium, html: html, rounds: o.chromiumRuns, baseline: o.baseline.map(absolute))
        print(
            """
            headless Chromium, cold screenshot of messages-screen.html, median of \(o.chromiumRuns): \
            \(Stats.ms(side.chromium))
            """
        )
        print(
            """
              interleaved with \(6 * o.chromiumRuns) render processes (six after each screenshot), median \
            \(Stats.ms(side.render))
            """
        )
        print(
            String(
                format: "  render is %.1fx faster (%@ vs %@, side by side; target >= 40x)", side.chromium / side.render,
                Stats.ms(side.render), Stats.ms(side.chromium)))
        if let old = side.baseline {
            print(
                String(
                    format: "  baseline render in the same rounds, median of %d: %@, %.1fx", 6 * o.chromiumRuns,
                    Stats.ms(old), side.chromium / old))
        }
        table.add("cold headless Chromium screenshot, median of \(o.chromiumRuns)", Stats.ms(side.chromium))
        table.add("`render` in the same rounds, median of \(6 * o.chromiumRuns)", Stats.ms(side.render))
        table.add("`render` faster than Chromium (target >= 40x)", String(format: "%.1fx", side.chromium / side.render))
        if let old = side.baseline {
            table.add(
                "baseline `render` in the same rounds / faster than Chromium",
                String(format: "%@, %.1fx", Stats.ms(old), side.chromium / old))
        }
    }

    print("")
    print("Summary (\(date), \(host.activeProcessorCount) cores\(machine)\(load)):")
    print(table.markdown)
}

/// The accessibility checks beside `render check` of the examples (A11yBench), printed and tabled.
func a11yFigures(_ o: BenchOptions, render: String, fonts: String, table: inout SummaryTable) throws {
    guard o.a11yRounds > 0 else { return }
    let r = try A11yBench(render: render, examples: absolute(o.examples), fonts: fonts).run(rounds: o.a11yRounds)
    let (check, checkCPU) = (Stats.median(r.check), Stats.median(r.checkCPU))
    let (frames, pixel, large) = (Stats.median(r.frames), Stats.median(r.pixelChecks), Stats.median(r.largeText))
    let (noLarge, all) = (Stats.median(r.a11yNoLarge), Stats.median(r.a11y))
    print("")
    print(
        """
        accessibility checks on \(o.examples) (\(r.sessions) sessions, \(r.screens) screens), median of \
        \(o.a11yRounds) rounds in turn:
        """)
    print(
        String(
            format: "  render check %@: %@ (CPU %@%@)", o.examples, Stats.ms(check), Stats.ms(checkCPU),
            r.checkStatus == 0 ? "" : ", some goldens differ on this machine"))
    print("  in process, the screens rendered (decode, replay, layout, paint, raster): \(Stats.ms(frames))")
    print(
        String(
            format: "  contrast + targets %@: %.1f%% of render check's time, %.1f%% of its CPU time (target <= 10%%)",
            Stats.ms(pixel), pixel / check * 100, pixel / checkCPU * 100))
    print(
        String(
            format: "  large text (1.3 and 2.0) %@: %.1f%% of render check's time, %.1f%% of its CPU time",
            Stats.ms(large), large / check * 100, large / checkCPU * 100))
    print("  \(r.findings) contrast and target findings, \(r.largeTextProblems) large-text ones")
    print(
        String(
            format: "  render a11y %@ as a process: %@ with --no-large-text, %@ with the large-text pass", o.examples,
            Stats.ms(noLarge), Stats.ms(all)))
    table.add(
        "contrast + target checks vs `render check \(o.examples)` (target <= +10%)",
        String(
            format: "%@ vs %@, +%.1f%% (CPU %@: +%.1f%%)", Stats.ms(pixel), Stats.ms(check), pixel / check * 100,
            Stats.ms(checkCPU), pixel / checkCPU * 100))
    table.add(
        "large-text pass (1.3 and 2.0) beside it",
        String(format: "%@, +%.1f%% (CPU: +%.1f%%)", Stats.ms(large), large / check * 100, large / checkCPU * 100))
    table.add(
        "`render a11y \(o.examples)`, --no-large-text / with large text",
        "\(Stats.ms(noLarge)) / \(Stats.ms(all))")
}

/// The figures again as a Markdown table, to paste into Benchmarks/README.md.
struct SummaryTable {
    private var rows: [(String, String)] = []
    mutating func add(_ figure: String, _ value: String) { rows.append((figure, value)) }
    var markdown: String {
        (["| figure | value |", "| --- | --- |"] + rows.map { "| \($0.0) | \($0.1) |" }).joined(separator: "\n")
    }
}

do { try runBench() } catch {
    FileHandle.standardError.write(Data("bench: error: \(error)\n".utf8))
    exit(1)
}

import Foundation

/// Whole-process measurements: `render` as users and CI run it, a gallery on both cores, headless
/// Chromium on the HTML twin, and instruction counts under callgrind.
struct ProcessBench {
    let render: String
    let session: String
    let outputDirectory: String

    /// Median wall seconds of `runs` sequential `render` processes (after one warm-up), and the peak
    /// memory of one more. The rusage of a child spawned by this process is not the child's own: at
    /// `exec` Linux records the spawning (vfork-shared) address space's high-water mark into the
    /// child's `ru_maxrss`, so a bench that holds 80 MB saw every child "use" 80 MB. `/usr/bin/time`
    /// forks from a process of about 1 MB, so its `%M` is the renderer's own peak; without it the
    /// figure is the larger of the two, and says so.
    func renderProcess(runs: Int) throws -> (median: Double, peakKB: Int, exact: Bool) {
        var times: [Double] = []
        var peak = 0
        for i in 0...runs {
            let r = try runRender(to: "process.png")
            if i == 0 { continue }
            times.append(r.seconds)
            peak = max(peak, r.peakKB)
        }
        if let own = try ownPeakKB() { return (Stats.median(times), own, true) }
        return (Stats.median(times), peak, false)
    }

    /// The peak resident memory of one `render` process as `/usr/bin/time -f %M` reports it; nil without it.
    func ownPeakKB() throws -> Int? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
        let report = outputDirectory + "/peak.txt"
        let r = try ChildProcess.run([
            time, "-f", "%M", "-o", report, render, session, "-o", outputDirectory + "/peak.png", "-q",
        ])
        guard r.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
            let kb = Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
        else { return nil }
        return kb
    }

    /// One `render SESSION -o OUT -q` process, which must succeed.
    func runRender(to name: String) throws -> (seconds: Double, peakKB: Int) {
        let argv = [render, session, "-o", outputDirectory + "/" + name, "-q"]
        let r = try ChildProcess.run(argv)
        guard r.status == 0 else { throw BenchError("\(argv.joined(separator: " ")) exited with \(r.status)") }
        return (r.seconds, r.peakKB)
    }

    /// Total seconds for `count` renders of the session, `jobs` processes at a time.
    func gallery(count: Int, jobs: Int) throws -> Double {
        let t0 = Stats.now()
        _ = try ChildProcess.pool(
            (0..<count).map { [render, session, "-o", outputDirectory + "/gallery-\($0).png", "-q"] }, jobs: jobs)
        return Stats.now() - t0
    }

    /// Cold headless Chromium screenshots of `html` and `render` processes side by side: `rounds`
    /// rounds of one screenshot (a fresh profile each time) followed by `rendersPerRound` renders,
    /// so both face the same machine (a VM's speed drifts within minutes). Median wall seconds of each.
    /// With `baseline` (another `render` binary), each round's renders alternate between the two,
    /// so an older build is timed against the same screenshots (`baseline` is then its median).
    func sideBySide(
        chromium: String, html: String, rounds: Int, rendersPerRound: Int = 6,
        baseline: String? = nil
    ) throws -> (chromium: Double, render: Double, baseline: Double?) {
        var browser: [Double] = []
        var ours: [Double] = []
        var theirs: [Double] = []
        let before = baseline.map { ProcessBench(render: $0, session: session, outputDirectory: outputDirectory) }
        for i in 0..<rounds {
            let profile = outputDirectory + "/chromium-profile-\(i)"
            try? FileManager.default.removeItem(atPath: profile)
            let shot = [
                chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(profile)", "--window-size=390,844", "--force-device-scale-factor=3",
                "--screenshot=\(outputDirectory)/chromium.png", "file://\(html)",
            ]
            let r = try ChildProcess.run(shot)
            guard r.status == 0 else { throw BenchError("chromium exited with \(r.status)") }
            browser.append(r.seconds)
            // Chromium's helper processes outlive its main process by a second or so: the renders
            // are measured once they are gone, not while they compete for the two cores.
            Self.waitForProcesses(mentioning: profile, atMost: 5)
            try? FileManager.default.removeItem(atPath: profile)
            for _ in 0..<rendersPerRound {
                ours.append(try runRender(to: "side.png").seconds)
                if let before { theirs.append(try before.runRender(to: "side-baseline.png").seconds) }
            }
        }
        return (Stats.median(browser), Stats.median(ours), theirs.isEmpty ? nil : Stats.median(theirs))
    }

    /// Waits (up to `seconds`) until no process's command line mentions `text`.
    static func waitForProcesses(mentioning text: String, atMost seconds: Double) {
        let deadline = Stats.now() + seconds
        while Stats.now() < deadline {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
            let alive = pids.contains { pid in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
                return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
            }
            if !alive { return }
            usleep(20_000)
        }
    }

    /// Instructions executed by one `render` of the session (callgrind's `Collected`), or nil without valgrind.
    func instructions() -> Int? {
        guard let valgrind = ChildProcess.which("valgrind") else { return nil }
        let log = outputDirectory + "/callgrind.log"
        let argv = [
            valgrind, "--tool=callgrind", "--callgrind-out-file=\(outputDirectory)/callgrind.out",
            "--log-file=\(log)", render, session, "-o", outputDirectory + "/callgrind.png", "-q",
        ]
        guard let r = try? ChildProcess.run(argv), r.status == 0,
            let text = try? String(contentsOfFile: log, encoding: .utf8)
        else { return nil }
        // "==123== Collected : 655981169"
        for line in text.split(separator: "\n") where line.contains("Collected") {
            if let n = line.split(separator: " ").last.flatMap({ Int($0) }) { return n }
        }
        return nil
    }
}

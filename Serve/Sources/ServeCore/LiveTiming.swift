import Foundation

/// Where a live step's time went in the server, for the bench (`RENDER_SERVE_LIVE_TIMING=1`; off
/// otherwise): the moments (ms since 1970, the clock the page's `performance.timeOrigin` counts
/// from) the page's step arrived, went to the app, came back, and had its frame queued for the
/// pages. They go with the step's entry of the live log as `stages` (docs/serve.md "Live app").
enum LiveTiming {
    static let enabled = ProcessInfo.processInfo.environment["RENDER_SERVE_LIVE_TIMING"] == "1"

    static func now() -> Double { (Date().timeIntervalSince1970 * 10_000).rounded() / 10 }

    /// `stages` with one more moment, when timing is on.
    static func stamp(_ stages: inout [String: Double], _ name: String) {
        if enabled { stages[name] = now() }
    }
}

extension LiveApp {
    /// The newest log entry's stages gain `name` at this moment (after its frame went out).
    func stampLast(_ name: String) {
        guard LiveTiming.enabled, var last = log.last else { return }
        var stages = last["stages"] as? [String: Double] ?? [:]
        LiveTiming.stamp(&stages, name)
        last["stages"] = stages
        replaceLast(last)
    }
}

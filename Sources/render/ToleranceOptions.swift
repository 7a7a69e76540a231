import ArgumentParser
import Snapshots

/// How different a picture may be from its golden and still match: `check` (pass or fail) and
/// `gallery` (a card's golden status) take the same flags, with the same defaults and checks.
struct ToleranceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Per-channel difference (0-255, after a 3x3 anti-aliasing blur) above which a pixel mismatches.")
    var threshold: Int = Tolerance().threshold

    @Option(name: .customLong("max-mismatch"), help: "Share of mismatching pixels allowed (0-1).")
    var maxMismatch: Double = Tolerance().maxMismatch

    @Flag(
        name: .customLong("pixels-only"),
        help: "Judge by pixels only: do not fail on element changes within the pixel tolerance.")
    var pixelsOnly = false

    func validate() throws {
        guard (0...255).contains(threshold) else { throw ValidationError("--threshold must be 0...255") }
        guard maxMismatch.isFinite, (0...1).contains(maxMismatch) else {
            throw ValidationError("--max-mismatch must be 0...1")
        }
    }

    var tolerance: Tolerance { Tolerance(threshold: threshold, maxMismatch: maxMismatch, semantic: !pixelsOnly) }
}

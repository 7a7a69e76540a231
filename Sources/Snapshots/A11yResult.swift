import Primitives

/// `render check --a11y` (fail on new findings) or `--a11y=warn` (report them, pass).
package enum A11yMode: String, Codable, Hashable, Sendable, CaseIterable {
    case fail
    case warn
}

/// One accessibility finding as a baseline file, a check report, the review page and the gallery
/// hold it: the fields of `render a11y --json` whatever the check (`check` is a plain string, so a
/// finding of a check this build does not know still reads, compares and shows), and its state
/// against the baseline (nil in the baseline itself).
package struct A11yFinding: Codable, Hashable, Sendable {
    package enum State: String, Codable, Hashable, Sendable {
        /// Not in the baseline: fails the check (unless `--a11y=warn`).
        case new
        /// In the baseline and still found.
        case present
        /// In the baseline, no longer found: `--accept` drops it from the baseline.
        case resolved
    }
    package var state: State?
    package var screen: String
    package var check: String
    package var element: Int
    package var type: String
    package var text: String
    /// x, y, width, height in dp.
    package var frame: [Double]
    /// The locator as compact JSON (`{"text":"Terms"}`), a session `target`.
    package var locator: String
    package var measured: Double
    package var needed: Double
    package var message: String

    /// What makes a finding the same one in another run of the same screen: its check and the
    /// locator that finds the element. Ids, frames and measured values may move; a finding whose
    /// element keeps its locator stays the same finding.
    var key: String { check + "\u{0}" + locator }

    /// `16,35 117.52x19`.
    var frameText: String {
        frame.count == 4 ? "\(fmt(frame[0])),\(fmt(frame[1])) \(fmt(frame[2]))x\(fmt(frame[3]))" : "?"
    }

    /// `final 16,35 117.52x19: text 11 "Terms": contrast ...  {"text":"Terms"}`, as `render a11y` prints one.
    var line: String { "\(screen) \(frameText): \(message)  \(locator)" }
}

/// One screen's accessibility against its baseline (`NAME.a11y.json` beside the golden `NAME.png`).
package struct A11yResult: Codable, Hashable, Sendable {
    package enum Status: String, Codable, Hashable, Sendable {
        /// No new finding (resolved ones may be listed).
        case passed
        /// New findings, `--a11y` (fail).
        case failed
        /// New findings, `--a11y=warn`: reported, the check passes.
        case warned
        /// The baseline was written (record modes, `--accept`): like a recorded golden, never a pass.
        case recorded
        /// The baseline file cannot be read as one: fails, naming the file and why.
        case invalid
    }
    /// The baseline's path (in a report file: its name in the goldens folder).
    package var baseline: String
    package var status: Status
    /// The screen's size in dp (width, height): the outlines of the review page and gallery are
    /// drawn in shares of it.
    package var screen: [Double]
    /// New, then still present, then resolved; each group in the baseline's order.
    package var findings: [A11yFinding]
    /// What happened, in lines (each made safe to print).
    package var message: String
    /// `render check SESSION --accept NAME ... --a11y`: writes the current findings as the baseline.
    package var accept: String?

    /// Whether this screen fails the run.
    package var fails: Bool { status == .failed || status == .recorded || status == .invalid }

    package func count(_ s: A11yFinding.State) -> Int { findings.filter { $0.state == s }.count }
}

extension Array where Element == SnapshotOutcome {
    /// `1 new, 2 still present, 1 resolved accessibility findings; 1 baseline recorded`: the a11y
    /// results of these outcomes in words.
    package var a11yInWords: String {
        let results = compactMap(\.a11y)
        func n(_ s: A11yFinding.State) -> Int { results.reduce(0) { $0 + $1.count(s) } }
        var s = "\(n(.new)) new, \(n(.present)) still present, \(n(.resolved)) resolved accessibility findings"
        let recorded = results.filter { $0.status == .recorded }.count
        let invalid = results.filter { $0.status == .invalid }.count
        if recorded > 0 { s += "; \(recorded) baseline\(recorded == 1 ? "" : "s") recorded" }
        if invalid > 0 { s += "; \(invalid) unreadable baseline\(invalid == 1 ? "" : "s")" }
        return s
    }
}

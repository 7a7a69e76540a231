import Foundation

/// A check report as an HTML review page, and shard reports joined into one (`render report merge`).
extension CheckReport {
    /// Joins the reports of the shards of one run: outcomes of all, ordered by session path (the
    /// order of an unsharded run over folders, whose sessions are sorted by name) and, within a
    /// session, as checked. The shards must agree on renderer, record mode and tolerance.
    public static func merged(_ reports: [CheckReport]) throws -> CheckReport {
        guard let first = reports.first else { throw MergeError("no check reports to merge") }
        for r in reports.dropFirst() {
            guard r.rendererVersion == first.rendererVersion, r.recordMode == first.recordMode, r.tolerance == first.tolerance else {
                throw MergeError("the reports come from different runs (renderer \(r.rendererVersion) vs \(first.rendererVersion), record \(r.recordMode.rawValue) vs \(first.recordMode.rawValue), or another tolerance)")
            }
        }
        var seen = Set<String>()
        var outcomes: [(Int, SnapshotOutcome)] = []
        for o in reports.flatMap(\.outcomes) {
            let key = o.session + "\u{0}" + o.name
            guard seen.insert(key).inserted else { throw MergeError("\(o.name) of \(o.session) is in two reports: shards of one run never overlap") }
            outcomes.append((outcomes.count, o))
        }
        outcomes.sort { $0.1.session != $1.1.session ? $0.1.session < $1.1.session : $0.0 < $1.0 }
        return CheckReport(rendererVersion: first.rendererVersion, recordMode: first.recordMode, tolerance: first.tolerance,
                           outcomes: outcomes.map(\.1))
    }

    /// A static review page (no scripts): the summary, then one row per golden with its status,
    /// message, `expected | diff | actual` image when one was written, and the command that reproduces it.
    public func html() -> String {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var h = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>render check: \(esc(summary))</title>
        <style>body{font:14px sans-serif;margin:24px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}
        .passed{background:#e6f4e6}.error{background:#fbe0e0}.failed,.environmentChanged,.missing,.recorded{background:#fff3d6}pre{margin:0;white-space:pre-wrap}img{max-width:480px}</style>
        </head><body>
        <h1>render check</h1>
        <p>\(esc(summary)); renderer \(esc(rendererVersion)), record \(recordMode.rawValue), threshold \(tolerance.threshold), max mismatch \(tolerance.maxMismatch)</p>
        <table><tr><th>golden</th><th>session</th><th>status</th><th>what</th></tr>

        """
        for o in outcomes {
            var what = "<pre>\(esc(o.message))</pre>"
            if let d = o.diffImage { what += "<p><a href=\"\(esc(d))\"><img src=\"\(esc(d))\" alt=\"expected | diff | actual\"></a></p>" }
            if !o.passed { what += "<p><code>\(esc(o.reproduce))</code></p>" }
            h += "<tr class=\"\(o.status.rawValue)\"><td>\(esc(o.name))</td><td>\(esc(o.session))</td><td>\(o.status.rawValue)</td><td>\(what)</td></tr>\n"
        }
        return h + "</table></body></html>\n"
    }
}

/// Shard reports that cannot be joined.
public struct MergeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

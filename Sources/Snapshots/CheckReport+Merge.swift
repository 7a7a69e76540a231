import Foundation

/// Shard reports joined into one (`render report merge`); its review page is `Gallery.CheckPage`.
extension CheckReport {
    /// Joins the reports of the shards of one run: outcomes of all, ordered by session path (the
    /// order of an unsharded run over folders, whose sessions are sorted by name) and, within a
    /// session, as checked; grouped by cause anew (`grouped(marks:)`). The shards must
    /// agree on renderer, record mode and tolerance.
    package static func merged(_ reports: [CheckReport]) throws -> CheckReport {
        guard let first = reports.first else { throw MergeError("no check reports to merge") }
        for r in reports.dropFirst() {
            guard r.rendererVersion == first.rendererVersion, r.recordMode == first.recordMode,
                r.tolerance == first.tolerance, r.snapshots == first.snapshots, r.a11y == first.a11y
            else {
                throw MergeError(
                    """
                    the reports come from different runs (renderer \(r.rendererVersion) vs \
                    \(first.rendererVersion), record \(r.recordMode.rawValue) vs \(first.recordMode.rawValue), \
                    goldens \(r.snapshots ?? "?") vs \(first.snapshots ?? "?"), a11y \(r.a11y?.rawValue ?? "off") vs \
                    \(first.a11y?.rawValue ?? "off"), or another tolerance)
                    """
                )
            }
        }
        var seen = Set<String>()
        var outcomes: [(Int, SnapshotOutcome)] = []
        for o in reports.flatMap(\.outcomes) {
            let key = o.session + "\u{0}" + o.name
            guard seen.insert(key).inserted else {
                throw MergeError("\(o.name) of \(o.session) is in two reports: shards of one run never overlap")
            }
            outcomes.append((outcomes.count, o))
        }
        outcomes.sort { $0.1.session != $1.1.session ? $0.1.session < $1.1.session : $0.0 < $1.0 }
        var merged = CheckReport(
            rendererVersion: first.rendererVersion, recordMode: first.recordMode, tolerance: first.tolerance,
            outcomes: outcomes.map(\.1), snapshots: first.snapshots)
        merged.a11y = first.a11y
        // Grouped again over every shard: a cause shared by snapshots of two shards is one group.
        return merged.grouped()
    }
}

/// Shard reports that cannot be joined.
package struct MergeError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

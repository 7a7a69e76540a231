/// One command that accepts several failing goldens at once (the review page's "accept all shown"),
/// made from their own accept lines (`SnapshotChecker.acceptLine`), which within one run differ only
/// in the session, the golden's name and `--ticks`.
package enum AcceptAll {
    /// `render check S1 S2 --accept N1 N2 --snapshots DIR [--theme T] [--device D] [--ticks]` for the
    /// outcomes that have an accept line; nil when none has. Lines whose options differ (they come
    /// from different runs) give one command each, joined by ` && `.
    /// An outcome whose golden passed but whose accessibility baseline needs accepting (`--a11y`)
    /// gives its baseline's accept line; `--a11y` on one line is kept on the joined command.
    package static func command(_ outcomes: [SnapshotOutcome]) -> String? {
        var groups: [(prefix: String, options: String, sessions: [String], names: [String], ticks: Bool)] = []
        var a11y = false
        for o in outcomes {
            guard var line = o.accept ?? o.a11y?.accept else { continue }
            if line.hasSuffix(" --a11y") {
                line = String(line.dropLast(" --a11y".count))
                a11y = true
            } else if o.a11y?.accept != nil {
                a11y = true
            }
            guard let parts = split(line, o) else { continue }
            if let i = groups.firstIndex(where: { $0.prefix == parts.prefix && $0.options == parts.options }) {
                if !groups[i].sessions.contains(o.session) { groups[i].sessions.append(o.session) }
                if !groups[i].names.contains(o.name) { groups[i].names.append(o.name) }
                groups[i].ticks = groups[i].ticks || parts.ticks
            } else {
                groups.append((parts.prefix, parts.options, [o.session], [o.name], parts.ticks))
            }
        }
        guard !groups.isEmpty else { return nil }
        return groups.map { g in
            let q = SnapshotChecker.shellQuote
            return ([g.prefix] + g.sessions.map(q) + ["--accept"] + g.names.map(q)).joined(separator: " ")
                + g.options + (g.ticks ? " --ticks" : "") + (a11y ? " --a11y" : "")
        }.joined(separator: " && ")
    }

    /// `PREFIX 'session' --accept 'name'OPTIONS[ --ticks]` taken apart; nil when the line is not of that form.
    static func split(_ line: String, _ o: SnapshotOutcome) -> (prefix: String, options: String, ticks: Bool)? {
        let q = SnapshotChecker.shellQuote
        let middle = " " + q(o.session) + " --accept " + q(o.name)
        guard let r = line.range(of: middle) else { return nil }
        var options = String(line[r.upperBound...])
        let ticks = options.hasSuffix(" --ticks")
        if ticks { options = String(options.dropLast(" --ticks".count)) }
        return (String(line[..<r.lowerBound]), options, ticks)
    }
}

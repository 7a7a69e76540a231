import RenderPipeline

extension SnapshotChecker {
    /// Re-records exactly the goldens of a review's plan (`AcceptSelection.plan`), as `--accept`
    /// records a golden it names: each of their sessions rendered again, only those snapshots
    /// compared and written. Returns their outcomes (`recorded`, or `passed` when nothing changed).
    package func accepting(_ plan: AcceptSelection.Plan, renderer: Renderer) -> [SnapshotOutcome] {
        var s = settings
        s.accepting = true
        s.record = .failed
        var acceptor = SnapshotChecker(settings: s)
        acceptor.audit = audit
        var out: [SnapshotOutcome] = []
        for (session, snapshots) in plan.accept {
            renderer.forgetLastFrame()
            out += acceptor.check(session: session, renderer: renderer, only: snapshots)
        }
        return out
    }
}

extension CheckReport {
    /// The report with each outcome of `new` in place of the one of the same session and golden
    /// (keeping its `seconds`).
    package func replacing(_ new: [SnapshotOutcome]) -> CheckReport {
        var byKey: [String: SnapshotOutcome] = [:]
        for o in new { byKey[o.session + "\u{0}" + o.name] = o }
        var out = self
        out.outcomes = outcomes.map { o in
            guard var n = byKey[o.session + "\u{0}" + o.name] else { return o }
            n.seconds = o.seconds
            return n
        }
        return out
    }
}

extension AcceptAll {
    /// `render check S1 S2 --accept-group ID --snapshots DIR [--theme T] [--device D]`: the one
    /// command that accepts a group, made from its snapshots' own accept lines (its sessions only).
    package static func groupCommand(_ g: ChangeGroup, outcomes: [SnapshotOutcome]) -> String? {
        let members = Set(g.snapshots)
        return command(flag: "--accept-group " + g.id, outcomes: outcomes.filter { members.contains($0.name) })
    }

    /// `render check SESSIONS --accept-file FILE ...` over the sessions of `outcomes` that have an
    /// accept line: what applies the review page's accept file.
    package static func fileCommand(_ file: String, outcomes: [SnapshotOutcome]) -> String? {
        command(flag: "--accept-file " + SnapshotChecker.shellQuote(file), outcomes: outcomes)
    }

    static func command(flag: String, outcomes: [SnapshotOutcome]) -> String? {
        var prefix: String?
        var options = ""
        var sessions: [String] = []
        var a11y = false
        for o in outcomes {
            // A screen whose golden passed but whose accessibility baseline is to accept has only that line.
            guard var line = o.accept ?? o.a11y?.accept else { continue }
            if line.hasSuffix(" --a11y") {
                line = String(line.dropLast(" --a11y".count))
                a11y = true
            }
            guard let parts = split(line, o) else { continue }
            if prefix == nil { (prefix, options) = (parts.prefix, parts.options) }
            // One run's lines differ only in session and name: another run's are left out.
            guard parts.prefix == prefix, parts.options == options else { continue }
            if !sessions.contains(o.session) { sessions.append(o.session) }
        }
        guard let prefix else { return nil }
        return ([prefix] + sessions.map(SnapshotChecker.shellQuote) + [flag]).joined(separator: " ") + options
            + (a11y ? " --a11y" : "")
    }
}

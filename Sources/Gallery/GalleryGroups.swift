import Snapshots

/// The gallery's changes grouped by cause (issue 50): the cards whose goldens changed, grouped by
/// `ChangeGroup.groups` from the causes `render check` names (`ChangeCause`, kept on each card), so the
/// gallery of a folder shows the groups `render check FOLDER --html` shows: the same ids and words. A
/// card of another look is named with it (`login-form@filled (ios)`): one cause over several looks (a
/// theme's colour) is one group, accepted with one command per look.
enum GalleryGroups {
    /// A card's name in a group: its golden's name, and its look unless that is `default`.
    static func name(_ c: GalleryCard) -> String {
        let golden = SnapshotSettings.goldenName(session: c.session, snapshot: c.snapshot)
        return c.theme == "default" ? golden : "\(golden) (\(c.theme))"
    }

    /// The groups of the manifest's cards; nil when no card changed.
    static func groups(_ cards: [GalleryCard]) -> [ChangeGroup]? {
        let members = cards.compactMap { c in
            c.causes.map { ChangeGroup.Member(name: name(c), session: c.session, causes: $0) }
        }
        let groups = ChangeGroup.groups(of: members)
        return groups.isEmpty ? nil : groups
    }

    /// `render check P1 P2 --accept-group ID --snapshots DIR [--theme T] [--device D]`, one per look the
    /// group's cards are in (`paths`: each session's file by its name).
    static func commands(_ g: ChangeGroup, cards: [GalleryCard], paths: [String: String], options: GalleryOptions)
        -> [String]
    {
        guard let root = options.snapshotsDirectory else { return [] }
        let q = SnapshotChecker.shellQuote
        let members = Set(g.snapshots)
        var themes: [String] = []
        var sessions: [String: [String]] = [:]
        for c in cards where c.causes != nil && members.contains(name(c)) {
            if sessions[c.theme] == nil { themes.append(c.theme) }
            let p = paths[c.session] ?? c.session + ".json"
            if sessions[c.theme, default: []].contains(p) == false { sessions[c.theme, default: []].append(p) }
        }
        return themes.map { t in
            var parts =
                ["render check"] + (sessions[t] ?? []).map(q) + ["--accept-group", g.id, "--snapshots", q(root)]
            if t != "default" { parts += ["--theme", q(t)] }
            if let d = options.device { parts += ["--device", q(d)] }
            return parts.joined(separator: " ")
        }
    }

    /// The page's first section: each group's cause, count, a strip of its pictures (lazy), its cards
    /// (links to them) and its accept commands; empty when nothing changed.
    static func section(_ m: GalleryManifest, paths: [String: String], options: GalleryOptions) -> String {
        guard let groups = m.groups else { return "" }
        let esc = GalleryHTML.esc
        var byName: [String: GalleryCard] = [:]
        for c in m.cards where c.causes != nil && byName[name(c)] == nil { byName[name(c)] = c }
        var h = "<section id=\"groups\"><h2>Changes by cause (\(groups.count) group\(groups.count == 1 ? "" : "s"), "
        h += "\(byName.count) picture\(byName.count == 1 ? "" : "s"))</h2>\n"
        for g in groups {
            h += "<section class=\"group\" id=\"group-\(g.id)\" data-group=\"\(g.id)\" data-kind=\"\(esc(g.kind))\">"
            h += "<h3><span class=\"cause\">\(esc(g.cause))</span> <span class=\"count\">"
            h += esc(ChangeGroup.countWords(snapshots: g.snapshots.count, sessions: g.sessions.count))
            h += "</span> <small class=\"gid\">group \(g.id)</small></h3>\n<div class=\"strip\">"
            for n in g.snapshots.prefix(GroupsHTML.stripLength) {
                guard let c = byName[n] else { continue }
                h +=
                    """
                    <a href=\"#\(anchor(c))\"><img loading=\"lazy\" src=\"\(GalleryHTML.url(c.image))\" \
                    alt=\"\(esc(n))\" title=\"\(esc(n))\"></a>
                    """
            }
            if g.snapshots.count > GroupsHTML.stripLength {
                h += "<span class=\"more\">+\(g.snapshots.count - GroupsHTML.stripLength)</span>"
            }
            h += "</div>\n"
            for c in commands(g, cards: m.cards, paths: paths, options: options) {
                h += "<p class=\"accept\">Accept this group: <code>\(esc(c))</code></p>\n"
            }
            h += "<details class=\"members\"><summary>\(g.snapshots.count) pictures</summary><ul>\n"
            for n in g.snapshots {
                let link = byName[n].map { "<a href=\"#\(anchor($0))\">\(esc(n))</a>" } ?? esc(n)
                h += "<li>\(link)</li>\n"
            }
            h += "</ul></details></section>\n"
        }
        return h + "</section>\n"
    }

    /// The id of a changed card's figure (`frameCard`), which the groups link to.
    static func anchor(_ c: GalleryCard) -> String {
        "c-" + GalleryHTML.esc(SnapshotSettings.goldenName(session: c.session, snapshot: c.snapshot) + "-" + c.theme)
    }

    static let css = """
        #groups .group{background:#fff;border:1px solid #ddd;border-radius:6px;margin:0 0 12px;padding:10px}
        #groups .cause{font-weight:600}#groups .count{color:#444;font-weight:400}.gid{color:#888;font-weight:400}
        #groups .strip{display:flex;gap:6px;overflow-x:auto;margin:6px 0}#groups .strip img{height:96px;width:auto;\
        border:1px solid #ddd;border-radius:3px}#groups .more{align-self:center;color:#666}
        #groups .accept code{user-select:all;background:#f1f3f4;padding:2px 4px;font-size:12px}
        #groups .members ul{margin:4px 0;padding-left:18px;font-size:13px}
        """
}

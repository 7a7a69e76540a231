import Snapshots

/// The review page's first section (issue 50): the changed goldens grouped by cause, each group
/// with its cause in words, its count, a strip of thumbnails, its snapshots on expanding, the one
/// command that accepts it, and boxes that add it (or some of its snapshots, or its rejection) to an
/// accept file the page writes for `render check --accept-file`.
enum GroupsHTML {
    /// Thumbnails shown per group; the rest are a click away (expand).
    static let stripLength = 8

    static func section(_ report: CheckReport, store: ContentStore, images: ReportImages) throws -> String {
        guard let groups = report.groups, !groups.isEmpty else { return "" }
        let esc = GalleryHTML.esc
        var byName: [String: SnapshotOutcome] = [:]
        for o in report.outcomes where byName[o.name] == nil { byName[o.name] = o }
        var seen = Set<String>()
        let changed = groups.flatMap(\.snapshots).filter { seen.insert($0).inserted }
        var h = "<h2 id=\"groups\">Changes by cause (\(groups.count) group\(groups.count == 1 ? "" : "s"), "
        h += "\(changed.count) snapshot\(changed.count == 1 ? "" : "s"))</h2>\n"
        for g in groups {
            let members = g.snapshots.compactMap { byName[$0] }
            h +=
                """
                <section class=\"group card\(g.rejected == true ? " rejected" : "")\" id=\"group-\(g.id)\" \
                data-group=\"\(g.id)\" data-kind=\"\(esc(g.kind))\">\n
                """
            h += "<h3><span class=\"cause\">\(esc(g.cause))</span> <span class=\"count\">"
            h += esc(ChangeGroup.countWords(snapshots: g.snapshots.count, sessions: g.sessions.count)) + "</span>"
            if g.rejected == true { h += " <span class=\"badge rejected\">rejected</span>" }
            h += " <small class=\"gid\">group \(g.id)</small></h3>\n<div class=\"strip\">"
            for o in members.prefix(stripLength) {
                guard let bytes = images.file(o.actualImage) ?? images.golden(o) else { continue }
                h +=
                    """
                    <a href=\"#\(esc(o.name))\"><img loading=\"lazy\" src=\"\(try store.store(png: bytes))\" \
                    alt=\"\(esc(o.name))\" title=\"\(esc(o.name))\"></a>
                    """
            }
            if members.count > stripLength { h += "<span class=\"more\">+\(members.count - stripLength)</span>" }
            h += "</div>\n"
            if let c = AcceptAll.groupCommand(g, outcomes: members) {
                h += "<p class=\"accept\">Accept this group: <code>\(esc(c))</code></p>\n"
            }
            h +=
                """
                <p class=\"picks\"><label><input type=\"checkbox\" class=\"pick\" data-line=\"group \(g.id)\"> \
                accept the group</label> <label><input type=\"checkbox\" class=\"pick reject\" \
                data-line=\"reject group \(g.id)\"> reject it</label></p>\n
                """
            h += "<details class=\"members\"><summary>\(g.snapshots.count) snapshots</summary><ul>\n"
            for n in g.snapshots {
                h +=
                    """
                    <li><label><input type=\"checkbox\" class=\"pick\" data-line=\"\(esc(n))\"> \
                    </label><a href=\"#\(esc(n))\">\(esc(n))</a> <small>\(esc(byName[n]?.session ?? ""))</small></li>\n
                    """
            }
            h += "</ul></details>\n</section>\n"
        }
        let grouped = Set(changed)
        let toReview = report.outcomes.filter { grouped.contains($0.name) }
        h += "<section class=\"acceptfile card\" id=\"accept-file\"><h3>Accept file</h3>\n"
        h += "<p>Tick groups, snapshots or rejections above; save the file and apply it"
        if let c = AcceptAll.fileCommand("accepts.txt", outcomes: toReview) {
            // The page names its own folder from where it was opened (`--html`, where rejected marks are
            // kept): the page's bytes do not depend on the folder it was written to (a merge's page is an
            // unsharded run's, byte for byte).
            h += ": <code id=\"accept-file-command\" data-command=\"\(esc(c))\">\(esc(c)) --html DIR</code>"
        }
        h += "</p>\n<textarea id=\"accepts\" readonly rows=\"4\"></textarea>\n"
        h +=
            "<p><a id=\"accepts-download\" download=\"accepts.txt\" href=\"#\">download accepts.txt</a></p></section>\n"
        return h
    }

    static let css = """
        .group{margin:0 0 12px;padding:10px}.group h3 .cause{font-weight:600}.group .count{color:#444;font-weight:400}
        .group.rejected{opacity:.7;border-left:4px solid #d93025}.badge.rejected{background:#fce8e6;color:#a50e0e}
        .gid{color:#888;font-weight:400}.strip{display:flex;gap:6px;overflow-x:auto;margin:6px 0}
        .strip img{height:96px;width:auto;border:1px solid #ddd;border-radius:3px}.strip .more{align-self:center;\
        color:#666}
        .group .accept code{display:inline-block;max-height:3.6em;overflow:auto;vertical-align:top}
        .picks{font-size:13px;margin:4px 0}.members ul{margin:4px 0;padding-left:18px;font-size:13px}
        .acceptfile textarea{width:100%;font-family:monospace;font-size:12px}.acceptfile code{user-select:all;\
        background:#f1f3f4;padding:2px 4px;font-size:12px}
        """

    static let script = """
        (function(){var t=document.getElementById('accepts');if(!t)return;
        var a=document.getElementById('accepts-download');
        function update(){var lines=[];document.querySelectorAll('input.pick').forEach(function(b){
        if(b.checked&&lines.indexOf(b.getAttribute('data-line'))<0)lines.push(b.getAttribute('data-line'))});
        t.value=lines.join('\\n')+(lines.length?'\\n':'');
        a.href='data:text/plain;charset=utf-8,'+encodeURIComponent(t.value);}
        document.querySelectorAll('input.pick').forEach(function(b){b.addEventListener('change',update)});update();
        var c=document.getElementById('accept-file-command');if(c&&location.protocol==='file:'){
        var d=decodeURIComponent(location.pathname.replace(/\\/[^\\/]*$/,''))||'/';
        var q=/^[A-Za-z0-9_\\-.\\/@=:+,]+$/.test(d)?d:"'"+d.replace(/'/g,"'\\\\''")+"'";
        c.textContent=c.getAttribute('data-command')+' --html '+q;}})();
        """
}

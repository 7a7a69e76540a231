import Snapshots

/// The gallery page: one self-contained `index.html` (inline CSS and JS, images by relative path), so
/// it works from `file://` with no server. Every picture is a `.card` with `data-status`.
enum GalleryHTML {
    /// `groups`: the changes grouped by cause (`GalleryGroups.section`), first on the page.
    static func page(
        _ m: GalleryManifest, portability: [String: String] = [:], gate: SessionGate = SessionGate(),
        groups: String = ""
    ) -> String {
        var h =
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>PreviewRenderer gallery</title>\n"
        let a11y = m.cards.contains { $0.a11y != nil }
        h += "<style>\(css)\(a11y ? A11yHTML.css : "")\(groups.isEmpty ? "" : GalleryGroups.css)</style></head><body>\n"
        // State cells are not goldens: counted and filtered on their own, never as "no golden".
        let statuses = ["failed", "environmentChanged", "error", "passed", "new", GalleryCard.stateStatus]
        let counts = statuses.map { s in (s, m.cards.filter { $0.status == s }.count) }.filter { $0.1 > 0 }
        let states = m.cards.filter { $0.section == .state }.count
        h +=
            """
            <header><h1>PreviewRenderer gallery</h1><p>\(m.sessions.count) sessions, \(m.cards.count - states) \
            pictures
            """
        h += " and \(states) state cell\(states == 1 ? "" : "s"), themes: "
        h +=
            esc(m.themes.joined(separator: ", "))
            + " · renderer \(esc(m.rendererVersion)) · shard \(esc(m.shard))</p>\n<nav id=\"filters\">"
        h += "<button class=\"on\" data-filter=\"all\">all (\(m.cards.count))</button>"
        for (s, n) in counts { h += "<button data-filter=\"\(s)\">\(label(s)) (\(n))</button>" }
        h += "</nav></header>\n<main>\n" + contents(m)
        // Sessions with error diagnostics, listed first (`render gallery` exits 5 on them, `SessionGate`).
        var seen = Set<SessionDiagnostic>()
        let kept = m.cards.flatMap { $0.diagnostics ?? [] }.filter { seen.insert($0).inserted }
        h += CheckPage.diagnosticsSection(kept, gate: gate)
        // Changes by cause first: one decision per cause, as on `render check`'s review page (issue 50).
        h += groups
        for session in m.sessions {
            let cards = m.cards.filter { $0.session == session }
            h += "<section class=\"session\" id=\"s-\(esc(session))\"><h2>\(esc(session))</h2>\n"
            if let d = m.descriptions[session] { h += "<p class=\"description\">\(esc(d))</p>\n" }
            // One grid per session: columns of equal width, as many as the window holds, so cards fill
            // the row and line up whatever their captions; a snapshot's themes follow one another.
            let frames = cards.filter { $0.section == .frame }
            if !frames.isEmpty { h += "<div class=\"grid\">\n" + frames.map(frameCard).joined() + "</div>\n" }
            h += statesTable(cards.filter { $0.section == .state })
            h += portability[session] ?? ""
            h += "</section>\n"
        }
        h += "</main>\n<script>\(script)</script>\n</body></html>\n"
        return h
    }

    /// Links to every session, with how many of its cards failed or changed environment.
    static func contents(_ m: GalleryManifest) -> String {
        var h = "<nav id=\"contents\">"
        for session in m.sessions {
            let cards = m.cards.filter { $0.session == session }
            let bad = cards.filter { ["failed", "error"].contains($0.status) }.count
            h +=
                """
                <a href=\"#s-\(esc(session))\"\(bad > 0 ? " class=\"bad\"" : "")>\(esc(session)) \
                <small>\(cards.count)\(bad > 0 ? " · \(bad) to review" : "")</small></a>
                """
        }
        return h + "</nav>\n"
    }

    /// The onion-skin and slider views of a `.cmp` block (the script drives their ranges); shared by
    /// the gallery's cards and `check --html`'s review page. Lazy as every picture of both pages: the views
    /// are hidden until chosen, and eager pictures were fetched at once, all 2,000 of a 1,000-change review.
    static func overlays(expected g: String, actual a: String) -> String {
        let g = url(g)
        let a = url(a)
        var h =
            """
            <div class=\"stack onion\"><img loading=\"lazy\" src=\"\(g)\" alt=\"expected\"><img loading=\"lazy\" \
            class=\"top\" src=\"\(a)\" alt=\"actual\" style=\"opacity:.5\">
            """
        h +=
            """
            <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" class=\"opacity\" aria-label=\"actual \
            opacity\"></div>\n
            """
        h +=
            """
            <div class=\"stack slider\"><img loading=\"lazy\" src=\"\(g)\" alt=\"expected\"><img loading=\"lazy\" \
            class=\"top\" src=\"\(a)\" alt=\"actual\" style=\"clip-path:inset(0 0 0 50%)\">
            """
        h +=
            """
            <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" class=\"wipe\" aria-label=\"slider \
            position\"></div>\n
            """
        return h
    }

    static func frameCard(_ c: GalleryCard) -> String {
        let title = (c.snapshot.map { "snapshot " + $0 } ?? "final frame") + " · " + c.theme
        // The caption is cut with an ellipsis at the card's width (the whole of it in the tooltip), so a
        // long snapshot name cannot widen its card.
        var h =
            """
            <figure class=\"card \(esc(c.status))\"\(c.causes == nil ? "" : " id=\"\(GalleryGroups.anchor(c))\"") \
            data-status=\"\(esc(c.status))\"><figcaption><span class=\"name\" \
            title=\"\(esc(title))\">\(esc(title))</span>
            """
        h += " <span class=\"badge\">\(esc(label(c.status)))</span>"
        if let m = c.mismatch { h += " <span class=\"mm\">\(fmtPercent(m))</span>" }
        h += "</figcaption>\n"
        if let e = c.error { return h + "<pre class=\"err\">\(esc(e))</pre></figure>\n" }
        // With `--a11y`: the findings outlined on the current picture (its image wrapped in a `.frame`).
        let boxes = c.a11y.map(A11yHTML.boxes) ?? ""
        func actual(_ img: String) -> String { boxes.isEmpty ? img : "<span class=\"frame\">\(img)\(boxes)</span>" }
        if let g = c.golden {
            // A passing card opens on the actual picture alone (expected is the same to the eye); a failing
            // one on expected | actual. Every view is one click away on both.
            let mode = c.status == "passed" ? "single" : "side"
            func button(_ m: String, _ text: String) -> String {
                "<button data-mode=\"\(m)\"\(m == mode ? " class=\"on\"" : "")>\(text)</button>"
            }
            h +=
                "<div class=\"cmp\" data-mode=\"\(mode)\"><div class=\"modes\">" + button("single", "actual")
                + button("side", "side by side")
            h += button("onion", "onion skin") + button("slider", "slider") + "</div>\n"
            let current = "<img loading=\"lazy\" src=\"\(url(c.image))\" alt=\"actual\">"
            h += "<div class=\"single\">\(actual(current))</div>\n"
            h +=
                """
                <div class=\"side\"><div><small>expected</small><img loading=\"lazy\" src=\"\(url(g))\" \
                alt=\"expected\"></div>
                """
            h += "<div><small>actual</small>" + actual(current) + "</div></div>\n"
            h += overlays(expected: g, actual: c.image) + "</div>\n"
            if let d = c.diff { h += "<a class=\"difflink\" href=\"\(url(d))\">expected | diff | actual</a>\n" }
        } else {
            h += actual("<img loading=\"lazy\" src=\"\(url(c.image))\" alt=\"\(esc(title))\">") + "\n"
        }
        if !c.changes.isEmpty {
            h += "<ul class=\"changes\">" + c.changes.map { "<li>\(esc($0))</li>" }.joined() + "</ul>\n"
        } else if c.status == "failed" {
            h += "<p class=\"changes\">no element moved, resized, restyled or changed text</p>\n"
        }
        if let r = c.a11y { h += A11yHTML.list(r) }
        return h + "</figure>\n"
    }

    /// Rows: elements; columns: states in a fixed order; an empty cell where a state is not styled.
    static func statesTable(_ cards: [GalleryCard]) -> String {
        guard !cards.isEmpty else { return "" }
        let order = ["NORMAL", "ACTIVE", "SELECTED", "HOVER", "DISABLED"]
        let used = order.filter { s in cards.contains { $0.state == s } }
        var elements: [String] = []
        for c in cards { if let e = c.element, !elements.contains(e) { elements.append(e) } }
        var h =
            "<h3>States</h3>\n<table class=\"states\"><tr><th>element</th>" + used.map { "<th>\($0)</th>" }.joined()
            + "</tr>\n"
        for e in elements {
            h += "<tr><th>\(esc(e))</th>"
            for s in used {
                if let c = cards.first(where: { $0.element == e && $0.state == s }) {
                    h +=
                        """
                        <td><figure class=\"card state\" data-status=\"\(esc(c.status))\"><img loading=\"lazy\" \
                        src=\"\(url(c.image))\" alt=\"\(esc(e)) \(esc(s))\"></figure></td>
                        """
                } else {
                    h += "<td></td>"
                }
            }
            h += "</tr>\n"
        }
        return h + "</table>\n"
    }

    static func label(_ s: String) -> String {
        switch s {
        case "environmentChanged": return "environment changed"
        case "new": return "no golden"
        case GalleryCard.stateStatus: return "state cells"
        default: return s
        }
    }

    static func fmtPercent(_ v: Double) -> String {
        let p = (v * 100_000).rounded() / 1000
        return "\(p)%"
    }

    /// Text and attribute values (all attributes are double-quoted): the markup characters as
    /// entities, and characters HTML and XML forbid (C0 controls but tab, newline and carriage
    /// return; U+FFFE, U+FFFF) as U+FFFD, so no text from a session can close an element or an
    /// attribute, or make the page unparsable.
    static func esc(_ s: String) -> String {
        var o = ""
        o.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            case "'": o += "&#39;"
            case "\t", "\n", "\r": o.unicodeScalars.append(u)
            default:
                let forbidden = u.value < 0x20 || u.value == 0x7F || u.value == 0xFFFE || u.value == 0xFFFF
                o.unicodeScalars.append(forbidden ? "\u{FFFD}" : u)
            }
        }
        return o
    }

    /// A relative URL for `src` / `href`: every byte but unreserved characters and `/` percent-encoded,
    /// so it is a path in this folder whatever it holds (no scheme such as `javascript:`, no quote,
    /// no `?` or `#`) and needs no further escaping in an attribute.
    static func url(_ s: String) -> String {
        var o = ""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                o.unicodeScalars.append(Unicode.Scalar(b))
            default:
                o += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return o
    }

    static let css = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#222}
        header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:8px 16px;z-index:2}
        h1{font-size:18px;margin:0}header p{margin:2px 0 6px;color:#666}
        nav button,.modes button{border:1px solid #bbb;background:#fff;border-radius:4px;padding:2px 8px;\
        margin-right:4px;cursor:pointer}
        nav button.on,.modes button.on{background:#1a73e8;color:#fff;border-color:#1a73e8}
        main{padding:8px 16px}.session{margin-bottom:24px}h2{font-size:16px;border-bottom:1px solid #ccc}
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:12px;align-items:start}
        .card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px;margin:0}.grid .card{min-width:0;\
        overflow:hidden}
        .grid .card.failed,.grid .card.environmentChanged{grid-column:span 2}
        .grid .card img{max-width:100%}.description{color:#555;margin:-4px 0 8px;max-width:960px}
        .card.failed{border-color:#d93025}.card.environmentChanged{border-color:#f9ab00}\
        .card.passed{border-color:#1e8e3e}
        .card img{display:block;max-width:320px;height:auto;outline:1px solid #d8d8de}
        #contents{display:flex;flex-wrap:wrap;gap:4px 12px;margin:4px 0 12px}#contents a{color:#1a73e8;\
        text-decoration:none}
        #contents small{color:#888}#contents a.bad{color:#d93025;font-weight:600}
        figcaption{font-size:12px;margin-bottom:4px;display:flex;gap:4px;align-items:baseline;min-width:0}
        figcaption .name{flex:1 1 auto;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        figcaption .badge,figcaption .mm{flex:none}.badge{background:#eee;border-radius:3px;padding:0 4px}
        .failed .badge{background:#fce8e6}.passed .badge{background:#e6f4ea}.environmentChanged \
        .badge{background:#fef7e0}
        .side{display:flex;gap:6px}.side>div{flex:1 1 0;min-width:0}.side img{max-width:240px}.side \
        small{display:block;color:#666}
        .grid .side img{max-width:100%}.modes{display:flex;flex-wrap:wrap;gap:2px}.modes button{font-size:12px;\
        padding:1px 6px;margin:0}
        .stack{position:relative;display:none;width:fit-content}.stack img{max-width:320px}.stack img.top{\
        position:absolute;left:0;top:0}
        .grid .stack{width:auto}.grid .stack img{max-width:100%}
        .stack input{display:block;width:100%}
        .single{display:none}.cmp[data-mode=single] .single{display:block}
        .cmp[data-mode=single] .side,.cmp[data-mode=onion] .side,.cmp[data-mode=slider] .side{display:none}
        .cmp[data-mode=onion] .onion,.cmp[data-mode=slider] .slider{display:block}
        .changes{font-size:12px;max-width:480px;margin:4px 0 0;padding-left:16px;overflow-wrap:anywhere}\
        .err{color:#d93025;white-space:pre-wrap;max-width:480px}
        table.states{border-collapse:collapse}table.states td,table.states th{border:1px solid #ddd;padding:4px;\
        vertical-align:top;font-size:12px}
        table.states .card{border:0;padding:0;background:none}table.states img{max-width:200px}
        .hidden{display:none!important}
        """

    static let script = """
        document.querySelectorAll('#filters button').forEach(function(b){b.addEventListener('click',function(){
          document.querySelectorAll('#filters button').forEach(function(x){x.classList.toggle('on',x===b)});
          var f=b.getAttribute('data-filter');
          document.querySelectorAll('.grid .card').forEach(function(c){c.classList.toggle('hidden',\
        f!=='all'&&c.getAttribute('data-status')!==f)});
          document.querySelectorAll('table.states').forEach(function(t){t.classList.toggle('hidden',\
        f!=='all'&&f!=='state')});
        })});
        document.querySelectorAll('.cmp').forEach(function(cmp){
          cmp.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){
            cmp.setAttribute('data-mode',b.getAttribute('data-mode'));
            cmp.querySelectorAll('.modes button').forEach(function(x){x.classList.toggle('on',x===b)});
          })});
          var o=cmp.querySelector('.opacity'),w=cmp.querySelector('.wipe');
          o.addEventListener('input',function(){cmp.querySelector('.onion .top').style.opacity=o.value/100});
          w.addEventListener('input',function(){cmp.querySelector('.slider .top').style.clipPath='inset(0 0 0 \
        '+w.value+'%)'});
        });
        """
}

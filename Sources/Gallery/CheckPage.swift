import Foundation
import PNG
import RenderPipeline
import Snapshots

/// `render check --html DIR`: one page (works from `file://`) to review a check run. The changes
/// grouped by cause come first (`GroupsHTML`), then the failures, each with what changed in words,
/// expected and actual side by side with the changed regions
/// outlined, onion-skin and slider views, the labelled diff image, and the command that accepts it;
/// passed and recorded goldens follow, collapsed. Images are copied in by content hash, read through
/// `ReportImages` only (inside their folders, PNGs only): the report's paths are relative to them.
package enum CheckPage {
    /// Writes `dir/index.html` and `dir/img/`. Sessions with diagnostics the gate fails
    /// (`SessionGate`) are listed first, under "Sessions with errors".
    package static func write(
        _ report: CheckReport, to dir: String, images: ReportImages, gate: SessionGate = SessionGate()
    ) throws {
        let store = try ContentStore(directory: dir)
        // To review: every golden that did not pass but recorded ones (written already: look at them
        // below). A golden that passes in a new environment is among the passed, with its note.
        // With `--a11y`, a screen with new findings or an unreadable baseline is to review as well.
        let toReview = report.outcomes.filter { o in
            !o.passed && o.status != .recorded || [.failed, .warned, .invalid].contains(o.a11y?.status)
        }
        let reviewed = Set(toReview.map { $0.session + "\u{0}" + $0.name })
        let rest = report.outcomes.filter { !reviewed.contains($0.session + "\u{0}" + $0.name) }
        var h =
            """
            <!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>render check: \
            \(GalleryHTML.esc(report.summary))</title>\n
            """
        let groupsCSS = report.groups == nil ? "" : GroupsHTML.css
        let a11yCSS = report.a11y == nil ? "" : A11yHTML.css
        h += "<style>\(GalleryHTML.css)\(css)\(groupsCSS)\(a11yCSS)</style></head><body>\n"
        h +=
            """
            <header><h1>render check</h1><p>\(GalleryHTML.esc(report.summary)) · renderer \
            \(GalleryHTML.esc(report.rendererVersion)) · record mode 
            """
        h +=
            "\(report.recordMode.rawValue) · tolerance: channel difference &gt; \(report.tolerance.threshold), at most "
        h += "\(GalleryHTML.fmtPercent(report.tolerance.maxMismatch)) of pixels</p></header>\n<main>\n"
        h += diagnosticsSection(report.diagnostics, gate: gate)
        // Changes by cause first: one decision per cause, not per snapshot (issue 50).
        h += try GroupsHTML.section(report, store: store, images: images)
        h += "<h2>To review (\(toReview.count))</h2>\n"
        if toReview.isEmpty { h += "<p class=\"none\">Every golden matched.</p>\n" }
        if let all = AcceptAll.command(toReview) {
            let n = toReview.filter { $0.accept != nil }.count
            // Screens whose golden passed but whose accessibility baseline is to accept (`--a11y`).
            let b = toReview.filter { $0.accept == nil && $0.a11y?.accept != nil }.count
            let baselines = b == 0 ? "" : ", \(b) accessibility baseline\(b == 1 ? "" : "s")"
            h +=
                """
                <p class=\"accept accept-all\">Accept all shown (\(n) golden\(n == 1 ? "" : "s")\(baselines)): \
                <code>\(GalleryHTML.esc(all))</code></p>\n
                """
        }
        for o in toReview { h += try entry(o, store: store, images: images) }
        h += "<h2>Passed and recorded (\(rest.count))</h2>\n"
        for o in rest {
            h +=
                """
                <details class=\"entry \(o.status.rawValue)\"><summary>\(GalleryHTML.esc(o.name)) <span \
                class=\"badge\">\(GalleryHTML.esc(o.status.badge))</span></summary>\n
                """
            for n in o.notes { h += "<p class=\"note\">\(GalleryHTML.esc(n))</p>\n" }
            h += try self.images(o, store: store, from: images) + (o.a11y.map(A11yHTML.list) ?? "") + "</details>\n"
        }
        let groupsScript = report.groups == nil ? "" : GroupsHTML.script
        h += "</main>\n<script>\(GalleryHTML.script)\(groupsScript)</script>\n</body></html>\n"
        try AtomicFile.write(Array(h.utf8), to: dir + "/index.html")
    }

    /// "Sessions with errors (N)": one `FILE:step N: error: message` line per diagnostic, those the gate
    /// fails first (with `--allow-errors` the heading says they were let through); empty without any.
    static func diagnosticsSection(_ ds: [SessionDiagnostic], gate: SessionGate) -> String {
        guard !ds.isEmpty else { return "" }
        let failing = gate.failing(ds)
        let files = Set(ds.map(\.file)).count
        let title =
            failing.isEmpty
            ? "Diagnostics let through (--allow-errors) in \(files) session\(files == 1 ? "" : "s")"
            : "Sessions with errors (\(files)): the run fails (exit 5)"
        var h = "<h2 class=\"diagnostics\">\(GalleryHTML.esc(title))</h2>\n<ul class=\"diagnostics\">\n"
        for d in ds { h += "<li class=\"\(d.isError ? "error" : "warning")\">\(GalleryHTML.esc(d.line))</li>\n" }
        return h + "</ul>\n"
    }

    static func entry(_ o: SnapshotOutcome, store: ContentStore, images from: ReportImages) throws -> String {
        var h =
            """
            <section class=\"entry card \(o.status.rawValue)\" id=\"\(GalleryHTML.esc(o.name))\" \
            data-status=\"\(o.status.rawValue)\">
            """
        h += "<h3>\(GalleryHTML.esc(o.name)) <span class=\"badge\">\(GalleryHTML.esc(o.status.badge))</span>"
        if let m = o.mismatch { h += " <span class=\"mm\">\(GalleryHTML.fmtPercent(m)) of pixels differ</span>" }
        h += "</h3>\n<p class=\"session\">\(GalleryHTML.esc(o.session))</p>\n"
        if !o.environmentChanges.isEmpty {
            h +=
                """
                <p class=\"env\">Note: the environment changed too since the golden was recorded: \
                \(GalleryHTML.esc(o.environmentChanges.joined(separator: "; ")))</p>\n
                """
        }
        if !o.changes.isEmpty {
            h +=
                "<ul class=\"changes\">"
                + SemanticDiff.summarize(o.changes).map { "<li>\(GalleryHTML.esc($0))</li>" }.joined() + "</ul>\n"
        } else if o.status == .failed {
            h += "<p class=\"changes\">No element moved, resized, restyled or changed text (painting only).</p>\n"
        } else if !o.passed {
            // (A golden that passed is here for its accessibility findings alone: no message to show.)
            h += "<pre class=\"err\">\(GalleryHTML.esc(o.message))</pre>\n"
        }
        h += try images(o, store: store, from: from)
        if let r = o.a11y { h += A11yHTML.list(r) }
        if let a = o.accept { h += "<p class=\"accept\">Accept: <code>\(GalleryHTML.esc(a))</code></p>\n" }
        h += "<p class=\"reproduce\">Reproduce: <code>\(GalleryHTML.esc(o.reproduce))</code></p>\n</section>\n"
        return h
    }

    /// Expected and actual side by side (regions outlined), onion skin, slider and the diff image.
    static func images(_ o: SnapshotOutcome, store: ContentStore, from images: ReportImages) throws -> String {
        // A frames golden (`--ticks`) is a folder: its first differing frame is in the diff image.
        guard o.golden.hasSuffix(".png") else {
            guard let d = try images.file(o.diffImage).map({ try store.store(png: $0) }) else { return "" }
            return "<div><img loading=\"lazy\" class=\"diff\" src=\"\(d)\" alt=\"expected | diff | actual\"></div>\n"
        }
        let goldenBytes = images.golden(o)
        let golden = try goldenBytes.map { try store.store(png: $0) }
        let actual = try images.file(o.actualImage).map { try store.store(png: $0) }
        guard let g = golden else { return "" }
        // The screen's accessibility findings (`--a11y`), outlined on the current picture.
        let a11y = o.a11y.map(A11yHTML.boxes) ?? ""
        guard let a = actual else {
            guard !a11y.isEmpty else {
                return "<div class=\"single-img\"><img loading=\"lazy\" src=\"\(g)\" alt=\"golden\"></div>\n"
            }
            return
                """
                <div class=\"single-img\"><span class=\"frame\"><img loading=\"lazy\" src=\"\(g)\" \
                alt=\"golden\">\(a11y)</span></div>\n
                """
        }
        let size = goldenBytes.flatMap { PNGCodec.size(of: $0) }
        let boxes = o.regions.map { r -> String in
            guard let (w, hh) = size, w > 0, hh > 0 else { return "" }
            return
                """
                <i class=\"region\" \
                style=\"left:\(pct(r.x, w));top:\(pct(r.y, hh));width:\(pct(r.width, w));\
                height:\(pct(r.height, hh))\"></i>
                """
        }.joined()
        var h =
            """
            <div class=\"cmp\" data-mode=\"side\"><div class=\"modes\"><button data-mode=\"side\" \
            class=\"on\">side by side</button>
            """
        h += "<button data-mode=\"onion\">onion skin</button><button data-mode=\"slider\">slider</button>"
        h += "<button data-mode=\"single\">diff</button></div>\n"
        h +=
            """
            <div class=\"side\"><div><small>expected</small><span class=\"frame\"><img loading=\"lazy\" \
            src=\"\(g)\" alt=\"expected\">\(boxes)</span></div>
            """
        h +=
            """
            <div><small>actual</small><span class=\"frame\"><img loading=\"lazy\" src=\"\(a)\" \
            alt=\"actual\">\(boxes)\(a11y)</span></div></div>\n
            """
        h += GalleryHTML.overlays(expected: g, actual: a)
        if let d = try images.file(o.diffImage).map({ try store.store(png: $0) }) {
            h +=
                """
                <div class=\"single\"><img loading=\"lazy\" class=\"diff\" src=\"\(d)\" alt=\"expected | diff | \
                actual\"></div>\n
                """
        }
        return h + "</div>\n"
    }

    static func pct(_ v: Int, _ total: Int) -> String { String(format: "%.3f%%", Double(v) * 100 / Double(total)) }

    static let css = """
        h3{font-size:15px;margin:0 0 4px}.entry{margin:0 0 16px;padding:10px;content-visibility:auto;\
        contain-intrinsic-size:auto 480px}details.entry:not([open]){contain-intrinsic-size:auto 32px}
        .session{color:#666;font-size:12px;margin:0 0 6px}
        .env{background:#fef7e0;padding:4px 8px;font-size:13px}.accept code,.reproduce code{user-select:all;\
        background:#f1f3f4;padding:2px 4px}
        .accept,.reproduce{font-size:12px;margin:6px 0 0}.frame{position:relative;display:inline-block}
        .region{position:absolute;outline:2px solid #ff00ff;box-shadow:0 0 0 1px #fff}.side>div{flex:none}
        .side img{max-width:320px}img.diff{max-width:980px}details.entry{background:#fff;border:1px solid #ddd;\
        border-radius:6px}
        summary{cursor:pointer;font-size:13px}.none{color:#1e8e3e}.note{font-size:12px;color:#5f4b00;margin:4px 0}
        .accept-all{font-size:13px;background:#e8f0fe;padding:6px 8px;border-radius:4px}
        """
}

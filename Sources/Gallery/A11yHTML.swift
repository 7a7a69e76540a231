import Foundation
import Snapshots

/// The accessibility findings of one screen (`--a11y`) on the review page and in the gallery: an
/// outline on the picture per finding (new red, still present amber; resolved ones are not on this
/// picture) and the wording beside, with its state and the locator that finds the element.
enum A11yHTML {
    /// Outlines, absolutely placed in shares of the screen (the picture's `.frame` box holds them).
    static func boxes(_ r: A11yResult) -> String {
        guard r.screen.count == 2, r.screen[0] > 0, r.screen[1] > 0 else { return "" }
        return r.findings.filter { $0.state != .resolved && $0.frame.count == 4 }.map { f in
            func pct(_ v: Double, _ total: Double) -> String {
                String(format: "%.3f%%", min(100, max(0, v * 100 / total)))
            }
            return
                """
                <i class=\"a11y-box \(f.state?.rawValue ?? "new")\" title=\"\(GalleryHTML.esc(f.message))\" \
                style=\"left:\(pct(f.frame[0], r.screen[0]));top:\(pct(f.frame[1], r.screen[1]));\
                width:\(pct(f.frame[2], r.screen[0]));height:\(pct(f.frame[3], r.screen[1]))\"></i>
                """
        }.joined()
    }

    /// The wording: one line per finding, new first, and the accept command when there is one.
    static func list(_ r: A11yResult) -> String {
        var h =
            """
            <div class=\"a11y \(r.status.rawValue)\"><p class=\"a11y-head\">Accessibility: \
            \(r.count(.new)) new, \(r.count(.present)) still present, \(r.count(.resolved)) resolved \
            <span class=\"badge\">\(GalleryHTML.esc(badge(r.status)))</span></p>\n
            """
        if r.status == .invalid { h += "<pre class=\"err\">\(GalleryHTML.esc(r.message))</pre>\n" }
        if !r.findings.isEmpty {
            h += "<ul class=\"a11y-list\">"
            for f in r.findings {
                let state = f.state?.rawValue ?? "new"
                h +=
                    """
                    <li class=\"\(state)\"><span class=\"state\">\(state == "present" ? "still present" : state)\
                    </span> \(GalleryHTML.esc(f.message)) <code>\(GalleryHTML.esc(f.locator))</code></li>
                    """
            }
            h += "</ul>\n"
        }
        if let a = r.accept {
            h += "<p class=\"accept\">Accept the findings: <code>\(GalleryHTML.esc(a))</code></p>\n"
        }
        return h + "</div>\n"
    }

    static func badge(_ s: A11yResult.Status) -> String {
        switch s {
        case .passed: return "no new findings"
        case .failed: return "new findings"
        case .warned: return "new findings, reported"
        case .recorded: return "baseline recorded"
        case .invalid: return "unreadable baseline"
        }
    }

    /// Added to a page's style only when it shows findings (a page without them is as it was).
    static let css = """
        .frame{position:relative;display:inline-block}.grid .frame{display:block;width:fit-content;max-width:100%}
        .a11y-box{position:absolute;outline:2px solid #d93025;box-shadow:0 0 0 1px #fff;pointer-events:auto}\
        .a11y-box.present{outline-color:#f9ab00}
        .a11y{font-size:12px;margin:6px 0 0;max-width:640px}.a11y-head{margin:0 0 2px;font-weight:600}\
        .a11y-list{margin:0;padding-left:16px;overflow-wrap:anywhere}
        .a11y-list .state{display:inline-block;border-radius:3px;padding:0 4px;background:#eee}\
        .a11y-list .new .state{background:#fce8e6}.a11y-list .present .state{background:#fef7e0}
        .a11y-list .resolved{color:#1e8e3e}.a11y-list code{font-size:11px;color:#555}
        """
}

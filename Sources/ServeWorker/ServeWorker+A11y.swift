import Accessibility
import Foundation
import RenderPipeline
import SessionFormat
import WidgetTree

extension ServeWorkerState {
    /// The accessibility findings of the capture a state shows: the frame drawn again (from the
    /// renderer's last pixels, so mostly nothing to paint when the page just showed it) and audited as
    /// `render a11y` audits a screen. The server asks only while a page's Accessibility panel is open,
    /// on its side worker, and keeps the answer per state.
    func accessibility(_ spec: [String]) throws -> [String: Any] {
        let (rkey, r, built, diags) = try state(spec)
        guard let s = built else { return ["ok": false, "diagnostics": diags.map(Self.json)] }
        if lastRendered[rkey] != spec[1] { r.forgetLastFrame() }
        lastRendered[rkey] = spec[1]
        lastState[rkey] = nil
        let one = ReplayResult(captures: [s.capture], events: [], diagnostics: [], final: s.capture.tree)
        let audit = AccessibilityAudit(renderer: r)
        var findings: [Finding] = []
        _ = try r.renderEach(s.session, one) { frame, _ in
            findings = try audit.findings(frame, device: s.session.device)
        }
        lastState[rkey] = spec[0]
        // As `render a11y --json` writes each finding, plus the locator as the inspector prints it.
        let list: [[String: Any]] = findings.compactMap { f in
            guard var o = try? JSONSerialization.jsonObject(with: Data(f.json.utf8)) as? [String: Any] else {
                return nil
            }
            o["locatorText"] = f.locator.description
            return o
        }
        return [
            "ok": true, "findings": list,
            "guideline": [
                "side": audit.guideline.side, "unit": audit.guideline.unit, "look": audit.guideline.look,
            ],
            "diagnostics": diags.map(Self.json),
        ]
    }
}

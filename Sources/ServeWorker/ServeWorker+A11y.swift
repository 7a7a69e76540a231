import Accessibility
import Foundation
import RenderPipeline
import ServeProtocol
import SessionFormat
import WidgetTree

extension ServeWorkerState {
    /// The accessibility findings of the capture a state shows: the frame drawn again (from the
    /// renderer's last pixels, so mostly nothing to paint when the page just showed it) and audited as
    /// `render a11y` audits a screen. The server asks only while a page's Accessibility panel is open,
    /// on its side worker, and keeps the answer per state.
    func accessibility(_ spec: [String]) throws -> WorkerReply<A11yAnswer> {
        let (rkey, r, built, diags) = try state(spec)
        guard let s = built else { return Self.failed(diags) }
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
        // As `render a11y --json` writes each finding (read back, so that line stays the one definition of
        // the values), plus the locator as the inspector prints it.
        let decoder = JSONDecoder()
        let list: [A11yFinding] = findings.compactMap { f in
            guard var o = try? decoder.decode(A11yFinding.self, from: Data(f.json.utf8)) else { return nil }
            o.locatorText = f.locator.description
            return o
        }
        let g = audit.guideline
        return .ok(
            A11yAnswer(
                findings: list, guideline: A11yGuideline(side: g.side, unit: g.unit, look: g.look),
                diagnostics: diags.map(Self.json)))
    }
}

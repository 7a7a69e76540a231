import Portability
import ServeProtocol
import SessionFormat
import Styles

extension ServeWorkerState {
    /// `render portability`'s measured report for one session under a device and font scale.
    func portability(_ f: [String]) throws -> WorkerReply<PortabilityAnswer> {
        let o = try makeOptions(
            LookOptions(
                theme: f[1], themeGiven: false, device: f[2] == "session" ? nil : f[2],
                fontScale: Double(f[3]) ?? 1, fontsDir: fontsDir, fonts: nil))
        let measurer = try PortabilityMeasurer(
            fontsDirectory: o.fontsDirectory, base: ThemeLoader.load(o.theme), device: o.device, fontScale: o.fontScale)
        let session: Session
        do { session = try measurer.load(path: f[0]) } catch { return Self.failed("\(error)", code: "rejected") }
        let report = PortabilityReport.make(session, measurer: measurer)
        let findings = report.findings.map { x in
            var o = PortabilityFinding(
                step: x.step, kind: x.kind.rawValue, message: x.message, line: PortabilityReport.line(x),
                id: x.elementId ?? x.effect?.elementId)
            if let e = x.effect, e.differs {
                // Both sides, null for one that does not show the element.
                o.ios = .some(e.ios.map(Self.rect))
                o.android = .some(e.android.map(Self.rect))
            }
            return o
        }
        return .ok(PortabilityAnswer(findings: findings, summary: report.summary))
    }
}

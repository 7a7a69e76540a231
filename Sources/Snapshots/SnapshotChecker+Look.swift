import Primitives
import RenderPipeline

extension SnapshotChecker {
    /// `render check`'s verdicts on a session's goldens, writing nothing: no golden recorded, no
    /// failure image, no sidecar (a golden without one is judged on its pixels, as `check` does). A
    /// target without a golden is `missing`; a changed one has `render check`'s accept line. What
    /// `render serve`'s Groups pane groups (ServeWorker+Check.swift), with `ChangeGroup.groups` as the
    /// review page does.
    package func look(session path: String, renderer: Renderer) -> [SnapshotOutcome] {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        do {
            let (device, targets, _) = try Self.render(session: path, renderer: renderer)
            let comparison = GoldenComparison(settings: settings)
            return try targets.map { t in
                let env = SnapshotSidecar.Environment.current(
                    options: renderer.options, device: device, frame: t.frame, fonts: renderer.fonts)
                let reproduce = reproduceLine(path, renderer: renderer)
                guard
                    let j = try comparison.judge(
                        name: t.name, session: path, snapshot: t.snapshot, actual: t.frame.bitmap,
                        sidecar: SnapshotSidecar(frame: t.frame, environment: env), reproduce: reproduce)
                else {
                    let golden = settings.snapshotsDirectory + "/" + t.name + ".png"
                    return SnapshotOutcome(
                        name: t.name, session: path, snapshot: t.snapshot, status: .missing, golden: golden,
                        reproduce: reproduce, message: OutputText.line("\(t.name): no golden at \(golden)"))
                }
                var o = j.verdict
                if o.status == .failed { o.accept = acceptLine(path, name: t.name, renderer: renderer) }
                return o
            }
        } catch let e as ConfinementError {
            var o = errorOutcome(session: path, renderer: renderer, reason: "")
            o.message = OutputText.line("\(name): golden refused: \(e)")
            return [o]
        } catch {
            return [errorOutcome(session: path, renderer: renderer, reason: "\(error)")]
        }
    }
}

import Foundation
import PNG
import Primitives
import RenderPipeline
import SessionFormat
import Snapshots
import Styles
import WidgetTree

/// Renders one session in one theme into gallery cards: its final frame and named snapshots (each
/// compared with the theme's goldens when they exist), and in the primary theme the state matrix.
struct GalleryUnit {
    let renderer: Renderer
    let store: ContentStore
    let options: GalleryOptions
    /// True for the first theme: states are rendered in it only.
    let isPrimary: Bool
    /// At most this many interactive elements get a row in the state matrix (bounds the work).
    static let maxElements = 40

    func cards(session path: String) -> [GalleryCard] {
        let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
        let theme = renderer.options.theme
        do {
            let (device, targets, diagnostics) = try SnapshotChecker.render(session: path, renderer: renderer)
            var out: [GalleryCard] = []
            for t in targets {
                var card = GalleryCard(
                    session: name, section: .frame, snapshot: t.snapshot, theme: theme, state: "NORMAL",
                    element: nil, image: try store.store(t.frame.bitmap), status: "new")
                // Each theme (and `--device`) against its own goldens (Snapshots/, Snapshots/ios/,
                // Snapshots/ios-DEVICE/ ...), where they exist.
                let goldens = options.snapshotsDirectory.map {
                    SnapshotSettings.goldensDirectory(root: $0, theme: theme, device: options.device)
                }
                var judged: SnapshotOutcome?
                if let dir = goldens { judged = try compare(&card, t, goldens: dir, device: device) }
                if options.a11y {
                    // Read only: the gallery never writes a baseline (`render check --accept` does).
                    card.a11y = try A11yBaseline.check(
                        t.frame, device: device, renderer: renderer, name: t.name, screen: t.snapshot ?? "final",
                        settings: SnapshotSettings(snapshotsDirectory: goldens ?? ""), mode: .warn)
                }
                // Its causes as `render check` names them (`ChangeCause`), for the gallery's groups.
                var o = judged
                o?.a11y = card.a11y
                let causes = o.map { ChangeCause.causes(of: $0) } ?? ChangeCause.a11yCauses(card.a11y)
                card.causes = causes.isEmpty ? nil : causes
                out.append(card)
            }
            if isPrimary && options.states, let final = targets.last(where: { $0.snapshot == nil }) {
                out += try stateCards(session: path, name: name, final: final.frame)
            }
            let kept = options.gate.kept(file: path, diagnostics)
            if !kept.isEmpty && !out.isEmpty { out[0].diagnostics = kept }
            return out
        } catch {
            var c = GalleryCard(
                session: name, section: .frame, snapshot: nil, theme: theme, state: "NORMAL",
                element: nil, image: "", status: "error")
            c.error = "\(error)"
            return [c]
        }
    }

    /// Fills in the golden, diff image, status, semantic diff and causes when `NAME.png` exists in
    /// `goldens`, judged as `render check` judges it (`GoldenComparison.judge`: read inside the folder
    /// only, a golden that is a link out of it is refused, never copied in; nothing written there).
    /// Returns the verdict as `render check` would report it (nil without a golden or when it was refused).
    func compare(_ card: inout GalleryCard, _ t: SnapshotChecker.Target, goldens: String, device: Device) throws
        -> SnapshotOutcome?
    {
        var settings = SnapshotSettings(snapshotsDirectory: goldens, tolerance: options.tolerance)
        settings.fontsDirectory = renderer.options.fontsDirectory
        let env = SnapshotSidecar.Environment.current(
            options: renderer.options, device: device, frame: t.frame, fonts: renderer.fonts)
        let judged: GoldenComparison.Judgement?
        do {
            judged = try GoldenComparison(settings: settings).judge(
                name: t.name, session: card.session, snapshot: t.snapshot, actual: t.frame.bitmap,
                sidecar: SnapshotSidecar(frame: t.frame, environment: env), reproduce: "")
        } catch {
            // The card keeps its new picture; the refused golden (a link out of the folder, too large,
            // unreadable) is named, not shown.
            card.status = "error"
            card.error = "golden refused: \(error)"
            return nil
        }
        guard let j = judged else { return nil }
        let o = j.verdict
        card.golden = try store.store(png: j.goldenBytes)
        card.mismatch = o.mismatch
        if j.oldSidecar != nil {
            card.changes = o.environmentChanges.map { "environment: " + $0 } + SemanticDiff.summarize(o.changes)
        }
        guard o.status == .failed else {
            // A new environment alone passes (badged on its own); it never labels a changed picture.
            card.status = o.status == .passed ? "passed" : "environmentChanged"
            return o
        }
        card.status = "failed"
        card.diff = try store.store(
            DiffImage.labelled(
                expected: j.expected, actual: t.frame.bitmap, diff: j.diff,
                fontsDirectory: renderer.options.fontsDirectory))
        if !o.regions.isEmpty {
            card.changes.append("changed regions: " + o.regions.prefix(6).map(\.description).joined(separator: "; "))
        } else if j.diff == nil {
            card.changes.append(
                """
                size \(j.expected.width)x\(j.expected.height) -> \(t.frame.bitmap.width)x\(t.frame.bitmap.height) px
                """)
        }
        return o
    }

    /// NORMAL, ACTIVE, SELECTED (and HOVER, DISABLED where styled) of each interactive element, each
    /// painted alone (as `render --element` does) and cut to the element's frame at device scale: a
    /// cell holds that element's pixels only, never a sliver of a neighbour or of what lies under it.
    func stateCards(session path: String, name: String, final: RenderedFrame) throws -> [GalleryCard] {
        let (session, _) = try renderer.load(path: path)
        let resolver = StyleResolver(theme: renderer.theme)
        let base = final.capture.tree
        var out: [GalleryCard] = []
        for e in StateVariants.interactiveElements(base, final.layout).prefix(Self.maxElements) {
            for state in [Selector.normal] + StateVariants.states(of: e, resolver: resolver) {
                let tree = StateVariants.tree(base, element: e.id, state: state)
                let capture = Capture(
                    kind: .final, name: nil, time: final.capture.time, step: final.capture.step, tree: tree)
                let one = ReplayResult(captures: [capture], events: [], diagnostics: [], final: tree)
                var rendered: RenderedFrame?
                _ = try renderer.renderEach(session, one, isolating: e.id) { f, _ in rendered = f }
                // An element whose frame is off screen or empty in this state has no cell.
                guard let f = rendered, let crop = try? ElementCrop.crop(e.id, from: f, scale: session.device.scale)
                else { continue }
                out.append(
                    GalleryCard(
                        session: name, section: .state, snapshot: nil, theme: renderer.options.theme,
                        state: state.name, element: "\(e.kind.rawValue) \(e.id)", image: try store.store(crop),
                        status: GalleryCard.stateStatus))
            }
        }
        return out
    }
}

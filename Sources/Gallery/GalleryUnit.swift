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
                if let dir = goldens { try compare(&card, t, goldens: ConfinedFolder(dir), device: device) }
                if options.a11y {
                    // Read only: the gallery never writes a baseline (`render check --accept` does).
                    card.a11y = try A11yBaseline.check(
                        t.frame, device: device, renderer: renderer, name: t.name, screen: t.snapshot ?? "final",
                        settings: SnapshotSettings(snapshotsDirectory: goldens ?? ""), mode: .warn)
                }
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

    /// Fills in the golden, diff image, status and semantic diff when `NAME.png` exists in `goldens`
    /// (read inside it only: a golden that is a link out of the folder is refused, never copied in).
    func compare(_ card: inout GalleryCard, _ t: SnapshotChecker.Target, goldens: ConfinedFolder, device: Device)
        throws
    {
        let bytes: [UInt8]
        let oldSidecar: [UInt8]?
        do {
            guard let b = try goldens.readIfPresent(t.name + ".png") else { return }
            bytes = b
            oldSidecar = try goldens.readIfPresent(t.name + ".json")
        } catch {
            // The card keeps its new picture; the refused golden is named, not shown.
            card.status = "error"
            card.error = "golden refused: \(error)"
            return
        }
        let expected = GoldenStamp.matches(bytes, t.frame.bitmap) ? t.frame.bitmap : try PNGCodec.decode(bytes)
        card.golden = try store.store(png: bytes)
        let diff = ImageDiff.compare(expected, t.frame.bitmap, threshold: options.tolerance.threshold)
        card.mismatch = diff?.mismatch
        let env = SnapshotSidecar.Environment.current(
            options: renderer.options, device: device, frame: t.frame, fonts: renderer.fonts)
        let sidecar = SnapshotSidecar(frame: t.frame, environment: env)
        var envChanges: [String] = []
        var semantic: [ElementChange] = []
        if let old = oldSidecar.flatMap({ try? JSONDecoder().decode(SnapshotSidecar.self, from: Data($0)) }) {
            envChanges = old.environment.changes(to: env)
            semantic = SemanticDiff.changes(expected: old, actual: sidecar)
            card.changes = envChanges.map { "environment: " + $0 } + SemanticDiff.summarize(semantic)
        }
        let semanticFailure = options.tolerance.semantic && !semantic.isEmpty
        if let d = diff, d.mismatch <= options.tolerance.maxMismatch, !semanticFailure {
            // A new environment alone passes (badged on its own); it never labels a changed picture.
            card.status = envChanges.isEmpty ? "passed" : "environmentChanged"
        } else {
            card.status = "failed"
            card.diff = try store.store(
                DiffImage.labelled(
                    expected: expected, actual: t.frame.bitmap, diff: diff,
                    fontsDirectory: renderer.options.fontsDirectory))
            if let d = diff, !d.mask.isEmpty {
                let regions = ChangedRegions.boxes(mask: d.mask, width: d.width, height: d.height)
                card.changes.append("changed regions: " + regions.prefix(6).map(\.description).joined(separator: "; "))
            } else if diff == nil {
                card.changes.append(
                    "size \(expected.width)x\(expected.height) -> \(t.frame.bitmap.width)x\(t.frame.bitmap.height) px")
            }
        }
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

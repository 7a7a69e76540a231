import Layout
import Primitives
import RenderPipeline
import SessionFormat
import TextLayout
import WidgetTree

/// The large-text pass of `render a11y`: each screen's tree laid out again (style resolution and
/// layout, nothing painted or rasterized) at each of `LargeTextCheck.scales` above the renderer's own
/// font scale, with text engines kept between screens so shaped text is reused.
final class LargeTextPass {
    private var engines: [(scale: Double, recorder: UncutRecorder)] = []
    /// The font library the engines were made for (a session's own fonts folder makes a new one).
    private var fonts: FontLibrary?
    /// Screens laid out again and second layouts made, for tests that count work.
    private(set) var screens = 0
    private(set) var layouts = 0

    /// The problem of each element of `frame` with one, in `ids` order (at most one per element:
    /// at the smallest scale where one of its texts is cut or overflows).
    func problems(_ frame: RenderedFrame, ids: [Int], renderer: Renderer, device: Device) -> [(
        id: Int, problem: (tail: String, measured: Double, needed: Double)
    )] {
        if fonts !== renderer.fonts || engines.isEmpty {
            fonts = renderer.fonts
            engines = LargeTextCheck.scales.filter { $0 > renderer.options.fontScale }.map {
                ($0, UncutRecorder(engine: TextEngine(fonts: renderer.fonts, fontScale: $0)))
            }
        }
        screens += 1
        var found: [Int: (tail: String, measured: Double, needed: Double)] = [:]
        var open = Set(ids)
        for (scale, recorder) in engines where !open.isEmpty {
            let engine = LayoutEngine(theme: renderer.theme, sharedResolverWith: recorder, images: frame.images)
            let scaled = engine.layout(frame.capture.tree, device: device)
            layouts += 1
            let check = LargeTextCheck(
                layout: frame.layout, scaled: scaled, scale: scale, uncut: recorder.take(),
                screenWidth: device.width)
            recorder.engine.endFrame()  // text only this screen used does not pile up
            for id in ids where open.contains(id) {
                guard let p = check.problem(id) else { continue }
                found[id] = p
                open.remove(id)
            }
        }
        return ids.compactMap { id in found[id].map { (id, $0) } }
    }
}

extension AccessibilityAudit {
    /// The elements of a screen a finger can reach, in paint order: the ones whose texts are checked.
    static func reachable(_ map: HitMap) -> [Int] {
        map.entries.filter { if case .reachable = map.reach($0.id) { true } else { false } }.map(\.id)
    }

    /// The large-text pass alone on one screen: how many elements have a problem (the bench times it
    /// beside the pixel checks; `findings` words them). 0 when the pass is off.
    package func largeTextProblems(_ frame: RenderedFrame, device: Device) -> Int {
        guard let pass = largeTextPass else { return 0 }
        let map = frame.layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
        return pass.problems(frame, ids: Self.reachable(map), renderer: renderer, device: device).count
    }
}

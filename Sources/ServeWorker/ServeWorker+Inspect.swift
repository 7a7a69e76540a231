import Primitives
import RenderPipeline
import ServeProtocol
import SessionFormat
import WidgetTree

/// The inspector's answers (`InspectAnswer`, `LocatorsAnswer`) and a frame's tree (`TreeEntry`), from a
/// state's inspection: the engine's hit map (semantics.md item 39) and `render inspect --point`'s text.
extension ServeWorkerState {
    /// The elements in paint order with their parent, frame in dp, text and reach. Not their locators:
    /// finding the plainest locator of every element took most of a frame's time on the bench screen
    /// (about 100 ms of CPU against 30 for the whole render); an inspected element's comes with its answer.
    static func tree(_ inspection: Inspection) -> [TreeEntry] {
        let resolver = LocatorResolver(tree: inspection.tree, map: inspection.map)
        return inspection.map.entries.map { e in
            var o = TreeEntry(
                id: e.id, kind: e.kind.rawValue, frame: rect(e.frame), text: resolver.text(e.id), parent: e.parent,
                visible: e.visible.map(rect), barButtons: barButtons(e.id, inspection), reachable: true)
            if case .reachable = inspection.map.reach(e.id) { return o }
            o.reachable = false
            o.why = ReachText.reason(inspection.map.reach(e.id), e.id, tree: inspection.tree, map: inspection.map)
            return o
        }
    }

    static func rect(_ r: Rect) -> AnswerRect { [r.x, r.y, r.width, r.height] }

    /// A state with its inspection: made from the state's capture when no frame of it was drawn yet.
    func inspected(_ spec: [String]) throws -> (Inspection?, [Diagnostic]) {
        let (_, r, built, diags) = try state(spec)
        guard var s = built else { return (nil, diags) }
        if let i = s.inspection { return (i, diags) }
        let i = r.inspection(of: s.capture, session: s.session)
        s.inspection = i
        states.keep(s, for: spec[0])
        return (i, diags)
    }

    func hit(_ spec: [String], _ p: Point) throws -> WorkerReply<InspectAnswer> {
        let (built, diags) = try inspected(spec)
        guard let s = built else { return Self.failed(diags) }
        switch s.map.touch(at: p) {
        case .element(let id): return .ok(Self.describe(id, s, at: p))
        case .nothing: return .ok(InspectAnswer(touch: "nothing", lines: [s.point(p)]))
        case .blocked(let by): return .ok(InspectAnswer(touch: "blocked", by: by, lines: [s.point(p)]))
        case .scrim(let d): return .ok(InspectAnswer(touch: "scrim", by: d, lines: [s.point(p)]))
        case .browser(let close):
            return .ok(InspectAnswer(touch: close ? "browser-close" : "browser", lines: [s.point(p)]))
        }
    }

    /// The plainest locator of every reachable element of a state: asked for only while the live page
    /// records (each recorded input names its element so), not with every frame (it costs more than the
    /// frame on a large screen).
    func locators(_ spec: [String]) throws -> WorkerReply<LocatorsAnswer> {
        let (built, diags) = try inspected(spec)
        guard let s = built else { return Self.failed(diags) }
        let resolver = LocatorResolver(tree: s.tree, map: s.map)
        var out: [ElementLocator] = []
        for e in s.map.entries {
            guard case .reachable = s.map.reach(e.id) else { continue }
            out.append(ElementLocator(id: e.id, locator: resolver.plainestLocator(e).description))
        }
        return .ok(LocatorsAnswer(locators: out))
    }

    /// An element picked in the tree: `render inspect`'s text at a point of it that a touch
    /// reaches (the element itself or one inside it, whose ancestors it is among).
    func element(_ spec: [String], _ id: Int) throws -> WorkerReply<InspectAnswer> {
        let (built, diags) = try inspected(spec)
        guard let s = built else { return Self.failed(diags) }
        guard let entry = s.map.entry(id) else { return Self.failed("no element \(id) on this frame") }
        let area = entry.visible ?? entry.frame
        for fy in [0.5, 0.25, 0.75, 0.1, 0.9] {
            for fx in [0.5, 0.25, 0.75, 0.1, 0.9] {
                let p = Point(x: area.x + area.width * fx, y: area.y + area.height * fy)
                if case .element(let hit) = s.map.touch(at: p),
                    hit == id || s.map.isInside(hit, id)
                {
                    return .ok(Self.describe(id, s, at: p))
                }
            }
        }
        return .ok(Self.describe(id, s, at: nil))
    }

    /// The element's own facts and its block of `render inspect --point` (resolved style and sources).
    static func describe(_ id: Int, _ s: Inspection, at p: Point?) -> InspectAnswer {
        let resolver = LocatorResolver(tree: s.tree, map: s.map)
        var o = InspectAnswer(touch: "element", id: id, text: resolver.text(id), lines: [])
        if let e = s.map.entry(id) {
            o.kind = e.kind.rawValue
            o.frame = rect(e.frame)
            if case .reachable = s.map.reach(id) { o.locator = resolver.plainestLocator(e).description }
        }
        if let p {
            o.point = [p.x, p.y]
            // Only its own block: `render inspect --point` describes every ancestor too, and the
            // resolved style with sources of each was most of a hover's time.
            o.lines = s.describe(id, indent: "")
        } else {
            o.lines = [
                "no point of \(resolver.describe([id])) takes a touch: "
                    + ReachText.reason(s.map.reach(id), id, tree: s.tree, map: s.map)
            ]
        }
        return o
    }
}

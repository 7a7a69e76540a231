import JSON
import Layout
import Primitives
import SessionFormat
import Styles
import WidgetTree

/// `render inspect`: what is at a point of a frame (the element a touch there reaches and its
/// ancestors, with their resolved style and where each value came from) and the tree a user can
/// reach, each element with the locator that finds it (semantics.md items 39 and 43).
package struct Inspection {
    package let tree: WidgetTree
    package let layout: LayoutResult
    package let map: HitMap
    /// Resolves each inspected element's style again with where each value came from (only here:
    /// rendering records no provenance).
    let resolver: StyleResolver?
    /// Per element, per selector: the step that last set each `StyleDeclarations` field. Worked out on
    /// the first style asked for, not here: reading every SET_STYLE step again took 60 ms of the live
    /// page's 66 ms per frame on the bench screen, and a frame needs only the hit map.
    var styleSteps: [Int: [Selector: [String: Int]]] { stepsMemo.value }
    private let stepsMemo: StyleStepsMemo

    package init(tree: WidgetTree, layout: LayoutResult, device: Device) {
        self.init(tree: tree, layout: layout, device: device, resolver: nil, steps: [])
    }

    /// An inspection that names the session step behind each declared value: `steps` are the
    /// session's steps up to the inspected frame.
    package init(tree: WidgetTree, layout: LayoutResult, device: Device, resolver: StyleResolver?, steps: [Step]) {
        self.tree = tree
        self.layout = layout
        self.resolver = resolver
        stepsMemo = StyleStepsMemo { resolver.map { Self.styleSteps(steps, profile: $0.looks.profile) } ?? [:] }
        map = layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
    }

    /// The element at `p` and its ancestors, one block each.
    package func point(_ p: Point) -> String {
        let at = "\(fmt(p.x)),\(fmt(p.y))"
        switch map.touch(at: p) {
        case .nothing: return "point \(at): nothing there takes a touch\n"
        case .blocked(let by): return "point \(at): outside \(label(by))'s panel, which takes the touch\n"
        case .scrim(let d): return "point \(at): the scrim of open drawer \(d) (a tap closes it)\n"
        case .browser(true): return "point \(at): the in-app browser's close control (a tap closes it)\n"
        case .browser(false): return "point \(at): the in-app browser's page (web content is not rendered)\n"
        case .element(let id):
            var lines = ["point \(at) reaches \(label(id))"]
            var cur: Int? = id
            var depth = 0
            while let c = cur, depth < ReplayOptions.maxTreeDepth {
                lines += describe(c, indent: String(repeating: "  ", count: depth))
                cur = tree.elements[c]?.parent
                depth += 1
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The reachable elements in paint order, indented by depth, each with a locator that finds it.
    package func reachableTree() -> String {
        let resolver = LocatorResolver(tree: tree, map: map)
        var lines: [String] = []
        var depth: [Int: Int] = [:]
        for e in map.entries {
            let d = e.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? 0
            depth[e.id] = d
            guard case .reachable = map.reach(e.id) else { continue }
            let locator = resolver.plainestLocator(e)
            lines.append("\(String(repeating: "  ", count: d))\(resolver.describe([e.id]))  \(locator.description)")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    func label(_ id: Int) -> String { ReachText.label(id, tree) }

    /// `button 12 "Save" at 16,80 328x48`, then its resolved style, each value with its source.
    package func describe(_ id: Int, indent: String) -> [String] {
        guard let el = tree.elements[id] else { return ["\(indent)element \(id)"] }
        let text = el.text.isEmpty ? "" : " \(JSONWriter.quote(el.text))"
        let frame = layout[id].map { " at \($0.frame)" } ?? " (not laid out)"
        var lines = ["\(indent)\(el.kind.rawValue) \(id)\(text)\(frame)"]
        for e in style(id) { lines.append("\(indent)  \(e.key): \(e.value) (\(Self.words(e.source)))") }
        return lines
    }

    /// The element's resolved style and looks with the source of each value; empty when it was
    /// not laid out. The cascade (semantics.md section 2): theme < NORMAL < SELECTED < ACTIVE.
    package func style(_ id: Int) -> [StyleProvenance.Entry] {
        guard let el = tree.elements[id], let laidOut = layout[id] else { return [] }
        guard let resolver else {
            return Mirror(reflecting: laidOut.style).children.compactMap { c in
                c.label.map { StyleProvenance.Entry(key: $0, value: StyleProvenance.show(c.value), source: .builtIn) }
            }
        }
        return resolver.provenance(
            kind: el.kind, styles: el.styles, pressed: el.isPressed, selected: el.isSelected,
            steps: styleSteps[id] ?? [:]
        ).entries
    }

    static func words(_ s: StyleSource) -> String {
        switch s {
        case .session(let step?, let selector): return "\(selector.name), step \(step)"
        case .session(nil, let selector): return selector.name
        case .theme(let key): return "theme: \(key)"
        case .builtIn: return "default"
        }
    }

    /// The element at `p` and its ancestors as JSON: `{"point": [x, y], "reaches": id or null,
    /// "elements": [{"id", "kind", "text", "frame": [x, y, w, h], "style": {key: {"value",
    /// "source"}}}]}`, the source being `{"session": step, "selector": "NORMAL"}` (step null when
    /// unknown), `{"theme": key}` or `{"default": true}`.
    package func pointJSON(_ p: Point) -> String {
        var ids: [Int] = []
        if case .element(let id) = map.touch(at: p) {
            var cur: Int? = id
            while let c = cur, ids.count < ReplayOptions.maxTreeDepth {
                ids.append(c)
                cur = tree.elements[c]?.parent
            }
        }
        let elements = ids.map(elementJSON).joined(separator: ",")
        let reaches = ids.first.map(String.init) ?? "null"
        return "{\"point\":[\(fmt(p.x)),\(fmt(p.y))],\"reaches\":\(reaches),\"elements\":[\(elements)]}\n"
    }

    /// One element as JSON (see `pointJSON`).
    package func elementJSON(_ id: Int) -> String {
        let kind = tree.elements[id]?.kind.rawValue ?? ""
        let text = tree.elements[id]?.text ?? ""
        let frame = layout[id].map { f in
            "[\([f.frame.x, f.frame.y, f.frame.width, f.frame.height].map(fmt).joined(separator: ","))]"
        }
        let style = self.style(id).map { e in
            "\(JSONWriter.quote(e.key)):{\"value\":\(JSONWriter.quote(e.value)),\"source\":\(Self.json(e.source))}"
        }
        return "{\"id\":\(id),\"kind\":\(JSONWriter.quote(kind)),\"text\":\(JSONWriter.quote(text)),"
            + "\"frame\":\(frame ?? "null"),\"style\":{\(style.joined(separator: ","))}}"
    }

    static func json(_ s: StyleSource) -> String {
        switch s {
        case .session(let step, let selector):
            return "{\"session\":\(step.map(String.init) ?? "null"),\"selector\":\(JSONWriter.quote(selector.name))}"
        case .theme(let key): return "{\"theme\":\(JSONWriter.quote(key))}"
        case .builtIn: return "{\"default\":true}"
        }
    }

    /// Which step last set each declaration field of each element, per selector: the session's
    /// SET_STYLE steps read again with the replay's platform rules (a re-created id starts over).
    static func styleSteps(_ steps: [Step], profile: PlatformProfile) -> [Int: [Selector: [String: Int]]] {
        var out: [Int: [Selector: [String: Int]]] = [:]
        // The fields one declaration sets, by its selector, key and value: a session repeats the same
        // few declarations, and reading a declaration's fields (by reflection) was most of the cost.
        var fieldsOf: [String: Set<String>] = [:]
        func visit(_ step: Step, index: Int) {
            switch step.kind {
            case .batch(let inner): for s in inner { visit(s, index: index) }
            case .command(let c) where c.type == .SET_STYLE:
                guard let selector = c.selector ?? Selector(rawValue: c.value) else { return }
                let memo = "\(selector.name)\u{1}\(c.textValue)\u{1}\(c.textValue2)"
                let fields: Set<String>
                if let known = fieldsOf[memo] {
                    fields = known
                } else {
                    guard
                        let effect = try? StyleParser.effect(
                            key: c.textValue, value: c.textValue2, profile: profile, selector: selector)
                    else {
                        fieldsOf[memo] = []
                        return
                    }
                    var d = StyleDeclarations()
                    effect.apply(to: &d)
                    fields = StyleProvenance.fields(of: d)
                    fieldsOf[memo] = fields
                }
                for field in fields {
                    out[c.internalId, default: [:]][selector, default: [:]][field] = index
                }
            case .command(let c) where "\(c.type)".hasPrefix("CREATE_"):
                out[c.childInternalId] = nil
            default: break
            }
        }
        for s in steps { visit(s, index: s.index) }
        return out
    }
}

/// `Inspection.styleSteps`, made once when first read (an inspection is shared by value; the memo is not).
final class StyleStepsMemo {
    private let make: () -> [Int: [Selector: [String: Int]]]
    private(set) lazy var value = make()
    init(_ make: @escaping () -> [Int: [Selector: [String: Int]]]) { self.make = make }
}

extension Renderer {
    /// The frame of a capture for `render inspect`: its tree laid out on the session's device.
    package func inspection(of capture: Capture, session: Session) -> Inspection {
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: looks.assetDensity)
        let (layout, _) = layOut(capture.tree, resources: resources, device: session.device)
        return inspection(of: capture, layout: layout, session: session)
    }

    /// The inspection of a frame this renderer has drawn, on the layout it drew (the live page's
    /// worker: no second layout per frame).
    package func inspection(of frame: RenderedFrame, session: Session) -> Inspection {
        inspection(of: frame.capture, layout: frame.layout, session: session)
    }

    func inspection(of capture: Capture, layout: LayoutResult, session: Session) -> Inspection {
        Inspection(
            tree: capture.tree, layout: layout, device: session.device, resolver: StyleResolver.shared(for: theme),
            steps: session.steps.filter { $0.index <= capture.step })
    }
}

/// A capture, named for modules that do not import WidgetTree (the CLI).
package typealias RenderedCapture = Capture

import Layout
import Primitives
import SessionFormat
import Styles
import WidgetTree

/// `render inspect`: what is at a point of a frame (the element a touch there reaches and its
/// ancestors, with their resolved style and where each value came from) and the tree a user can
/// reach, each element with the locator that finds it (semantics.md items 39 and 43).
public struct Inspection {
    public let tree: WidgetTree
    public let layout: LayoutResult
    public let map: HitMap

    public init(tree: WidgetTree, layout: LayoutResult, device: Device) {
        self.tree = tree
        self.layout = layout
        map = layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
    }

    /// The element at `p` and its ancestors, one block each.
    public func point(_ p: Point) -> String {
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
    public func reachableTree() -> String {
        let resolver = LocatorResolver(tree: tree, map: map)
        var lines: [String] = []
        var depth: [Int: Int] = [:]
        for e in map.entries {
            let d = e.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? 0
            depth[e.id] = d
            guard case .reachable = map.reach(e.id) else { continue }
            let locator = bestLocator(e, resolver)
            lines.append("\(String(repeating: "  ", count: d))\(resolver.describe([e.id]))  \(locator.description)")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The plainest locator that finds the element: its text, else its kind and index, else its id.
    func bestLocator(_ e: HitMap.Entry, _ resolver: LocatorResolver) -> Locator {
        let text = resolver.text(e.id)
        if !text.isEmpty {
            if resolver.resolve(Locator(text: text)) == .found(e.id) { return Locator(text: text) }
            let typed = Locator(text: text, kind: e.kind)
            if resolver.resolve(typed) == .found(e.id) { return typed }
        }
        for i in 0..<64 {
            switch resolver.resolve(Locator(kind: e.kind, index: i)) {
            case .found(e.id): return Locator(kind: e.kind, index: i)
            case .found: continue
            case .failed: return Locator(id: e.id)
            }
        }
        return Locator(id: e.id)
    }

    func label(_ id: Int) -> String { ReachText.label(id, tree) }

    /// `button 12 "Save" at 16,80 328x48`, then its resolved style, each value with its source.
    func describe(_ id: Int, indent: String) -> [String] {
        guard let el = tree.elements[id] else { return ["\(indent)element \(id)"] }
        let text = el.text.isEmpty ? "" : " \(JSONWriter.quote(el.text))"
        let frame = layout[id].map { " at \($0.frame)" } ?? " (not laid out)"
        var lines = ["\(indent)\(el.kind.rawValue) \(id)\(text)\(frame)"]
        guard let style = layout[id]?.style else { return lines }
        // The cascade (semantics.md section 2): theme < NORMAL < SELECTED < ACTIVE (pressed).
        var layers: [(String, StyleDeclarations)] = []
        if el.isPressed, let d = el.styles[.active] { layers.append(("ACTIVE", d)) }
        if el.isSelected, let d = el.styles[.selected] { layers.append(("SELECTED", d)) }
        if let d = el.styles[.normal] { layers.append(("NORMAL", d)) }
        let declared = layers.map { ($0.0, Self.setFields($0.1)) }
        for child in Mirror(reflecting: style).children {
            guard let name = child.label else { continue }
            let source = declared.first { $0.1.contains(name) }?.0 ?? "theme or default"
            lines.append("\(indent)  \(name): \(Self.show(child.value)) (\(source))")
        }
        return lines
    }

    /// The declaration fields a session set (an optional with a value, or a struct holding one).
    static func setFields(_ d: StyleDeclarations) -> Set<String> {
        Set(Mirror(reflecting: d).children.compactMap { c in c.label.flatMap { isSet(c.value) ? $0 : nil } })
    }

    static func isSet(_ v: Any) -> Bool {
        let m = Mirror(reflecting: v)
        switch m.displayStyle {
        case .optional: return !m.children.isEmpty
        case .struct: return m.children.contains { isSet($0.value) }
        default: return true
        }
    }

    static func show(_ v: Any) -> String {
        let m = Mirror(reflecting: v)
        if m.displayStyle == .optional { return m.children.first.map { show($0.value) } ?? "none" }
        if let d = v as? Double { return fmt(d) }
        // Sides and corners: their numbers in order (top right bottom left; from the top-left corner).
        let numbers = m.children.compactMap { $0.value as? Double }
        if m.displayStyle == .struct, !numbers.isEmpty, numbers.count == m.children.count {
            return numbers.map(fmt).joined(separator: " ")
        }
        return String(describing: v)
    }
}

extension Renderer {
    /// The frame of a capture for `render inspect`: its tree laid out on the session's device.
    public func inspection(of capture: Capture, session: Session) -> Inspection {
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: theme.assetDensity)
        let (layout, _) = layOut(capture.tree, resources: resources, device: session.device)
        return Inspection(tree: capture.tree, layout: layout, device: session.device)
    }
}

/// A capture, named for modules that do not import WidgetTree (the CLI).
public typealias RenderedCapture = Capture

import Layout
import Primitives
import SessionFormat
import WidgetTree

/// Touches by point and by locator, and what is where (semantics.md items 39 and 43): the same
/// engine rule as session steps, so a call here and the step in a file reach the same element.
extension HeadlessBackend {
    /// A tap at a point (dp): the element a finger there reaches, or its nearest ancestor that
    /// takes taps; on an open drawer's scrim it closes the drawer.
    public func tap(at p: Point) { touch(.tap, at: p) }
    /// Pressed at a point (the element under it gets it, as a finger would).
    public func press(at p: Point) { touch(.press, at: p) }
    /// Released where it was pressed, whatever the point (the pressed element gets it).
    public func release(at p: Point) { touch(.release, at: p) }
    /// Scrolls the scroll container under the point to `offset` dp.
    public func scroll(at p: Point, to offset: Int) {
        submit(
            .input(.scroll, internalId: InputAddress.unresolvedId, value: offset, text: ""),
            address: .point(x: p.x, y: p.y))
    }

    /// The same steps naming their element by a locator (resolved now, among reachable elements).
    public func tap(_ target: Locator, barButton: String = "") { act(.tap, target, text: barButton) }
    public func press(_ target: Locator) { act(.press, target) }
    public func release(_ target: Locator) { act(.release, target) }
    public func select(_ target: Locator, _ selected: Bool = true) { act(.select, target, value: selected ? 1 : 0) }
    public func scroll(_ target: Locator, to offset: Int) { act(.scroll, target, value: offset) }
    public func input(_ target: Locator, _ text: String) { act(.input, target, text: text) }

    /// Applies a decoded input step (a session file's or a script's, `internalId`, `target` or
    /// point) as the next step: the C library's `pr_input_step` and the headless platform use it.
    package func apply(input step: Step) {
        guard case .input = step.kind else { return }
        submit(step.kind, address: step.address)
    }

    /// Whether the last input call reached its element (false: `message` says why).
    public var lastInput: InputOutcome? { engineLastInput }

    /// Where touches land on the current frame.
    public func hitMap() -> HitMap {
        boot()
        let (layout, _) = currentLayout()
        return layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
    }

    /// The element a touch at `p` (dp) would reach now (nil: nothing, or an overlay's panel takes it).
    public func element(at p: Point) -> Int? {
        if case .element(let id) = hitMap().touch(at: p) { return id }
        return nil
    }

    /// The element `locator` finds now, or why it finds none or several.
    public func find(_ locator: Locator) -> LocatorResolver.Outcome {
        LocatorResolver(tree: tree, map: hitMap()).resolve(locator)
    }

    private func touch(_ kind: InputKind, at p: Point) {
        submit(.input(kind, internalId: InputAddress.unresolvedId, value: 0, text: ""), address: .point(x: p.x, y: p.y))
    }

    private func act(_ kind: InputKind, _ target: Locator, value: Int = 0, text: String = "") {
        submit(.input(kind, internalId: InputAddress.unresolvedId, value: value, text: text), address: .target(target))
    }

    /// The step as a recording keeps it: a target or point with the id it resolved to (on replay
    /// the id wins). A touch that found no element (a scrim, nothing) stays unresolved.
    static func resolved(_ step: Step, _ outcome: InputOutcome?) -> Step {
        guard step.address != nil, case .input(let k, let id, let value, let text) = step.kind,
            id == InputAddress.unresolvedId, let element = outcome?.element
        else { return step }
        var s = step
        s.kind = .input(k, internalId: element, value: value, text: text)
        return s
    }
}

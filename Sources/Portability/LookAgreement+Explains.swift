import SessionFormat
import WidgetTree

/// Which findings explain which differences (docs/decisions/2026-11-28-portability-agreement.md).
/// A finding explains a difference at a capture when it comes at or before the capture's step and
/// - shown, text, icon, image: its kind can change that (`contentReach`) and it names the element,
///   or, for kinds that reach a subtree, an ancestor of it (in either look's tree) or the page view
///   a navigation tap turns; a kind that only moves or resizes boxes explains a text difference
///   only when the same texts show, one cut shorter;
/// - frame: it can move or resize elements (`PortabilityKind.affectsLayout`, or a navigation tap)
///   and names an element in the same top-level branch (view, bar, drawer, overlay); a finding on
///   a bar, or a bar dropped at a view switch, changes the content area: any frame;
/// - toast: it is a `toast-duration` finding;
/// - anything: it ended an Android batch early (`lone-border`, `non-integer-weight` inside a batch:
///   the rest of the batch never runs there).
/// Findings about events only (timer interval and target, click values) explain nothing shown.
extension LookAgreement {
    static func explains(_ f: PortabilityFinding, _ d: LookDifference) -> Bool {
        guard f.step <= d.step, ![.timerInterval, .timerTarget, .clickValue].contains(f.kind) else { return false }
        if [.loneBorder, .nonIntegerWeight].contains(f.kind), f.path.contains(".steps[") { return true }
        let trees = [d.iosTree, d.androidTree]
        switch d.aspect {
        case .captures: return false
        case .toast: return f.kind == .toastDuration
        case .frame:
            guard f.kind.affectsLayout || f.kind == .navigationTap, let e = d.elementId else { return false }
            if f.kind == .appBarDropped { return true }
            return [f.elementId, f.alsoAffects].compactMap { $0 }.contains { id in
                trees.contains { t in
                    let k = t.elements[id]?.kind
                    return k == .actionBar || k == .navigationBar || k == .searchBar
                        || (t.elements[id] != nil && branch(id, t) == branch(e, t))
                }
            }
        case .shown, .text, .icon, .image:
            guard let e = d.elementId, let reach = contentReach(f.kind, d.aspect) else { return false }
            if reach == .cutInSubtree, !d.textCut { return false }
            let ids = [f.elementId, f.alsoAffects].compactMap { $0 }
            return ids.contains { id in
                id == e || (reach != .element && trees.contains { $0.elements[e] != nil && $0.isAncestor(id, of: e) })
            }
        }
    }

    enum Reach {
        case element, subtree
        /// Only a text cut shorter (`LookDifference.textCut`), in the subtree.
        case cutInSubtree
    }

    /// Whether a kind of finding can change that aspect of what an element shows, and how far: the
    /// element alone, or its subtree. Nil: it cannot.
    static func contentReach(_ kind: PortabilityKind, _ aspect: LookDifference.Aspect) -> Reach? {
        switch (kind, aspect) {
        // Created on one backend only, ignored, hidden, dropped, or a page turned: the whole subtree.
        case (.unsupportedWidget, .shown), (.visibilityIgnored, .shown), (.appBarDropped, .shown),
            (.navigationTap, .shown):
            return .subtree
        case (.ignoredCommand, _): return .subtree
        // The element's own text as each backend reads it.
        case (.markdown, .text), (.textFieldFlags, .text), (.actionBarTitle, .text), (.switchLabels, .text):
            return .element
        // A style one backend does not apply or reads otherwise: the element's own text, icon or image.
        case (.selectorDropped, _), (.normalOnlyKey, _), (.ignoredKey, _), (.iosColour, _), (.androidColour, _):
            return aspect == .shown ? nil : .element
        case (.iconDensity, .icon): return .element
        // A box of another size can cut a text inside it (max-lines, height), no more: `textCut`.
        case (_, .text) where kind.affectsLayout: return .cutInSubtree
        default: return nil
        }
    }

    /// The element's top-level ancestor: the child of the application it is under (itself when it is one).
    static func branch(_ id: Int, _ tree: WidgetTree) -> Int? {
        var cur = id
        for _ in 0..<ReplayOptions.maxTreeDepth {
            guard let p = tree.elements[cur]?.parent, let pe = tree.elements[p], pe.kind != .application else {
                return tree.elements[cur] != nil ? cur : nil
            }
            cur = p
        }
        return nil
    }
}

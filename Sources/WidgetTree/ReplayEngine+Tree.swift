import Primitives
import SessionFormat

/// Commands that build and reshape the tree: CREATE_*, DELETE_ELEMENT, REMOVE_CHILD, REORDER_CHILD,
/// and the view switch (semantics.md section 1).
extension ReplayEngine {
    mutating func create(_ kind: WidgetKind, _ c: Command) {
        let id = c.childInternalId
        let parentId = c.internalId
        if tree.contains(id) {
            fail("duplicate-id", "\(c.type.name): element \(id) already exists (\(label(id))); skipped")
            return
        }
        if tree.elements.count >= ReplayOptions.maxElements {
            fail(
                "too-many-elements",
                """
                \(c.type.name): more than \(ReplayOptions.maxElements) elements alive; element \(id) is not \
                created (see docs/limits.md)
                """
            )
            return
        }
        var e = Element(id: id, kind: kind, parent: nil)
        e.text = c.textValue
        e.text2 = c.textValue2
        e.value = c.value
        e.flags = c.flags
        e.createdAt = now
        e.createdStep = stepIndex
        switch kind {
        case .navigationView:
            e.isVisible = false  // a drawer starts closed; SET_VISIBILITY 1 or the menu button opens it
        case .imageView:
            if !c.textValue.isEmpty {
                let url = ImageURL(url: c.textValue, width: c.width, height: c.height)
                if url.isRemote { e.imageURLs = [url] } else { e.content = .asset(c.textValue) }
            }
        case .switchControl, .checkbox:
            e.value = c.value != 0 ? 1 : 0
        case .linearLayout:
            e.value = platformDirection(c.value)
        case .pageControl:
            e.value = pageCount(c.value, c.type.name)
        default: break
        }
        if options.platform.unsupportedKinds.contains(kind) {
            // Kept (later commands on it are no errors) but never shown and taking no space.
            e.isPlatformAbsent = true
            e.isVisible = false
            warn(
                "portability",
                "\(c.type.name): \(options.platform.displayName) has no \(kind.rawValue); element \(id) is not shown")
        }
        deletedAt[id] = nil
        tree.elements[id] = e
        if (kind == .flipperLayout || kind == .pager) && pageViewId == nil { pageViewId = id }

        if kind == .application {
            if tree.rootId == nil {
                tree.rootId = id
            } else {
                fail(
                    "duplicate-application",
                    "CREATE_APPLICATION: the application is already \(tree.rootId!); element \(id) is kept detached")
            }
        } else if parentId == id {
            fail("cycle", "\(c.type.name): element \(id) cannot be its own parent; it is kept detached")
        } else if !tree.contains(parentId) {
            let why = deletedAt[parentId].map { "was deleted at step \($0)" } ?? "does not exist"
            warn(
                "unknown-element",
                "\(c.type.name): parent \(parentId) \(why); element \(id) is created detached (not shown)")
        } else {
            tree.attach(id, to: parentId)
            warnIfTooDeep(id, c)
        }

        switch kind {
        case .frameView:
            // Exactly one FrameView is active: the first one created (until a switch).
            if tree.activeViewId == nil { tree.activeViewId = id }
        case .navigationView, .dialog, .alertDialog, .actionSheet:
            tree.overlayIds.append(id)
        default: break
        }
    }

    /// One `tree-too-deep` warning per replay when an element lands deeper than layout goes.
    /// The walk up stops after `maxTreeDepth` parents, so each create costs O(1).
    private mutating func warnIfTooDeep(_ id: Int, _ c: Command) {
        guard !warnedDepth else { return }
        var depth = 0
        // Read in place: the tree was just edited (the attach), so this costs no copy of it.
        var cur = tree.readInPlace(id, { $0.parent }) ?? nil
        while let p = cur, depth <= ReplayOptions.maxTreeDepth {
            depth += 1
            cur = tree.readInPlace(p, { $0.parent }) ?? nil
        }
        guard depth > ReplayOptions.maxTreeDepth else { return }
        warnedDepth = true
        warn(
            "tree-too-deep",
            """
            \(c.type.name): element \(id) is nested more than \(ReplayOptions.maxTreeDepth) levels deep; deeper \
            elements are not laid out or drawn (see docs/limits.md)
            """
        )
    }

    mutating func deleteElement(_ c: Command) {
        let id = c.internalId
        guard requireElement(id, "DELETE_ELEMENT") else { return }
        tree.deleteElement(id)
        deletedAt[id] = stepIndex
    }

    mutating func removeChild(_ c: Command) {
        let parent = c.internalId
        let child = c.childInternalId
        guard requireElement(parent, "REMOVE_CHILD"), requireElement(child, "REMOVE_CHILD") else { return }
        guard tree.elements[child]?.parent == parent else {
            warn("not-a-child", "REMOVE_CHILD: \(label(child)) is not a child of \(label(parent)); skipped")
            return
        }
        tree.removeChild(child)
    }

    /// REORDER_CHILD: move `child` to index `value` of `parent` (past the end appends). A child
    /// that lives elsewhere moves here, unless that would make it its own ancestor.
    mutating func reorderChild(_ c: Command) {
        let parent = c.internalId
        let child = c.childInternalId
        guard requireElement(parent, "REORDER_CHILD"), requireElement(child, "REORDER_CHILD") else { return }
        guard let left = treeEditWorkLeft(moving: child, to: parent) else { return }
        let cycle = tree.cycleCheck(child, under: parent, limit: left)
        guard let cycle else { return skipTreeEdit("REORDER_CHILD", child: child, parent: parent) }
        if cycle {
            fail(
                "cycle",
                """
                REORDER_CHILD: \(label(child)) is an ancestor of \(label(parent)); an element can never become its \
                own ancestor; skipped
                """
            )
            return
        }
        let index = max(0, c.value)
        if c.value < 0 { warn("bad-index", "REORDER_CHILD: index \(c.value) is negative; moved to the front") }
        tree.attachChecked(child, to: parent, at: index)
    }

    /// CREATE_LINEAR_LAYOUT's direction as the platform reads it, stored as 1 (vertical) or 2
    /// (horizontal): iOS 1 = vertical else horizontal; Android 2 = horizontal else vertical; the
    /// preview keeps the value as sent (layout: 2 = horizontal, else vertical).
    private mutating func platformDirection(_ v: Int) -> Int {
        let p = options.platform
        switch p.directionRule {
        case .neutral: return v
        case .verticalOnlyIfOne, .horizontalOnlyIfTwo:
            let vertical = p.directionRule == .verticalOnlyIfOne ? v == 1 : v != 2
            if v != 1 && v != 2 {
                warn(
                    "portability",
                    """
                    CREATE_LINEAR_LAYOUT: direction \(v) is \(vertical ? "vertical" : "horizontal") on \
                    \(p.displayName) (iOS: only 1 is vertical; Android: only 2 is horizontal)
                    """
                )
            }
            return vertical ? 1 : 2
        }
    }

    /// Makes `viewId` the active FrameView and sends VisibilityEvents to the old and new view.
    mutating func switchView(to viewId: Int, via what: String) {
        guard requireElement(viewId, what) else { return }
        guard tree.elements[viewId]!.kind == .frameView else {
            warn("not-a-view", "\(what): \(label(viewId)) is not a FrameView; no view switch")
            return
        }
        let old = tree.activeViewId
        if old == viewId { return }  // the second of the framework's three show() commands
        tree.activeViewId = viewId
        tree.elements[viewId]!.isVisible = true
        if let old { emit("VisibilityEvent", to: old, [("visible", .bool(false))]) }
        emit("VisibilityEvent", to: viewId, [("visible", .bool(true))])
        if options.platform.appBarsDroppedAtViewSwitch {
            dropAppBars()
        } else if options.platform.platform == .neutral {
            noteAppBarsOnSwitch()
        }
    }

    /// iOS (protocol 8 item 14): bars are per view, so at a view switch the bars whose parent is
    /// the application leave the screen. They stay known (detached), so later commands on them
    /// are no errors.
    private mutating func dropAppBars() {
        guard let root = tree.rootId else { return }
        let bars = (tree.elements[root]?.children ?? []).filter {
            [.actionBar, .navigationBar, .searchBar].contains(tree.elements[$0]?.kind)
        }
        for bar in bars {
            diagnostics.append(
                .warning(
                    "portability", step: stepIndex, path: stepPath,
                    "\(label(bar)) belongs to the application: iOS removes it at this view switch"))
            tree.removeChild(bar)
        }
    }

    /// semantics.md 7 item 1: app-level bars stay over every view here, but iOS drops them at the
    /// first view switch.
    private mutating func noteAppBarsOnSwitch() {
        guard !warnedAppBars, let root = tree.rootId else { return }
        let bars = (tree.elements[root]?.children ?? []).filter {
            [.actionBar, .navigationBar, .searchBar].contains(tree.elements[$0]?.kind)
        }
        guard let bar = bars.first else { return }
        warnedAppBars = true
        diagnostics.append(
            .warning(
                "portability", step: stepIndex, path: stepPath,
                """
                \(label(bar)) belongs to the application, so it stays after this view switch as on Android; iOS \
                removes it at the first view switch
                """
            ))
    }
}

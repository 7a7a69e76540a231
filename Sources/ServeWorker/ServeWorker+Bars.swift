import RenderPipeline
import SessionFormat
import WidgetTree

/// The action bar's buttons in the worker's tree (`barButtons` on an actionBar entry), so that the live
/// page can offer them as buttons: a click on the picture's bar reaches the bar, not one of its buttons,
/// and a bar button is pressed by a `tap` on the bar naming it (session-format.md section 4, semantics.md
/// item 14).
extension ServeWorkerState {
    /// The buttons the framework's bar has (its iOS backend, framework-protocol.md section 3.5): on the
    /// left a back button with flag bit 0, else the menu button; on the right Save with bit 1, else
    /// Compose. Android's system bar has the same flags; its ADD_OPTION icons have no step of their own.
    static func barButtons(kind: WidgetKind, flags: Int) -> [String]? {
        guard kind == .actionBar else { return nil }
        return [flags & 1 != 0 ? "back" : "menu", flags & 2 != 0 ? "save" : "compose"]
    }

    /// An element's bar buttons, when it is an action bar.
    static func barButtons(_ id: Int, _ inspection: Inspection) -> [String]? {
        guard let e = inspection.tree.elements[id] else { return nil }
        return barButtons(kind: e.kind, flags: e.flags)
    }
}

import Primitives
import WidgetTree

/// A stable text form of a layout, for tests and `render --layout-dump`.
public enum LayoutDump {
    /// One line per element in paint order, `id kind x,y WxH` (dp, at most 2 decimals), indented two
    /// spaces per depth; then one line per toast: `toast "text" x,y WxH opacity o`.
    public static func text(_ tree: WidgetTree, _ layout: LayoutResult) -> String {
        var lines: [String] = []
        for id in layout.paintOrder {
            guard let frame = layout.frames[id] else { continue }
            let kind = tree.elements[id].map { $0.kind.rawValue } ?? "?"
            let indent = String(repeating: "  ", count: layout.depths[id] ?? 0)
            lines.append("\(indent)\(id) \(kind) \(frame)")
        }
        for t in layout.toasts {
            lines.append("toast \"\(t.toast.text)\" \(t.frame) opacity \(fmt(t.opacity))")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

import Primitives

/// A stable text form of a layout, for tests and `render --layout-dump`.
package enum LayoutDump {
    /// One line per element in paint order, `id kind x,y WxH` (dp, at most 2 decimals), indented two
    /// spaces per depth; then the open browser page, `browser "url" x,y WxH close x,y WxH`, and one
    /// line per toast: `toast "text" x,y WxH opacity o`.
    package static func text(_ layout: LayoutResult) -> String {
        var lines: [String] = []
        for id in layout.paintOrder {
            guard let e = layout[id] else { continue }
            let indent = String(repeating: "  ", count: e.depth ?? 0)
            lines.append("\(indent)\(id) \(e.kind.rawValue) \(e.frame)")
        }
        if let b = layout.browser { lines.append("browser \"\(b.url)\" \(b.frame) close \(b.close)") }
        for t in layout.toasts {
            lines.append("toast \"\(t.text)\" \(t.frame) opacity \(fmt(t.opacity))")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}

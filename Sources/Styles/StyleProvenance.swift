import Primitives
import SessionFormat

/// Where a resolved value came from, for `render inspect`: the session step that declared it (and
/// under which selector), a theme key, or the built-in default.
package enum StyleSource: Hashable, Sendable {
    /// step: the session step's index (nil when the caller could not tell which step).
    case session(step: Int?, selector: Selector)
    case theme(key: String)
    case builtIn
}

/// One element's resolved style and looks, key by key with where each value came from. Made only
/// when an inspection asks (`StyleResolver.provenance`): resolution itself records nothing, so
/// rendering pays nothing for it; this re-runs the same cascade with a note per key.
package struct StyleProvenance: Sendable {
    package struct Entry: Hashable, Sendable {
        /// The `ResolvedStyle` field, or `background`, `borderRadius`, `shadow` (the box look) and
        /// `tint` (the control look's accent).
        package var key: String
        /// The value as `render inspect` prints it.
        package var value: String
        package var source: StyleSource
        package init(key: String, value: String, source: StyleSource) {
            self.key = key
            self.value = value
            self.source = source
        }
    }
    package var entries: [Entry]
}

extension StyleResolver {
    /// Every resolved key of an element in its current state with its value and source. `steps`
    /// names, per selector, the session step that last set each `StyleDeclarations` field (see
    /// `StyleProvenance.fields(of:)`); a declared field without a step is reported with step nil.
    package func provenance(
        kind: WidgetKind, styles: [Selector: StyleDeclarations], pressed: Bool, selected: Bool,
        steps: [Selector: [String: Int]] = [:]
    ) -> StyleProvenance {
        let style = resolve(kind: kind, styles: styles, pressed: pressed, selected: selected)
        // Later layers win: ACTIVE over SELECTED over NORMAL.
        var layers: [Selector] = []
        if pressed { layers.append(.active) }
        if selected { layers.append(.selected) }
        layers.append(.normal)
        let declared = layers.map { ($0, styles[$0].map(StyleProvenance.fields(of:)) ?? []) }
        let themeKeys = themeKeys(kind)
        func source(_ field: String) -> StyleSource {
            if let (selector, _) = declared.first(where: { $0.1.contains(field) }) {
                return .session(step: steps[selector]?[field], selector: selector)
            }
            if let key = themeKeys[field] { return .theme(key: key) }
            return .builtIn
        }
        var entries: [StyleProvenance.Entry] = []
        for child in Mirror(reflecting: style).children {
            guard let name = child.label else { continue }
            var src: StyleSource
            switch name {
            case "border":
                src =
                    ["borderWidth", "borderStyle", "borderColor"].lazy.map(source).first { $0 != .builtIn } ?? .builtIn
            case "linkColor":
                src =
                    styles[.link]?.color != nil
                    ? .session(step: steps[.link]?["color"], selector: .link) : .theme(key: "linkColor")
            case "hintColor": src = .theme(key: "textField.hintColor")
            case "naturalMinHeight": src = style.naturalMinHeight > 0 ? .theme(key: "textField.height") : .builtIn
            default: src = source(name)
            }
            if name == "padding", case .builtIn = src, let key = controlPaddingKey(kind) { src = .theme(key: key) }
            entries.append(.init(key: name, value: StyleProvenance.show(child.value), source: src))
        }
        let (box, origins) = resolveBox(kind, style)
        func lookSource(_ o: LookSource, _ field: String) -> StyleSource {
            switch o {
            case .style: return source(field)
            case .theme(let key): return .theme(key: key)
            case .builtIn: return .builtIn
            }
        }
        let look: [(String, Any, StyleSource)] = [
            ("background", box.background as Any, lookSource(origins.background, "background")),
            ("borderRadius", box.radii, lookSource(origins.radii, "borderRadius")),
            ("shadow", box.shadow as Any, lookSource(origins.shadow, "shadow")),
        ]
        for (key, value, src) in look {
            let entry = StyleProvenance.Entry(key: key, value: StyleProvenance.show(value), source: src)
            if let i = entries.firstIndex(where: { $0.key == key }) {
                entries[i] = entry
            } else {
                entries.append(entry)
            }
        }
        if style.tint == nil, let key = tintKey(kind), let i = entries.firstIndex(where: { $0.key == "tint" }) {
            entries[i].source = .theme(key: key)
            entries[i].value = StyleProvenance.show(tintColor(kind, key))
        }
        return StyleProvenance(entries: entries)
    }

    /// The theme key behind each field the theme's defaults for `kind` declare: its font, then
    /// `widgetDefaults.<kind>.<key>` for each key (a shorthand names every field it sets).
    func themeKeys(_ kind: WidgetKind) -> [String: String] {
        var keys: [String: String] = [
            "fontFamily": "font.family", "fontSize": "font.size", "fontWeight": "font.weight", "color": "font.color",
        ]
        let map = theme.widgetDefaults[kind.rawValue] ?? [:]
        for key in map.keys.sorted() {
            var d = StyleDeclarations()
            guard (try? StyleParser.apply(key: key, value: map[key]!, to: &d)) != nil else { continue }
            for field in StyleProvenance.fields(of: d) { keys[field] = "widgetDefaults.\(kind.rawValue).\(key)" }
        }
        return keys
    }

    func controlPaddingKey(_ kind: WidgetKind) -> String? {
        switch kind {
        case .textField: return "textField.padding"
        case .picker: return "picker.padding"
        default: return nil
        }
    }

    /// The theme colour a `tintKey` names.
    func tintColor(_ kind: WidgetKind, _ key: String) -> Color {
        if kind == .radioGroup { return color(theme.radioLook.selectedColor) }
        switch key {
        case "spinner.color": return color(theme.spinner.color)
        case "switchControl.onColor": return color(theme.switchControl.onColor)
        default: return color(theme.checkbox.checkedColor)
        }
    }
}

extension StyleProvenance {
    /// The `StyleDeclarations` fields a map declares (an optional with a value, or sides with one).
    package static func fields(of d: StyleDeclarations) -> Set<String> {
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

    /// A value as text, as a session writes it (`StyleValueText`): numbers in the shortest form, sides
    /// and corners as their numbers in order (top right bottom left; from the top-left corner), `none`
    /// for an unset optional.
    package static func show(_ v: Any) -> String {
        let m = Mirror(reflecting: v)
        if m.displayStyle == .optional { return m.children.first.map { show($0.value) } ?? "none" }
        if let text = StyleValueText.text(v) { return text }
        let numbers = m.children.compactMap { $0.value as? Double }
        if m.displayStyle == .struct, !numbers.isEmpty, numbers.count == m.children.count {
            return numbers.map(fmt).joined(separator: " ")
        }
        return String(describing: v)
    }
}

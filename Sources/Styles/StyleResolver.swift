import Primitives
import SessionFormat

/// Resolves an element's style for its current state: theme defaults for its kind, then NORMAL,
/// then SELECTED (if selected), then ACTIVE (if pressed). LINK's `color` becomes `linkColor`.
/// The theme's defaults are parsed once, in `init`: resolution runs for every element every frame.
package struct StyleResolver: Sendable {
    package let theme: Theme
    /// Theme font + `widgetDefaults` per kind, parsed.
    private let kindDefaults: [StyleDeclarations]  // indexed by WidgetKind.tableIndex
    private let linkColor: Color
    private let hintColor: Color
    /// Problems in the theme's `widgetDefaults` (ThemeLoader rejects such themes; a Theme built in
    /// code may still have them): "widgetDefaults.button.padding: ...", in kind and key order.
    package let themeProblems: [String]
    /// The theme's screen-wide looks and widget metrics, resolved with the resolver.
    package let looks: ThemeLooks

    package init(theme: Theme) {
        self.theme = theme
        var base = StyleDeclarations()
        base.fontFamily = theme.font.family
        base.fontSize = theme.font.size
        base.fontWeight = theme.font.weight
        base.color = StyleParser.parseColor(theme.font.color) ?? .black
        var defaults = [StyleDeclarations](repeating: base, count: WidgetKind.allCases.count)
        var problems: [String] = []
        for kind in WidgetKind.allCases {
            var d = base
            let map = theme.widgetDefaults[kind.rawValue] ?? [:]
            // Sorted keys: deterministic, and a shorthand (`border`, `margin`) comes before its parts.
            for key in map.keys.sorted() {
                do { try StyleParser.apply(key: key, value: map[key]!, to: &d) } catch {
                    problems.append("widgetDefaults.\(kind.rawValue).\(key): \(error)")
                }
            }
            defaults[kind.tableIndex] = d
        }
        for key in theme.widgetDefaults.keys.sorted() where WidgetKind(rawValue: key) == nil {
            problems.append("widgetDefaults.\(key): not a widget kind")
        }
        kindDefaults = defaults
        linkColor = StyleParser.parseColor(theme.linkColor) ?? Color(rgb: 0xc32527)
        hintColor = StyleParser.parseColor(theme.textField.hintColor) ?? Color(rgb: 0x9e9e9e)
        themeProblems = problems
        looks = ThemeLooks(theme) { StyleParser.parseColor($0) ?? .black }
    }

    /// The theme's declarations for a kind (font and `widgetDefaults`), before the element's own.
    package func defaults(for kind: WidgetKind) -> StyleDeclarations { kindDefaults[kind.tableIndex] }

    /// The style of an element of `kind` with selector maps `styles`, pressed (ACTIVE) and/or selected.
    package func resolve(kind: WidgetKind, styles: [Selector: StyleDeclarations], pressed: Bool, selected: Bool)
        -> ResolvedStyle
    {
        var d = defaults(for: kind)
        if let n = styles[.normal] { StyleMerge.overlay(&d, with: n) }
        if selected, let s = styles[.selected] { StyleMerge.overlay(&d, with: s) }
        if pressed, let a = styles[.active] { StyleMerge.overlay(&d, with: a) }
        let sessionMinHeight =
            styles[.normal]?.minHeight != nil || (selected && styles[.selected]?.minHeight != nil)
            || (pressed && styles[.active]?.minHeight != nil)
        return finish(d, kind: kind, link: styles[.link], sessionMinHeight: sessionMinHeight)
    }

    /// The style in one explicit state, for the gallery's state matrix: NORMAL, then the state's map
    /// (`.hover` and `.disabled` included); `.normal` and `.link` give the NORMAL look.
    package func resolve(kind: WidgetKind, styles: [Selector: StyleDeclarations], state: Selector) -> ResolvedStyle {
        var d = defaults(for: kind)
        if let n = styles[.normal] { StyleMerge.overlay(&d, with: n) }
        if state != .normal && state != .link, let s = styles[state] { StyleMerge.overlay(&d, with: s) }
        let sessionMinHeight =
            styles[.normal]?.minHeight != nil
            || (state != .normal && state != .link && styles[state]?.minHeight != nil)
        return finish(d, kind: kind, link: styles[.link], sessionMinHeight: sessionMinHeight)
    }

    /// A theme colour string parsed (theme files are validated on load, so this cannot fail for them).
    package func color(_ s: String) -> Color { StyleParser.parseColor(s) ?? .black }

    /// Declarations with every default filled in, the theme's control defaults included (a text
    /// field's or picker's padding when no side is declared, a text field's natural height when the
    /// session sets no `min-height`); the box and control looks' theme values stay unset here
    /// (nil radius, nil tint) until `boxLook` and `controlLook` merge them.
    private func finish(_ d: StyleDeclarations, kind: WidgetKind, link: StyleDeclarations?, sessionMinHeight: Bool)
        -> ResolvedStyle
    {
        var r = ResolvedStyle()
        r.width = d.width ?? .wrapContent
        r.height = d.height ?? .wrapContent
        r.minWidth = d.minWidth ?? 0
        r.minHeight = d.minHeight ?? 0
        r.maxWidth = d.maxWidth ?? .infinity
        r.maxHeight = d.maxHeight ?? .infinity
        r.margin = d.margin.mapped(into: zeroSides) { $0 ?? 0 }
        r.padding = d.padding.mapped(into: zeroSides) { $0 ?? 0 }
        if let p = controlPadding(kind), d.padding.top == nil, d.padding.right == nil, d.padding.bottom == nil,
            d.padding.left == nil
        {
            r.padding = .sides(zeroSides, top: p, right: p, bottom: p, left: p)
        }
        if kind == .textField && !sessionMinHeight { r.naturalMinHeight = theme.textField.height }
        r.weight = d.weight ?? 0
        r.gravity = d.gravity ?? Gravity()
        r.offsets = d.offsets
        r.overflowHidden = d.overflowHidden ?? false
        r.background = d.background  // `transparent` stays: it overrides a theme background
        r.border = .sides(noBorderSides, top: side(d, 0), right: side(d, 1), bottom: side(d, 2), left: side(d, 3))
        r.borderRadius = d.borderRadius
        r.shadow = d.shadow.flatMap { s in
            s.color.a == 0 || (s.blur == 0 && s.spread <= 0 && s.offsetX == 0 && s.offsetY == 0) ? nil : s
        }
        r.opacity = d.opacity ?? 1
        r.zoom = d.zoom ?? 1
        r.tint = d.tint
        r.color = d.color ?? .black
        r.fontSize = d.fontSize ?? theme.font.size
        r.fontWeight = d.fontWeight ?? theme.font.weight
        r.fontStyle = d.fontStyle ?? .normal
        r.fontFamily = d.fontFamily ?? theme.font.family
        r.textAlign = d.textAlign
        r.noWrap = d.noWrap ?? false
        r.ellipsis = d.ellipsis ?? false
        r.maxLines = d.maxLines.flatMap { $0 > 0 ? $0 : nil }
        r.lineHeight = d.lineHeight.flatMap { $0 > 0 ? $0 : nil }
        r.minScale = d.minScale.flatMap { $0 < 1 ? $0 : nil }
        r.hint = d.hint ?? ""
        r.linkColor = link?.color ?? linkColor
        r.hintColor = hintColor
        r.icon = d.icon.flatMap { $0.isEmpty ? nil : $0 }
        r.iconAttachment = d.iconAttachment ?? .top
        r.imageScale = d.imageScale ?? .fitCenter
        return r
    }

    /// The theme's padding of a control whose style declares none (text fields, pickers).
    func controlPadding(_ kind: WidgetKind) -> Double? {
        switch kind {
        case .textField: return theme.textField.padding
        case .picker: return theme.picker.padding
        default: return nil
        }
    }

    /// One border side: width (default 0: `border-color` alone draws nothing, as on iOS), style
    /// (default solid) and colour (default black); `.none` when nothing would be drawn.
    private func side(_ d: StyleDeclarations, _ i: Int) -> BorderSide {
        let s = BorderSide(
            width: d.borderWidth[side: i] ?? 0, style: d.borderStyle[side: i] ?? .solid,
            color: d.borderColor[side: i] ?? .black)
        return s.isVisible ? s : .none
    }
}

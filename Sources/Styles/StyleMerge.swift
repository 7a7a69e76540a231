import Primitives

/// Overlaying one declaration map on another (NORMAL < SELECTED < ACTIVE): every property the top
/// map declares wins, property by property (and side by side for margins, paddings, offsets and
/// borders, since `margin-top` declares one side only).
enum StyleMerge {
    static func overlay(_ base: StyleDeclarations, with top: StyleDeclarations) -> StyleDeclarations {
        var d = base
        overlay(&d, with: top)
        return d
    }

    /// In place: only the declared properties are written, so a sparse map (the usual case) costs
    /// little more than the nil checks. Resolution runs for every element every frame.
    static func overlay(_ d: inout StyleDeclarations, with top: StyleDeclarations) {
        if let v = top.width { d.width = v }
        if let v = top.height { d.height = v }
        if let v = top.minWidth { d.minWidth = v }
        if let v = top.minHeight { d.minHeight = v }
        if let v = top.maxWidth { d.maxWidth = v }
        if let v = top.maxHeight { d.maxHeight = v }
        merge(&d.margin, top.margin)
        merge(&d.padding, top.padding)
        if let v = top.weight { d.weight = v }
        if let v = top.gravity { d.gravity = v }
        merge(&d.offsets, top.offsets)
        if let v = top.overflowHidden { d.overflowHidden = v }
        if let v = top.background { d.background = v }
        merge(&d.borderWidth, top.borderWidth)
        merge(&d.borderStyle, top.borderStyle)
        merge(&d.borderColor, top.borderColor)
        if let v = top.borderRadius { d.borderRadius = v }
        if let v = top.shadow { d.shadow = v }
        if let v = top.opacity { d.opacity = v }
        if let v = top.zoom { d.zoom = v }
        if let v = top.tint { d.tint = v }
        if let v = top.color { d.color = v }
        if let v = top.fontSize { d.fontSize = v }
        if let v = top.fontWeight { d.fontWeight = v }
        if let v = top.fontStyle { d.fontStyle = v }
        if let v = top.fontFamily { d.fontFamily = v }
        if let v = top.textAlign { d.textAlign = v }
        if let v = top.noWrap { d.noWrap = v }
        if let v = top.ellipsis { d.ellipsis = v }
        if let v = top.maxLines { d.maxLines = v }
        if let v = top.lineHeight { d.lineHeight = v }
        if let v = top.minScale { d.minScale = v }
        if let v = top.hint { d.hint = v }
        if let v = top.icon { d.icon = v }
        if let v = top.iconAttachment { d.iconAttachment = v }
        if let v = top.imageScale { d.imageScale = v }
    }

    private static func merge<T>(_ base: inout Sides<T?>, _ top: Sides<T?>) {
        if let v = top.top { base.top = v }
        if let v = top.right { base.right = v }
        if let v = top.bottom { base.bottom = v }
        if let v = top.left { base.left = v }
    }
}

import Primitives

/// Overlaying one declaration map on another (NORMAL < SELECTED < ACTIVE): every property the top
/// map declares wins, property by property (and side by side for margins, paddings, offsets and
/// borders, since `margin-top` declares one side only).
enum StyleMerge {
    static func overlay(_ base: StyleDeclarations, with top: StyleDeclarations) -> StyleDeclarations {
        var d = base
        d.width = top.width ?? base.width
        d.height = top.height ?? base.height
        d.minWidth = top.minWidth ?? base.minWidth
        d.minHeight = top.minHeight ?? base.minHeight
        d.maxWidth = top.maxWidth ?? base.maxWidth
        d.maxHeight = top.maxHeight ?? base.maxHeight
        d.margin = sides(base.margin, top.margin)
        d.padding = sides(base.padding, top.padding)
        d.weight = top.weight ?? base.weight
        d.gravity = top.gravity ?? base.gravity
        d.offsets = sides(base.offsets, top.offsets)
        d.overflowHidden = top.overflowHidden ?? base.overflowHidden
        d.background = top.background ?? base.background
        d.borderWidth = sides(base.borderWidth, top.borderWidth)
        d.borderStyle = sides(base.borderStyle, top.borderStyle)
        d.borderColor = sides(base.borderColor, top.borderColor)
        d.borderRadius = top.borderRadius ?? base.borderRadius
        d.shadow = top.shadow ?? base.shadow
        d.opacity = top.opacity ?? base.opacity
        d.zoom = top.zoom ?? base.zoom
        d.tint = top.tint ?? base.tint
        d.color = top.color ?? base.color
        d.fontSize = top.fontSize ?? base.fontSize
        d.fontWeight = top.fontWeight ?? base.fontWeight
        d.fontStyle = top.fontStyle ?? base.fontStyle
        d.fontFamily = top.fontFamily ?? base.fontFamily
        d.textAlign = top.textAlign ?? base.textAlign
        d.noWrap = top.noWrap ?? base.noWrap
        d.ellipsis = top.ellipsis ?? base.ellipsis
        d.maxLines = top.maxLines ?? base.maxLines
        d.lineHeight = top.lineHeight ?? base.lineHeight
        d.minScale = top.minScale ?? base.minScale
        d.hint = top.hint ?? base.hint
        d.icon = top.icon ?? base.icon
        d.iconAttachment = top.iconAttachment ?? base.iconAttachment
        d.imageScale = top.imageScale ?? base.imageScale
        return d
    }

    private static func sides<T>(_ base: Sides<T?>, _ top: Sides<T?>) -> Sides<T?> {
        Sides(top: top.top ?? base.top, right: top.right ?? base.right,
              bottom: top.bottom ?? base.bottom, left: top.left ?? base.left)
    }
}

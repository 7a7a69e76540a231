import Layout
import Primitives
import Styles

/// The iOS dialog's close button (framework-protocol.md 3.6: a 44 pt `UINavigationBar` with the
/// title and an "X" button over the panel). Look only: the preview has no tap target for it.
extension PaintBuilder {
    /// Side of the cross, its stroke width (dp), and the square tap area it is centred in (the header's height).
    static let dialogCloseCross = 14.0, dialogCloseStroke = 2.0

    /// An "X" centred in the header-high square at the right end of the header row (layout gives
    /// the look only when the theme has `dialog.closeButtonColor`).
    mutating func paintDialogCloseButton(_ look: ControlLook.DialogClose, _ frame: Rect) {
        let side = min(look.side, frame.height, frame.width)
        guard side > 0 else { return }
        let square = Rect(x: frame.maxX - side, y: frame.y, width: side, height: side)
        let half = min(Self.dialogCloseCross, side) / 2
        let c = Point(x: square.midX, y: square.midY)
        let color = look.color
        for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
            let path: [PathSegment] = [
                .move(Point(x: c.x - half * dx, y: c.y - half * dy)),
                .line(Point(x: c.x + half * dx, y: c.y + half * dy)),
            ]
            add(.strokePath(path, color: color, width: Self.dialogCloseStroke, dash: [], roundCaps: true))
        }
    }
}

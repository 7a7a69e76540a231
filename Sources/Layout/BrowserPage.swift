import Primitives
import Styles
import TextLayout
import WidgetTree

/// The in-app browser LAUNCH_BROWSER opens (semantics.md 7 item 42), laid out and coloured: a page
/// over the screen below the status band, a bar in the look's action bar style with the URL and a
/// close control, and a blank body that says web content is not rendered.
package struct LaidOutBrowser: Hashable, Sendable {
    package var url: String
    /// The whole page (white), from the status band down to the bottom of the screen.
    package var frame: Rect
    package var bar: Rect
    package var barBackground: Color
    /// The bar's bottom line (nil when the look has none) and its colour.
    package var line: Rect?
    package var lineColor: Color
    package var title: ParagraphLayout
    package var titleOrigin: Point
    /// Where a tap closes the page (the close control's touch area).
    package var close: Rect
    /// The close control: text ("<", iOS's fallback title when the app has no back icon) or a
    /// cross in `closeCross` (Material's close icon); in `closeColor`.
    package var closeText: ParagraphLayout?
    package var closeTextOrigin: Point
    package var closeCross: Rect?
    package var closeColor: Color
    /// iOS's action button ("⋮") at the right end of the bar; nil elsewhere.
    package var more: ParagraphLayout?
    package var moreOrigin: Point
    /// "Web content is not rendered in the preview", centred in the body.
    package var note: ParagraphLayout
    package var noteOrigin: Point
}

/// Lays out the top browser page of the tree, if one is open.
struct BrowserLayout {
    let cx: LayoutContext
    static let noteText = "Web content is not rendered in the preview"

    /// With a centred action bar title (the `ios` look, `TopViewController.mm
    /// createWebBrowserWithUrl`): the URL centred in 60% of the width (shrunk to 60% before it is
    /// cut), a "<" close button at the left and "⋮" at the right, in the bar's title colour.
    /// Otherwise (Material: `default`, `android`): a close cross where the action bar's button goes
    /// and the URL after it.
    func layout() -> LaidOutBrowser? {
        guard let page = cx.tree.browsers.last else { return nil }
        let look = cx.looks.actionBar
        let w = cx.device.width
        let frame = Rect(
            x: 0, y: cx.device.statusBar, width: w, height: max(0, cx.device.height - cx.device.statusBar))
        let bar = Rect(x: 0, y: frame.y, width: w, height: min(look.height, frame.height))
        var titleLook = look.title
        titleLook.weight = 400
        titleLook.size = min(titleLook.size, 17)
        // A look whose bars show no title (Android's transparent title) still shows the URL.
        if titleLook.color.isTransparent { titleLook.color = look.iconColor }
        let ios = look.titleCentered
        var ts = cx.paragraphStyle(titleLook)
        ts.noWrap = true
        ts.ellipsis = true
        if ios { ts.minScale = 0.6 }  // UILabel adjustsFontSizeToFitWidth, minimumScaleFactor 0.6
        let titleX = ios ? w * 0.2 : look.titleXAfterButton
        let title = cx.fittedParagraph(
            AttributedText(page.url), ts, maxW: max(0, ios ? w * 0.6 : w - titleX - look.titleX))
        let titleOrigin = Point(
            x: ios ? (w - title.size.width) / 2 : titleX, y: bar.midY - title.size.height / 2)
        // iOS's bar buttons take the bar's black tint (`navBar.tintColor`); the cross the icon colour.
        var glyphLook = titleLook
        glyphLook.weight = 700
        var gs = cx.paragraphStyle(glyphLook)
        gs.noWrap = true
        func glyph(_ text: String) -> ParagraphLayout { cx.fittedParagraph(AttributedText(text), gs, maxW: nil) }
        let closeText = ios ? glyph("<") : nil
        let more = ios ? glyph("⋮") : nil
        let crossBox = Rect(
            x: look.buttonX, y: bar.midY - look.iconSize / 2, width: look.iconSize, height: look.iconSize)
        let close = Rect(
            x: 0, y: bar.y, width: 2 * look.buttonX + max(look.iconSize, closeText?.size.width ?? 0),
            height: bar.height)
        var noteLook = look.subtitle
        noteLook.family = cx.looks.fontFamily
        noteLook.size = 15
        noteLook.weight = 400
        noteLook.color = cx.looks.hintColor
        var ns = cx.paragraphStyle(noteLook)
        ns.align = .center
        let note = cx.fittedParagraph(AttributedText(Self.noteText), ns, maxW: max(0, w - 48))
        let body = Rect(x: 0, y: bar.maxY, width: w, height: max(0, frame.maxY - bar.maxY))
        let lw = look.lineWidth
        return LaidOutBrowser(
            url: page.url, frame: frame, bar: bar, barBackground: look.background,
            line: lw > 0 ? Rect(x: 0, y: bar.maxY - lw, width: w, height: lw) : nil,
            lineColor: look.lineColor, title: title, titleOrigin: titleOrigin, close: close,
            closeText: closeText,
            closeTextOrigin: Point(x: look.buttonX, y: bar.midY - (closeText?.size.height ?? 0) / 2),
            closeCross: ios ? nil : crossBox, closeColor: look.iconColor, more: more,
            moreOrigin: Point(
                x: w - look.buttonX - (more?.size.width ?? 0), y: bar.midY - (more?.size.height ?? 0) / 2),
            note: note, noteOrigin: Point(x: (w - note.size.width) / 2, y: body.midY - note.size.height / 2))
    }
}

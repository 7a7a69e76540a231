import Foundation
import Primitives
import RenderPipeline
import SessionFormat

/// The failure image a reviewer opens: `expected | diff | actual` (ImageDiff.composite) under a header
/// that names each panel, drawn by the renderer itself (a three-label screen with the bundled fonts),
/// so the picture explains itself outside any report.
package enum DiffImage {
    package static let headerHeight = 30.0
    static let titles = ["expected (golden)", "diff: changed pixels in magenta", "actual"]

    /// The labelled composite. Without fonts (`fontsDirectory` unreadable) the header is left out.
    package static func labelled(expected: Bitmap, actual: Bitmap, diff: ImageDiff?, fontsDirectory: String) -> Bitmap {
        let body = ImageDiff.composite(expected: expected, actual: actual, diff: diff)
        let panel = max(expected.width, actual.width)
        guard let header = try? header(width: body.width, panel: panel, fontsDirectory: fontsDirectory),
            header.width == body.width
        else { return body }
        var out = Bitmap(width: body.width, height: header.height + body.height)
        out.pixels.replaceSubrange(0..<header.pixels.count, with: header.pixels)
        out.pixels.replaceSubrange(header.pixels.count..<out.pixels.count, with: body.pixels)
        return out
    }

    /// A dark strip `width` px wide with the three titles centred over their panels, at about the
    /// screens' own scale (a 1170 px wide phone screen was drawn at 3x: so is its header).
    static func header(width: Int, panel: Int, fontsDirectory: String) throws -> Bitmap {
        let scale = max(1, (Double(panel) / 400).rounded())
        let app = try HeadlessBackend(
            device: Device(width: Double(width) / scale, height: headerHeight, scale: scale),
            options: RenderOptions(fontsDirectory: fontsDirectory))
        func style(_ id: Int, _ key: String, _ value: String) {
            app.send(Command(type: .SET_STYLE, internalId: id, textValue: key, textValue2: value))
        }
        app.send(Command(type: .CREATE_APPLICATION, internalId: 0, childInternalId: 1, textValue: "diff"))
        app.send(Command(type: .CREATE_FRAMEVIEW, internalId: 1, childInternalId: 2))
        style(2, "background-color", "#808080")
        app.send(Command(type: .CREATE_LINEAR_LAYOUT, internalId: 2, childInternalId: 3, value: 2))
        for (i, title) in titles.enumerated() {
            let id = 4 + i
            app.send(Command(type: .CREATE_TEXT, internalId: 3, childInternalId: id, textValue: title))
            style(id, "width", String(Double(panel) / scale))
            style(id, "height", CheckedInt.text(headerHeight))
            if i > 0 { style(id, "margin-left", String(4 / scale)) }
            style(id, "background-color", "#263238")
            style(id, "color", "#ffffff")
            style(id, "font-size", "15")
            style(id, "font-weight", "bold")
            style(id, "text-align", "center")
            style(id, "padding-top", "6")
        }
        return try app.screenshot()
    }
}

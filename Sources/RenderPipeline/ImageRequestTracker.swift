import Layout
import Primitives
import SessionFormat
import WidgetTree

/// Emits the `ImageRequestEvent` the app would get (semantics.md section 5 and 7 item 38): an image
/// view with a size and no static image (an http(s) URL, or no URL at all) asks when a frame first
/// lays it out with a size and again whenever its width changes (iOS `FWImageView updateImage`
/// compares the width with the last one it asked for), for the URL picked for that width and in the
/// pixel format the platform asks for. Pixels from `setImageData` do not stop a new request.
struct ImageRequestTracker {
    let scale: Double
    /// The platform's format (`PlatformProfile.imageRequestFormat`).
    let format: PixelFormat
    private(set) var events: [AppEvent] = []
    /// The width (dp) each view last asked at.
    private var askedWidth: [Int: Double] = [:]
    init(scale: Double, format: PixelFormat) {
        self.scale = scale
        self.format = format
    }

    /// Takes the requests gathered so far.
    mutating func drain() -> [AppEvent] {
        defer { events = [] }
        return events
    }

    mutating func observe(_ tree: WidgetTree, layout: LayoutResult, images: ImageStore) {
        for id in layout.paintOrder {
            guard let e = tree.elements[id], e.kind == .imageView, !Self.hasStaticImage(e),
                let frame = layout[id]?.frame, frame.width > 0, frame.height > 0
            else { continue }
            let remote = e.imageURLs.filter(\.isRemote)
            guard !remote.isEmpty || e.imageURLs.isEmpty else { continue }
            if askedWidth[id] == frame.width { continue }
            askedWidth[id] = frame.width
            let url =
                ImageURLPicker.pick(
                    urls: remote,
                    viewPixelWidth: CheckedInt.int(frame.width * scale, .toNearestOrAwayFromZero, in: 0...(1 << 31)))?
                .url ?? ""
            events.append(
                AppEvent(
                    time: tree.time, type: "ImageRequestEvent", internalId: id,
                    fields: [
                        ("imageUrl", .string(url)), ("requestedWidth", .double(frame.width)),
                        ("requestedHeight", .double(frame.height)), ("requestedLevels", .int(1)),
                        ("mode", .string("REQUEST")),
                        (AppEvent.formatField, .string(format.name)),
                    ]))
        }
    }

    /// An asset named by the view's own text (CREATE_IMAGEVIEW or SET_TEXT_VALUE with a file name):
    /// the backend loads it itself and asks the app for nothing (iOS `hasStaticImage`).
    static func hasStaticImage(_ e: Element) -> Bool {
        guard case .asset(let name)? = e.content else { return false }
        return name == e.text && !e.text.isEmpty
    }
}

import Primitives
import WidgetTree
import Layout

/// Emits the `ImageRequestEvent` the app would get when an image view with remote URLs is laid out
/// with a size and has no pixels yet (semantics.md section 5), once per view and URL.
struct ImageRequestTracker {
    let scale: Double
    private(set) var events: [AppEvent] = []
    private var sent: Set<String> = []
    init(scale: Double) { self.scale = scale }

    /// Takes the requests gathered so far (each view and URL is still requested only once).
    mutating func drain() -> [AppEvent] {
        defer { events = [] }
        return events
    }

    mutating func observe(_ tree: WidgetTree, layout: LayoutResult, images: ImageStore) {
        for id in layout.paintOrder {
            guard let e = tree.elements[id], e.kind == .imageView, e.content == nil,
                  let frame = layout.frames[id], frame.width > 0, frame.height > 0 else { continue }
            let remote = e.imageURLs.filter(\.isRemote)
            guard !remote.isEmpty || e.imageURLs.isEmpty else { continue }
            let url = ImageURLPicker.pick(urls: remote, viewPixelWidth: CheckedInt.int(frame.width * scale, .toNearestOrAwayFromZero, in: 0...(1 << 31)))?.url ?? ""
            let key = "\(id)|\(url)"
            if sent.contains(key) { continue }
            sent.insert(key)
            events.append(AppEvent(time: tree.time, type: "ImageRequestEvent", internalId: id, fields: [
                ("imageUrl", .string(url)), ("requestedWidth", .double(frame.width)),
                ("requestedHeight", .double(frame.height)), ("requestedLevels", .int(1)), ("mode", .string("REQUEST")),
            ]))
        }
    }
}

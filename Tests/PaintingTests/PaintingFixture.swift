import Foundation
import Primitives
import SessionFormat
import Styles
import TestSupport
import TextLayout
import WidgetTree

@testable import Layout
@testable import Painting

/// A hand-built tree and layout tables (no layout algorithm involved): app 1, active view 2 filling
/// the screen. Painting gets the records layout assembles from them.
struct PaintingFixture {
    var tree = WidgetTree()
    var layout = LayoutTables()
    var device = Device(width: 360, height: 640, scale: 2)
    var images = ImageStore()

    static let theme: Theme = (try? ThemeLoader.load("default"))!
    static let textEngine: TextEngine = {
        TextEngine(fonts: try! FontLibrary(fontsDirectory: Repository.fonts))
    }()

    init() {
        tree.elements[1] = Element(id: 1, kind: .application, parent: nil)
        tree.elements[2] = Element(id: 2, kind: .frameView, parent: 1)
        tree.elements[1]?.children = [2]
        tree.rootId = 1
        tree.activeViewId = 2
        layout.frames[1] = Rect(x: 0, y: 0, width: 360, height: 640)
        layout.frames[2] = Rect(x: 0, y: 0, width: 360, height: 640)
        layout.styles[1] = ResolvedStyle()
        layout.styles[2] = ResolvedStyle()
        layout.paintOrder = [2]
    }

    /// Adds an element under `parent` with its frame and resolved style.
    @discardableResult
    mutating func add(
        _ id: Int, _ kind: WidgetKind, parent: Int = 2, frame: Rect, style: ResolvedStyle = ResolvedStyle(),
        configure: (inout Element) -> Void = { _ in }
    ) -> Int {
        var e = Element(id: id, kind: kind, parent: parent)
        configure(&e)
        tree.elements[id] = e
        tree.elements[parent]?.children.append(id)
        layout.frames[id] = frame
        layout.styles[id] = style
        layout.paintOrder.append(id)
        return id
    }

    /// The records painting reads, as layout assembles them from the tables. An element given a
    /// frame but no style gets the theme's, as the layout pass resolves one for every framed element.
    func records(theme: Theme = Self.theme) -> LayoutResult {
        let resolver = StyleResolver(theme: theme)
        var tables = layout
        for id in tables.frames.keys where tables.styles[id] == nil {
            guard let e = tree.elements[id] else { continue }
            tables.styles[id] = resolver.resolve(
                kind: e.kind, styles: e.styles, pressed: e.isPressed, selected: e.isSelected)
        }
        return RecordAssembly(
            tree: tree, device: device, resolver: resolver, measurer: Self.textEngine, images: images
        )
        .assemble(tables)
    }

    func paint(theme: Theme = Self.theme) -> DisplayList {
        Painter().paint(records(theme: theme), device: device)
    }

    func dumpLines() -> [String] { DisplayListDump.dump(paint()).split(separator: "\n").map(String.init) }
}

extension DisplayList {
    /// Index of the first item matching `f`.
    func index(where f: (DisplayItem) -> Bool) -> Int? { items.firstIndex(where: f) }

    /// All fills with a plain colour, as (rect, colour).
    var colorFills: [(RoundedRect, Color)] {
        items.compactMap { if case .fill(let r, .color(let c)) = $0 { return (r, c) } else { return nil } }
    }
}

func style(_ f: (inout ResolvedStyle) -> Void) -> ResolvedStyle {
    var s = ResolvedStyle()
    f(&s)
    return s
}

import Primitives
import SessionFormat

/// Where a touch lands (semantics.md item 39), from one laid-out frame: every element a touch
/// could reach, in paint order, with its frame clipped by its ancestors and the screen, and the
/// overlays that take touches outside their panel (dialogs and action sheets block them, an open
/// drawer's scrim takes them to close it). Layout builds it (`LayoutResult.hitMap`); the replay
/// engine asks it for every input step, whatever names the element (id, locator or point).
public struct HitMap: Sendable {
    /// One painted element.
    public struct Entry: Sendable {
        public var id: Int
        public var kind: WidgetKind
        /// Border box in dp, screen coordinates.
        public var frame: Rect
        /// The part of `frame` a touch can land on (clipped by scroll containers, `overflow:
        /// hidden` and the screen); nil when nothing of it is left.
        public var visible: Rect?
        /// The painted parent (nil for a paint root: the active view, a bar, an overlay).
        public var parent: Int?
        /// The ancestor whose clip left nothing of the frame (when `visible` is nil and the frame is not empty).
        public var clippedBy: Int?
        /// An action sheet's rows that take a tap, in the order shown: one per option, then Cancel
        /// (semantics.md item 40); the title row takes none and is not listed. Empty for other kinds.
        package var rows: [Row]
        package init(
            id: Int, kind: WidgetKind, frame: Rect, visible: Rect?, parent: Int?, clippedBy: Int?, rows: [Row] = []
        ) {
            self.id = id
            self.kind = kind
            self.frame = frame
            self.visible = visible
            self.parent = parent
            self.clippedBy = clippedBy
            self.rows = rows
        }
    }

    /// A row of an action sheet: where it is (screen, dp) and the text it shows.
    package struct Row: Hashable, Sendable {
        package var frame: Rect
        package var label: String
        package init(frame: Rect, label: String) {
            self.frame = frame
            self.label = label
        }
    }

    /// The index in `rows` of the row of `id` under `p`, or nil (the title row, or outside).
    package func row(of id: Int, at p: Point) -> Int? {
        entry(id)?.rows.firstIndex { $0.frame.contains(p) }
    }

    /// An overlay that takes every touch outside its panel.
    package struct Blocker: Sendable {
        /// Position of the overlay's own entry in `entries`.
        package var position: Int
        package var id: Int
        /// A drawer: touches outside it land on its scrim and close it. Otherwise a modal panel.
        package var isDrawer: Bool
        package init(position: Int, id: Int, isDrawer: Bool) {
            self.position = position
            self.id = id
            self.isDrawer = isDrawer
        }
    }

    public var screen: Rect
    /// The in-app browser over the screen (semantics.md item 42), when one is open: it takes every
    /// touch on it; a tap on its close control closes it.
    package var browser: BrowserArea?
    package struct BrowserArea: Hashable, Sendable {
        package var frame: Rect
        package var close: Rect
        package init(frame: Rect, close: Rect) {
            self.frame = frame
            self.close = close
        }
    }
    /// Painted elements in paint order (later ones on top).
    public private(set) var entries: [Entry] = []
    package private(set) var blockers: [Blocker] = []
    private var position: [Int: Int] = [:]

    package init(screen: Rect) { self.screen = screen }

    /// Appends an element painted after every one added so far.
    package mutating func append(_ e: Entry, blocks: Bool = false) {
        position[e.id] = entries.count
        if blocks { blockers.append(Blocker(position: entries.count, id: e.id, isDrawer: e.kind == .navigationView)) }
        entries.append(e)
    }

    /// Element `id`'s entry (nil when it is not laid out).
    public func entry(_ id: Int) -> Entry? { position[id].map { entries[$0] } }

    /// What a touch at `p` (dp) reaches.
    package enum Touch: Hashable, Sendable {
        /// The topmost element whose visible area holds the point.
        case element(Int)
        /// Nothing: a modal dialog or sheet (`by`) takes the touch outside its panel.
        case blocked(by: Int)
        /// The scrim of the open drawer `drawer` (the touch closes it).
        case scrim(drawer: Int)
        /// Nothing at all (off screen, or only the window behind).
        case nothing
        /// The in-app browser over the screen: its close control, or its page.
        case browser(close: Bool)
    }

    /// The one rule: the topmost element in paint order whose visible area holds `p`, unless an
    /// overlay above it takes the touch first.
    package func touch(at p: Point) -> Touch {
        guard screen.contains(p) else { return .nothing }
        if let b = browser, b.frame.contains(p) { return .browser(close: b.close.contains(p)) }
        let top = blockers.last
        for i in stride(from: entries.count - 1, through: 0, by: -1) {
            if let b = top, i < b.position { return b.isDrawer ? .scrim(drawer: b.id) : .blocked(by: b.id) }
            if let v = entries[i].visible, v.contains(p) { return .element(entries[i].id) }
        }
        return .nothing
    }

    /// Whether `id` is `ancestor` or inside it (following painted parents).
    package func isInside(_ id: Int, _ ancestor: Int) -> Bool {
        var cur: Int? = id
        var hops = 0
        while let c = cur, hops <= entries.count {
            if c == ancestor { return true }
            cur = entry(c)?.parent
            hops += 1
        }
        return false
    }

    /// The paint root an element belongs to (active view, bar or overlay).
    package func root(of id: Int) -> Int {
        var cur = id
        var hops = 0
        while let p = entry(cur)?.parent, hops <= entries.count {
            cur = p
            hops += 1
        }
        return cur
    }

    /// Whether a touch can reach a painted element, and where.
    package enum Reach: Hashable, Sendable {
        /// A touch at `point` reaches the element or one of its descendants.
        case reachable(Point)
        /// Not painted now (hidden, another view or page, a closed drawer, not attached).
        case notShown
        case zeroSize
        /// Its frame lies wholly outside the clip of `by` (scrolled out, clipped, off screen when nil).
        case clippedOut(by: Int?)
        /// Every visible point of it is covered by `by` (or its subtree), or taken by an overlay.
        case covered(by: Int)
        /// Under the in-app browser.
        case underBrowser
    }

    /// Occluders more than this are sampled no further (a free point among them is searched
    /// column by column: quadratic in their number).
    package static let maxOccluders = 4096

    /// Whether a touch somewhere on `id`'s visible area reaches it (item 39: an element named by id
    /// or locator is delivered only then).
    package func reach(_ id: Int) -> Reach {
        guard let pos = position[id] else { return .notShown }
        let e = entries[pos]
        guard e.frame.width > 0, e.frame.height > 0 else { return .zeroSize }
        guard let area = e.visible else { return .clippedOut(by: e.clippedBy) }
        if let b = browser, b.frame.intersection(area) == area { return .underBrowser }
        if let b = blockers.last(where: { $0.position > pos }), !isInside(id, b.id) { return .covered(by: b.id) }
        var occluders: [(rect: Rect, id: Int)] = []
        for j in (pos + 1)..<entries.count {
            guard let v = entries[j].visible, !isInside(entries[j].id, id) else { continue }
            let o = v.intersection(area)
            if o.width > 0 && o.height > 0 { occluders.append((o, entries[j].id)) }
            if occluders.count >= Self.maxOccluders { break }
        }
        if let p = Self.freePoint(in: area, outside: occluders.map(\.rect)) { return .reachable(p) }
        let biggest = occluders.max { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height }!
        // Name what a user would see covering it: the overlay or bar, when it is not the element's own root.
        let coverRoot = root(of: biggest.id)
        return .covered(by: coverRoot != root(of: id) ? coverRoot : biggest.id)
    }

    /// The part of `id` that takes touches, as a target is measured (issue 46): its visible area less
    /// what later elements outside its subtree cover (a sibling painted over it, an overlay's panel), as
    /// the largest rectangle left; nil when a finger cannot reach it at all. `cells`: grid cells
    /// examined, for tests that count work. Past `maxAreaOccluders` the visible area is the answer.
    package func touchArea(_ id: Int, cells: inout Int) -> Rect? {
        guard case .reachable = reach(id), let pos = position[id], let area = entries[pos].visible else { return nil }
        var cover: [Rect] = []
        for j in (pos + 1)..<entries.count {
            guard let v = entries[j].visible, !isInside(entries[j].id, id) else { continue }
            let o = v.intersection(area)
            if o.width > 0 && o.height > 0 { cover.append(o) }
        }
        guard !cover.isEmpty, cover.count <= Self.maxAreaOccluders else { return area }
        return Self.largestFree(in: area, outside: cover, cells: &cells)
    }

    /// Occluders more than this leave a target measured by its visible area (the search below is
    /// cubic in their number).
    package static let maxAreaOccluders = 64

    /// The largest rectangle (by area; the first found among equals) of `area` outside every
    /// rectangle of `cover`, on the grid their edges make; nil when nothing is left.
    static func largestFree(in area: Rect, outside cover: [Rect], cells: inout Int) -> Rect? {
        func cuts(_ lo: Double, _ hi: Double, _ edges: [Double]) -> [Double] {
            Array(Set([lo, hi] + edges.map { min(hi, max(lo, $0)) })).sorted()
        }
        let xs = cuts(area.minX, area.maxX, cover.flatMap { [$0.minX, $0.maxX] })
        let ys = cuts(area.minY, area.maxY, cover.flatMap { [$0.minY, $0.maxY] })
        let cols = xs.count - 1
        let rows = ys.count - 1
        guard cols > 0, rows > 0 else { return nil }
        // free[c][r]: the cell's middle lies under no cover.
        var free = [[Bool]](repeating: [Bool](repeating: true, count: rows), count: cols)
        for c in 0..<cols {
            let xm = (xs[c] + xs[c + 1]) / 2
            for r in 0..<rows {
                let ym = (ys[r] + ys[r + 1]) / 2
                free[c][r] = !cover.contains { $0.minX <= xm && xm < $0.maxX && $0.minY <= ym && ym < $0.maxY }
            }
        }
        var best: Rect?
        var bestArea = 0.0
        for c0 in 0..<cols {
            var open = [Bool](repeating: true, count: rows)
            for c1 in c0..<cols {
                let width = xs[c1 + 1] - xs[c0]
                var start: Int?
                for r in 0...rows {
                    cells += 1
                    if r < rows { open[r] = open[r] && free[c1][r] }
                    if r < rows && open[r] {
                        if start == nil { start = r }
                        continue
                    }
                    if let s = start {
                        let height = ys[r] - ys[s]
                        if width * height > bestArea {
                            bestArea = width * height
                            best = Rect(x: xs[c0], y: ys[s], width: width, height: height)
                        }
                    }
                    start = nil
                }
            }
        }
        return best
    }

    /// A point of `area` outside every rectangle of `cover` (the middle of the first free cell,
    /// at least 1 dp each way, or the whole area when it is smaller), or nil.
    static func freePoint(in area: Rect, outside cover: [Rect]) -> Point? {
        if cover.isEmpty { return Point(x: area.midX, y: area.midY) }
        let minW = min(1, area.width)
        let minH = min(1, area.height)
        var xs = Set([area.minX, area.maxX])
        for r in cover {
            xs.insert(max(area.minX, r.minX))
            xs.insert(min(area.maxX, r.maxX))
        }
        let cuts = xs.sorted()
        for (x0, x1) in zip(cuts, cuts.dropFirst()) where x1 - x0 >= minW {
            let xm = (x0 + x1) / 2
            let spans = cover.filter { $0.minX <= xm && xm < $0.maxX }.map { ($0.minY, $0.maxY) }.sorted { $0.0 < $1.0 }
            var y = area.minY
            for (top, bottom) in spans {
                if top - y >= minH { return Point(x: xm, y: (y + top) / 2) }
                y = max(y, bottom)
            }
            if area.maxY - y >= minH { return Point(x: xm, y: (y + area.maxY) / 2) }
        }
        return nil
    }
}

/// Makes the hit map of a tree (by laying it out): the replay engine's only window on layout.
/// Counts the layouts it made (`layouts`), so tests can check that only input steps cost one.
package final class HitMapSource: @unchecked Sendable {
    private let make: (WidgetTree) -> HitMap
    package private(set) var layouts = 0
    package init(_ make: @escaping (WidgetTree) -> HitMap) { self.make = make }
    package func map(for tree: WidgetTree) -> HitMap {
        layouts += 1
        return make(tree)
    }
}

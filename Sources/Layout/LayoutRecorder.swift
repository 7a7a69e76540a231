import Primitives
import Styles
import TextLayout
import WidgetTree

/// Everything one layout pass writes down, behind one narrow API. The algorithms
/// (`LinearLayout`, `ChromeBars` ...) record frames, text, icons and rows here, relative to their
/// element's border box; `LayoutPass.finish` then makes them absolute. Keeping every write in
/// this one type means a change to how the result is stored (its tables) touches this file only,
/// not each algorithm.
final class LayoutRecorder {
    /// The result being filled: styles, scroll state, bars, overlays, toasts and work counts now;
    /// screen frames, text origins and paint order when the pass finishes.
    var result = LayoutTables()
    /// Border boxes relative to the parent's border-box origin (scroll offsets applied); absolute
    /// for the elements in `placedRoots`.
    private(set) var local: [Int: Rect] = [:]
    /// Paragraph origins relative to their element's border box.
    private(set) var localText: [Int: Point] = [:]
    private(set) var localExtraTexts: [Int: [PlacedText]] = [:]
    private(set) var localIcons: [Int: Rect] = [:]
    private(set) var localRows: [Int: [Rect]] = [:]
    /// Elements the screen places itself (application, view, bars, overlays), in paint order.
    private(set) var placedRoots: [Int] = []
    private(set) var placedSet: Set<Int> = []

    // MARK: Styles and work

    /// The style resolved for an element earlier in this pass (painting reuses it).
    func style(_ id: Int) -> ResolvedStyle? { result.styles[id] }
    func setStyle(_ id: Int, _ s: ResolvedStyle) { result.styles[id] = s }

    /// Counts work of a kind in `LayoutWork` (complexity tests). Counted here in plain integers by
    /// kind (a pass counts two kinds, a thousand times a screen) and added to `result.work` once,
    /// by `addCountedWork`, as `WorkCounts` asks of hot loops.
    func count(_ kind: String, _ n: Int = 1) {
        if let i = tallies.firstIndex(where: { $0.kind == kind }) {
            tallies[i].n &+= n
        } else {
            tallies.append((kind, n))
        }
    }
    private var tallies: [(kind: String, n: Int)] = []

    /// Adds the work counted so far to `result.work` (before the result is assembled).
    func addCountedWork() {
        for t in tallies { result.work.add(t.kind, t.n) }
        tallies = []
    }

    // MARK: Boxes

    /// An element's border box relative to its parent's (absolute for a placed root).
    func setFrame(_ id: Int, _ frame: Rect) { local[id] = frame }
    func frame(_ id: Int) -> Rect? { local[id] }
    /// Ids with a frame, sorted (so that a walk over them does not depend on dictionary order).
    var framedIds: [Int] { local.keys.sorted() }

    /// Records an element whose frame the screen sets (absolute), once in paint order.
    func placeRoot(_ id: Int, _ frame: Rect) {
        local[id] = frame
        if !placedSet.contains(id) {
            placedRoots.append(id)
            placedSet.insert(id)
        }
    }
    /// Whether the screen placed `id` itself (its frame is absolute).
    func isRoot(_ id: Int) -> Bool { placedSet.contains(id) }

    /// A bar on screen: a paint root after the view, listed in the result's bars. Its frame was
    /// set when the bar was laid out, before the view's content (which the bars bound).
    func addBar(_ id: Int) {
        placedRoots.append(id)
        placedSet.insert(id)
        result.bars.append(id)
    }
    func addOverlay(_ id: Int) { result.overlays.append(id) }
    func setContentArea(_ r: Rect) { result.contentArea = r }

    // MARK: Content of an element's box

    /// An element's primary paragraph at `origin` (relative to its border box).
    func setText(_ id: Int, _ p: ParagraphLayout, at origin: Point) {
        result.paragraphs[id] = p
        localText[id] = origin
    }
    /// One more text of an element (subtitle, Save, error line ...) after those it has.
    /// A further text an element has once in its role (a bar's subtitle or Save, a field's error line).
    /// A sizing run and the final placement both place it: the last one replaces the earlier, so the
    /// text is painted once.
    func placeExtraText(_ id: Int, _ t: PlacedText) {
        var texts = localExtraTexts[id, default: []]
        texts.removeAll { $0.role == t.role }
        texts.append(t)
        localExtraTexts[id] = texts
    }
    /// All further texts of an element (segments, radio options, action-sheet rows).
    func setExtraTexts(_ id: Int, _ texts: [PlacedText]) { localExtraTexts[id] = texts }
    func setIcon(_ id: Int, _ r: Rect) { localIcons[id] = r }
    func setRows(_ id: Int, _ rows: [Rect]) { localRows[id] = rows }

    // MARK: Scrolling and toasts

    func setScroll(_ id: Int, content: Size, offset: Double) {
        result.scrollContent[id] = content
        result.scrollOffsets[id] = offset
    }
    func scroll(_ id: Int) -> (content: Size, offset: Double)? {
        guard let c = result.scrollContent[id], let o = result.scrollOffsets[id] else { return nil }
        return (c, o)
    }
    func setScrollOffset(_ id: Int, _ offset: Double) { result.scrollOffsets[id] = offset }

    /// The open in-app browser page (screen coordinates).
    func setBrowser(_ browser: LaidOutBrowser?) { result.browser = browser }

    /// A live toast, laid out and placed (screen coordinates).
    func addToast(_ toast: LaidOutToast) {
        result.toasts.append(toast)
    }
}

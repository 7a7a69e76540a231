import JSON
import Primitives
import SessionFormat

/// Answering an action sheet (semantics.md item 40). A tap on an option row sends the sheet
/// `ValueEvent(option id)` and closes it; the Cancel row, a touch on the dimming layer around the
/// panel and a `back` send 0 and close it. The framework's `FWActionSheet` is a `Dialog`: its
/// `onValueEvent` ends the app's modal loop with that value (`include/Dialog.h`), and the app then
/// removes the sheet itself. A row is named by a point on it, by a target with its text, or by the
/// tap's `row` (0 = the first option, the number of options = Cancel).
extension ReplayEngine {
    /// The option row a tap step names by its `row` key: the step's value is the row + 1 (0: none).
    static func stepRow(_ kind: InputKind, _ value: Int) -> Int? { kind == .tap && value > 0 ? value - 1 : nil }

    /// The topmost open action sheet (the one a touch reaches) and its row a locator names by its
    /// text: `.none` when the locator does not name a row (no text, another kind or id, an index or
    /// `within`), or no sheet is open.
    enum SheetRowMatch {
        case none
        case found(sheet: Int, row: Int)
        case failed(String)
    }

    func sheetRow(matching l: Locator, map: HitMap) -> SheetRowMatch {
        guard l.text != nil || l.textContains != nil, l.index == nil, l.within == nil,
            l.kind == nil || l.kind == .actionSheet,
            let top = map.blockers.last, let entry = map.entry(top.id), entry.kind == .actionSheet,
            l.id == nil || l.id == top.id
        else { return .none }
        let labels = sheetRowLabels(top.id, entry.rows)
        let hits = labels.indices.filter { i in
            if let t = l.text, labels[i] != t { return false }
            if let part = l.textContains, !labels[i].contains(part) { return false }
            return true
        }
        if hits.count == 1 { return .found(sheet: top.id, row: hits[0]) }
        if hits.isEmpty { return .none }
        let listed = hits.map { "row \($0) \(JSONWriter.quote(labels[$0]))" }.joined(separator: "; ")
        return .failed(
            "\(l.description) matches \(hits.count) rows of \(label(top.id)): \(listed); give the tap's `row` instead")
    }

    /// What each row of a sheet says: the option labels as the app gave them, then the Cancel row's
    /// text as the look shows it.
    func sheetRowLabels(_ sheet: Int, _ rows: [HitMap.Row]) -> [String] {
        let options = tree.elements[sheet]?.options ?? []
        return rows.enumerated().map { i, row in i < options.count ? options[i].label : row.label }
    }

    /// A tap on a sheet: the row it names answers it; without one (a tap by id alone, or on the
    /// title row) nothing is sent, with a warning that says how to name a row.
    mutating func tapSheet(_ id: Int, row: Int?) {
        guard let row else {
            warn(
                "no-click",
                """
                tap on \(label(id)): it names no row of the sheet (give `row`, a target with the option's text, or \
                a point on the row); nothing is sent
                """
            )
            return
        }
        let options = tree.elements[id]!.options
        guard row <= options.count else {
            let rows =
                options.isEmpty
                ? "row 0 (Cancel)" : "rows 0 ... \(options.count) (\(options.count) option(s), then Cancel)"
            fail("not-delivered", "tap on \(label(id)) row \(row): the sheet has \(rows); not delivered")
            return
        }
        answerSheet(id, value: row < options.count ? options[row].id : 0)
    }

    /// Closes the sheet with its answer: the option id, or 0 (Cancel, the dimming layer, back).
    mutating func answerSheet(_ id: Int, value: Int) {
        tree.elements[id]!.isVisible = false
        emit("ValueEvent", to: id, [("value", .int(value))])
    }

}

/// Reaching one element without copying it. `elements[id]?.parent` copies the whole Element out
/// of the dictionary (a dozen reference-counted fields, retained and released) to read one Int,
/// and `elements[id]!.x = ...` moves it out into an Optional and back. Through an index,
/// `elements.values[i]` is edited at its address. Only for code that edits the tree anyway
/// (replay): the access asks for unique storage, as the edit does.
extension WidgetTree {
    /// `property` of element `id`, or nil when there is no such element; changes nothing.
    mutating func readInPlace<T>(_ id: Int, _ property: (Element) -> T) -> T? {
        guard let i = elements.index(forKey: id) else { return nil }
        return Self.read(&elements.values[i], property)
    }

    /// Runs `edit` on element `id` where it is stored; nil (and nothing done) when there is none.
    @discardableResult
    mutating func editInPlace<T>(_ id: Int, _ edit: (inout Element) -> T) -> T? {
        guard let i = elements.index(forKey: id) else { return nil }
        return edit(&elements.values[i])
    }

    /// Whether element `id` exists (`index(forKey:)`, no copy; not mutating).
    func contains(_ id: Int) -> Bool { elements.index(forKey: id) != nil }

    private static func read<T>(_ e: inout Element, _ property: (Element) -> T) -> T { property(e) }
}

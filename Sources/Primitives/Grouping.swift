/// Items that say the same thing, gathered as one: the one grouping behind `render check`'s changes
/// grouped by cause (`ChangeGroup`, Snapshots) and `render a11y`'s findings repeated on several screens
/// (`FoldedFinding`, Accessibility). What counts as "the same" is the caller's keys; how items gather
/// under them is decided here only (issue 50).
package enum Grouping {
    /// Each item under each of its keys: the keys in the order first given, each key's items in the
    /// order given. An item that gives one key twice is in its group once; an item with no key is in
    /// none (an item with several is in each of their groups).
    package static func group<Item, Key: Hashable>(
        _ items: some Sequence<Item>, by keys: (Item) -> [Key]
    ) -> [(key: Key, members: [Item])] {
        var out: [(key: Key, members: [Item])] = []
        var at: [Key: Int] = [:]
        for item in items {
            var given = Set<Key>()
            for k in keys(item) where given.insert(k).inserted {
                if let i = at[k] {
                    out[i].members.append(item)
                } else {
                    at[k] = out.count
                    out.append((k, [item]))
                }
            }
        }
        return out
    }
}

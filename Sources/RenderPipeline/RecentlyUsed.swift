/// A few values kept by key, the least recently used dropped past `limit`: what `render serve`'s
/// worker keeps between requests (renderers per look, states, live replays, growing decoders).
/// Meant for a handful of entries: a dictionary and an order list, linear in `limit` per use.
package struct RecentlyUsed<Value> {
    package let limit: Int
    private var values: [String: Value] = [:]
    /// Least recently used first.
    private var order: [String] = []

    package init(limit: Int) { self.limit = max(1, limit) }

    /// The value kept for `key`, which becomes the most recently used; nil when none is kept.
    package mutating func use(_ key: String) -> Value? {
        guard let value = values[key] else { return nil }
        touch(key)
        return value
    }

    /// Keeps `value` for `key` as the most recently used (replacing any kept for it); returns what
    /// was dropped to stay within `limit`, least recently used first, for its owner to let go of.
    @discardableResult package mutating func keep(_ value: Value, for key: String) -> [(key: String, value: Value)] {
        values[key] = value
        touch(key)
        var dropped: [(key: String, value: Value)] = []
        while order.count > limit {
            let old = order.removeFirst()
            if let v = values.removeValue(forKey: old) { dropped.append((old, v)) }
        }
        return dropped
    }

    /// Drops every entry whose key satisfies `predicate`.
    package mutating func removeAll(where predicate: (String) -> Bool) {
        order.removeAll(where: predicate)
        for key in Array(values.keys) where predicate(key) { values[key] = nil }
    }

    /// The keys kept, least recently used first.
    package var keys: [String] { order }

    private mutating func touch(_ key: String) {
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
    }
}

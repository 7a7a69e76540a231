/// A few values kept by key, the least recently used dropped past `limit` entries or, when the values
/// have a cost (their bytes), past `maxCost` in all (the last one kept whatever it costs): the one cache
/// of `render serve`'s worker (renderers per look, states, live replays, growing decoders) and of its
/// server (frames). Meant for tens of entries: a dictionary and an order list, linear in `limit` per use.
public struct RecentlyUsed<Value> {
    public let limit: Int
    public let maxCost: Int
    private let cost: (Value) -> Int
    private var values: [String: Value] = [:]
    /// Least recently used first.
    private var order: [String] = []
    /// The kept values' cost in all.
    public private(set) var totalCost = 0

    public init(limit: Int, maxCost: Int = .max, cost: @escaping (Value) -> Int = { _ in 0 }) {
        self.limit = max(1, limit)
        self.maxCost = maxCost
        self.cost = cost
    }

    /// The value kept for `key`, which becomes the most recently used; nil when none is kept.
    public mutating func use(_ key: String) -> Value? {
        guard let value = values[key] else { return nil }
        touch(key)
        return value
    }

    /// The value kept for `key`, leaving the order as it is.
    public func peek(_ key: String) -> Value? { values[key] }

    /// Keeps `value` for `key` as the most recently used (replacing any kept for it); returns what
    /// was dropped to stay within `limit` and `maxCost`, least recently used first, for its owner to let go of.
    @discardableResult public mutating func keep(_ value: Value, for key: String) -> [(key: String, value: Value)] {
        if let old = values.updateValue(value, forKey: key) { totalCost -= cost(old) }
        totalCost += cost(value)
        touch(key)
        var dropped: [(key: String, value: Value)] = []
        while order.count > limit || (totalCost > maxCost && order.count > 1) {
            let old = order.removeFirst()
            if let v = values.removeValue(forKey: old) {
                totalCost -= cost(v)
                dropped.append((old, v))
            }
        }
        return dropped
    }

    /// Changes the value kept for `key` in place (its cost counted again), leaving the order as it is;
    /// nothing when none is kept.
    public mutating func update(_ key: String, _ change: (inout Value) -> Void) {
        guard var v = values[key] else { return }
        totalCost -= cost(v)
        change(&v)
        totalCost += cost(v)
        values[key] = v
    }

    /// Drops every entry whose key satisfies `predicate`.
    public mutating func removeAll(where predicate: (String) -> Bool) {
        order.removeAll(where: predicate)
        for key in Array(values.keys) where predicate(key) {
            if let v = values.removeValue(forKey: key) { totalCost -= cost(v) }
        }
    }

    /// The keys kept, least recently used first.
    public var keys: [String] { order }

    public var count: Int { order.count }

    private mutating func touch(_ key: String) {
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
    }
}

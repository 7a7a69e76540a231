/// Kept intermediate work (shadow masks, shadow box masks, fill coverage) up to a memory budget:
/// past it the cache starts again empty. What it holds never changes output, only the time it
/// takes, so the simplest eviction that bounds memory is enough. Not thread-safe: its owner locks.
struct ByteBudgetCache<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    private var bytes = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    subscript(key: Key) -> Value? { entries[key] }

    /// Keeps `value` (costing `size` bytes) unless it alone is over the budget; empties the cache
    /// first when it would not fit beside what is kept.
    mutating func insert(_ value: Value, for key: Key, size: Int) {
        if bytes + size > budget {
            entries.removeAll()
            bytes = 0
        }
        if size <= budget {
            entries[key] = value
            bytes += size
        }
    }
}

/// A cache that keeps what the latest frames used. `endFrame()` drops every entry not used during
/// the frame that just ended (or the one before), so a session whose text changes every frame (a
/// counter, a clock) keeps a working set of about two frames instead of growing until a limit:
/// memory stays flat over a thousand frames. `limit` still bounds one frame's entries.
struct FrameCache<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var count: Int { current.count + previous.count }

    /// The value for `key`; an entry from the previous frame moves into the current one.
    mutating func value(for key: Key) -> Value? {
        if let v = current[key] { return v }
        // An empty table is not asked: a key is hashed again for every table looked in.
        guard !previous.isEmpty, let v = previous.removeValue(forKey: key) else { return nil }
        insert(v, for: key)
        return v
    }

    mutating func insert(_ value: Value, for key: Key) {
        if current.count >= limit {
            previous = current
            current = [:]
        }
        current[key] = value
    }

    /// Drops every entry.
    mutating func removeAll() {
        // The table keeps its room: the next session's frames fill it again without growing it.
        current.removeAll(keepingCapacity: true)
        previous = [:]
    }

    /// Ends a frame: what the ending frame used is kept for the next one; the rest is dropped.
    mutating func endFrame() {
        previous = current
        // Room for as many entries as the frame that ended used, so the next does not grow the table.
        current = Dictionary(minimumCapacity: previous.count)
    }
}

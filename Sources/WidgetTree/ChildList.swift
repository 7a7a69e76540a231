/// The children of one element, in order, with cheap removal by id.
///
/// Why not a plain `[Int]`: taking a child out of a plain array scans it for the id and shifts
/// everything after it, so emptying a list of N children one by one cost N^2 / 2 (hostile input
/// could trigger it). Here a long list keeps a map id -> slot, and a removed child leaves a
/// tombstone; tombstones are swept out once they are half the slots, so removals are amortised
/// O(1). Order semantics are those of the array: indexes (REORDER_CHILD, CREATE at an index) count
/// live children only, hidden ones included. Equality and hashing look at the live order only.
///
/// A child put in the middle (REORDER_CHILD) shifts the slots after it, so the map is dropped
/// rather than renumbered, and a list reordered again and again is searched by a plain scan (a
/// memory-speed pass; renumbering and rebuilding the map cost ~30 hash writes per slot and made
/// 20,000 reorders of 20,000 children take 12-16 s). The map comes back once several removals
/// follow one another without an insert in between (a list being emptied). Either way the slots
/// visited are counted (`ReplayWork.childrenScanned`) against the render's tree-edit budget.
package struct ChildList: Hashable, Sendable {
    /// Child ids in order, tombstones included (a slot is dead when `alive` says so).
    private var ids: [Int] = []
    /// One flag per slot while some slot is dead; empty when all are alive (the usual case).
    private var alive: [Bool] = []
    /// Dead slots in `ids`.
    private var dead = 0
    /// Slot of each live id; built on the first removal from a long list, then kept valid.
    private var slotOf: [Int: Int]? = nil

    /// Removals since the last insert in the middle (the map is built only past `scanRemovals`).
    private var removalsSinceInsert = 0

    /// Lists up to this long are scanned to remove a child: no map for small containers.
    static let scanLimit = 32
    /// Removals in a row from a long list that are scanned before the map is built.
    static let scanRemovals = 2

    package init() {}
    package init(_ ids: [Int]) { self.ids = ids }

    /// The live children in order. O(1) when no slot is dead (the stored array itself).
    package var array: [Int] {
        if dead == 0 { return ids }
        var out: [Int] = []
        out.reserveCapacity(ids.count - dead)
        for (i, id) in ids.enumerated() where alive[i] { out.append(id) }
        return out
    }

    package var count: Int { ids.count - dead }
    package var isEmpty: Bool { count == 0 }

    /// Appends `id`, or inserts it before the live child at `index` (clamped to 0...count).
    /// Returns the slots touched beyond the append itself (for `ReplayWork` counts).
    @discardableResult
    mutating func insert(_ id: Int, at index: Int? = nil) -> Int {
        let i = min(max(index ?? count, 0), count)
        if i == count {
            ids.append(id)
            if !alive.isEmpty { alive.append(true) }
            slotOf?[id] = ids.count - 1
            return 0
        }
        // In the middle: an array insert shifts the tail anyway, so sweeping tombstones first
        // (same order of cost) makes live index == slot. The map would need every later slot
        // renumbered: it is dropped instead (see the type's comment).
        slotOf = nil
        removalsSinceInsert = 0
        let work = compact()
        ids.insert(id, at: i)
        return work + ids.count - i
    }

    /// Removes `id` if present. Returns the slots scanned or swept (for `ReplayWork` counts).
    @discardableResult
    mutating func remove(_ id: Int) -> Int {
        // The last child (a list emptied from its end, a child just added) goes in O(1).
        if dead == 0, ids.last == id {
            ids.removeLast()
            slotOf?[id] = nil
            return 1
        }
        if slotOf == nil && (ids.count <= Self.scanLimit || removalsSinceInsert < Self.scanRemovals) {
            // Small list, or one just reordered: a scan is cheaper than a map; no tombstone (dead
            // == 0 without a map). The scan and the shift each visit up to the whole list.
            removalsSinceInsert += 1
            guard let s = ids.firstIndex(of: id) else { return ids.count }
            ids.remove(at: s)
            return ids.count <= Self.scanLimit ? s + 1 : ids.count + 1
        }
        var work = 0
        if slotOf == nil { work += buildMap() }
        guard let s = slotOf![id] else { return work + 1 }
        slotOf![id] = nil
        if alive.isEmpty {
            alive = Array(repeating: true, count: ids.count)
            work += ids.count
        }
        alive[s] = false
        dead += 1
        // Trailing tombstones are dropped at once, so a list emptied from its end stays dense.
        while let a = alive.last, !a {
            ids.removeLast()
            alive.removeLast()
            dead -= 1
            work += 1
        }
        if dead == 0 { alive = [] }
        if dead * 2 > ids.count { work += compact() }
        return work + 1
    }

    /// Drops every child.
    mutating func removeAll() { self = ChildList() }

    /// Sweeps the tombstones out (keeping order) and renumbers the map. Returns the slots visited.
    private mutating func compact() -> Int {
        guard dead > 0 else { return 0 }
        let visited = ids.count
        ids = array
        alive = []
        dead = 0
        if slotOf != nil { _ = buildMap() }
        return visited
    }

    private mutating func buildMap() -> Int {
        var map: [Int: Int] = [:]
        map.reserveCapacity(ids.count)
        for (s, id) in ids.enumerated() where alive.isEmpty || alive[s] { map[id] = s }
        slotOf = map
        return ids.count
    }

    package static func == (a: ChildList, b: ChildList) -> Bool { a.array == b.array }
    package func hash(into h: inout Hasher) { h.combine(array) }
}

import ServeProtocol
import Testing

@Suite struct RecentlyUsedTests {
    @Test func dropsTheLeastRecentlyUsedPastItsLimit() {
        var cache = RecentlyUsed<Int>(limit: 2)
        #expect(cache.keep(1, for: "a").isEmpty)
        #expect(cache.keep(2, for: "b").isEmpty)
        // Using "a" makes "b" the least recently used: it goes when "c" comes.
        #expect(cache.use("a") == 1)
        let dropped = cache.keep(3, for: "c")
        #expect(dropped.map(\.key) == ["b"] && dropped.map(\.value) == [2])
        #expect(cache.use("b") == nil)
        #expect(cache.keys == ["a", "c"])
    }

    @Test func keepingAKeptKeyReplacesItsValueAndDropsNothing() {
        var cache = RecentlyUsed<String>(limit: 2)
        cache.keep("one", for: "a")
        cache.keep("two", for: "b")
        #expect(cache.keep("uno", for: "a").isEmpty)
        #expect(cache.use("a") == "uno")
        #expect(cache.keys == ["b", "a"])
    }

    @Test func removesByKey() {
        var cache = RecentlyUsed<Int>(limit: 4)
        for (i, k) in ["r1\u{1}x", "r2\u{1}x", "r1\u{1}y"].enumerated() { cache.keep(i, for: k) }
        cache.removeAll { $0.hasPrefix("r1\u{1}") }
        #expect(cache.keys == ["r2\u{1}x"])
        #expect(cache.use("r1\u{1}x") == nil && cache.use("r2\u{1}x") == 1)
        // The freed places are used again: four more fit before anything is dropped.
        for k in ["p", "q", "s"] { #expect(cache.keep(0, for: k).isEmpty) }
        #expect(cache.keep(0, for: "t").map(\.key) == ["r2\u{1}x"])
    }

    /// With a cost (the server's frames: their bytes), the least recently used go past the budget too,
    /// but never the last one kept; a value changed in place is counted again.
    @Test func dropsPastItsCostButKeepsTheLastOne() {
        var cache = RecentlyUsed<[UInt8]>(limit: 10, maxCost: 10, cost: \.count)
        cache.keep([0, 0, 0, 0], for: "a")
        cache.keep([0, 0, 0, 0], for: "b")
        #expect(cache.totalCost == 8)
        #expect(cache.keep([0, 0, 0, 0], for: "c").map(\.key) == ["a"])
        #expect(cache.totalCost == 8)
        cache.update("b") { $0 = [0] }
        #expect(cache.totalCost == 5 && cache.keys == ["b", "c"])
        #expect(cache.keep(Array(repeating: 0, count: 50), for: "big").map(\.key) == ["b", "c"])
        #expect(cache.keys == ["big"] && cache.totalCost == 50)
        cache.removeAll { _ in true }
        #expect(cache.totalCost == 0 && cache.count == 0)
    }
}

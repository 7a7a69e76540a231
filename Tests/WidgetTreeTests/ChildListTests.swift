import Testing

@testable import WidgetTree

/// `ChildList` must behave exactly like the `[Int]` it replaced, tombstones and map included.
@Suite struct ChildListTests {
    /// A list past the scan limit, edited in a fixed pseudo-random order, against a plain array.
    @Test func matchesAPlainArrayUnderMixedEdits() {
        var list = ChildList()
        var model: [Int] = []
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(n, 1)))
        }
        var fresh = 1000
        for step in 0..<4000 {
            switch next(10) {
            case 0...3:
                list.insert(fresh)
                model.append(fresh)
                fresh += 1
            case 4:
                let i = next(model.count + 3) - 1
                list.insert(fresh, at: i)
                model.insert(fresh, at: min(max(i, 0), model.count))
                fresh += 1
            default:
                guard !model.isEmpty else { continue }
                let id = model[next(model.count)]
                list.remove(id)
                model.removeAll { $0 == id }
            }
            #expect(list.array == model, "step \(step)")
            #expect(list.count == model.count)
            if list.array != model { return }
        }
        #expect(list == ChildList(model))
        #expect(list.hashValue == ChildList(model).hashValue)
    }

    @Test func removingAnUnknownIdChangesNothing() {
        var list = ChildList(Array(0..<100))
        list.remove(50)
        list.remove(50)
        list.remove(7777)
        #expect(list.array == Array(0..<50) + Array(51..<100))
    }
}

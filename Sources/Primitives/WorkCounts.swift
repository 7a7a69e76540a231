import Foundation

/// Counts of work done, by kind ("glyphs shaped", "element measures", ...): operations, not time,
/// so tests can tell how an algorithm's cost grows with its input on any machine, however busy.
///
/// Hot loops count in local integers and add them here once per pass (a paragraph, a layout, a
/// step), so counting costs nothing measurable and never changes output. Each engine keeps its own
/// counts (per instance; a shared engine adds under the lock it already has).
package struct WorkCounts: Sendable, Equatable, CustomStringConvertible {
    private var counts: [String: Int] = [:]
    package init() {}

    /// The count of one kind (0 when none was recorded).
    package subscript(_ kind: String) -> Int {
        get { counts[kind] ?? 0 }
        set { counts[kind] = newValue }
    }

    /// Adds `n` operations of `kind`.
    package mutating func add(_ kind: String, _ n: Int) {
        guard n != 0 else { return }
        counts[kind, default: 0] &+= n
    }

    /// Adds every count of `other`.
    package mutating func add(_ other: WorkCounts) {
        for (k, v) in other.counts { add(k, v) }
    }

    /// The kinds recorded, sorted (stable output).
    package var kinds: [String] { counts.keys.sorted() }

    /// All operations of every kind.
    package var total: Int { counts.values.reduce(0, &+) }

    /// `kind=n` pairs, sorted by kind.
    package var description: String { kinds.map { "\($0)=\(counts[$0]!)" }.joined(separator: " ") }

    /// The largest ratio of work between inputs of size `large` and `small` that an algorithm in
    /// O(n log n) can show: (large / small) x log2(large) / log2(small), times `slack` for constant
    /// terms. A quadratic algorithm shows about (large / small)^2 and exceeds it for 8x steps.
    package static func nLogNRatio(small: Int, large: Int, slack: Double = 1.25) -> Double {
        let s = Double(max(2, small))
        let l = Double(max(2, large))
        return l / s * log2(l) / log2(s) * slack
    }

    /// The kinds whose count grew faster than n log n from `small` (the work for size `n`) to
    /// `large` (for size `m`), one message each ("kind: a -> b (xr, bound xq)"); empty when every
    /// kind is within `nLogNRatio`. The complexity tests of every stage report these.
    package static func growthBeyondNLogN(_ small: WorkCounts, _ large: WorkCounts, n: Int, m: Int) -> [String] {
        let bound = nLogNRatio(small: n, large: m)
        return Set(small.kinds + large.kinds).sorted().compactMap { kind in
            let ratio = Double(large[kind]) / Double(max(1, small[kind]))
            return ratio <= bound ? nil : "\(kind): \(small[kind]) -> \(large[kind]) (x\(ratio), bound x\(bound))"
        }
    }
}

/// A value carried along in a `Hashable` type but never compared or hashed: counters in a value
/// whose equality means "the same content" (two trees with the same elements are equal, however
/// they were built).
@propertyWrapper
package struct Uncompared<Value: Sendable>: Hashable, Sendable {
    package var wrappedValue: Value
    package init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    package static func == (_: Self, _: Self) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}

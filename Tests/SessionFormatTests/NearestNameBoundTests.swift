import Testing

@testable import SessionFormat

/// "Did you mean" is bounded (docs/limits.md, "Names compared"; issue 44): the work of a
/// comparison is counted in table cells, so these fail on a quadratic comparison however fast the
/// machine, and the answers for names of normal length are those of a plain Levenshtein.
struct NearestNameBoundTests {
    /// The whole table, no band, no cutoff: what NearestName answered before it was bounded.
    static func plain(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }

    /// Texts from a fixed generator over a small alphabet (near neighbours are common).
    static func texts(_ count: Int, length: ClosedRange<Int>, seed: UInt64, alphabet: String = "abcAB_") -> [String] {
        var x = seed
        let letters = Array(alphabet)
        func next() -> Int {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(x >> 33)
        }
        return (0..<count).map { _ in
            let n = length.lowerBound + next() % (length.count)
            return String((0..<n).map { _ in letters[next() % letters.count] })
        }
    }

    @Test func sameAnswersAsThePlainDistanceForNames() {
        let names = Self.texts(300, length: 0...20, seed: 7)
        let probes = Self.texts(60, length: 0...20, seed: 11)
        for p in probes {
            for n in names {
                // With any cutoff: the distance when within it, nil when not.
                let d = Self.plain(Array(p), Array(n))
                for cutoff in [0, 1, 2, 3, 8] {
                    var cells = 0
                    let got = NearestName.distance(Array(p), Array(n), cutoff: cutoff, cells: &cells)
                    #expect(got == (d <= cutoff ? d : nil), "\(p) / \(n) cutoff \(cutoff)")
                }
            }
            // nearest: the smallest within the limit, alphabetical among equals, nil on an exact name.
            let limit = p.count <= 3 ? 1 : min(3, max(2, p.count / 3))
            let key = Array(p.lowercased())
            let scored = names.map { ($0, Self.plain(key, Array($0.lowercased()))) }.filter { $0.1 <= limit }
            let best = scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
            let expected = names.contains(p) ? nil : best
            #expect(NearestName.nearest(to: p, in: names) == expected, "\(p)")
        }
    }

    @Test func rankingKeepsThePlainOrderOfTheListedOnes() {
        let texts = Self.texts(200, length: 0...30, seed: 3)
        for wanted in Self.texts(30, length: 1...30, seed: 5) {
            var cells = 0
            let got = NearestName.ranked(wanted, texts, keep: 5, cells: &cells)
            let plain = texts.indices.sorted {
                (Self.plain(Array(texts[$0]), Array(wanted)), $0) < (Self.plain(Array(texts[$1]), Array(wanted)), $1)
            }
            #expect(Array(got.prefix(5)) == Array(plain.prefix(5)), "\(wanted)")
            #expect(got.count == texts.count && Set(got).count == texts.count)
        }
    }

    /// Issue 44's screen: 40 labels of 10,000 characters, a target of 4,000. Unbounded that is
    /// 1.6 x 10^9 cells per tap; bounded at most 128 x 128 per label, and the same for texts ten
    /// times longer (the work does not grow with the text).
    @Test func longTextsCostABoundedNumberOfCells() {
        let labels = Self.texts(40, length: 10_000...10_000, seed: 21, alphabet: "abcdefghij ")
        let wanted = Self.texts(1, length: 4_000...4_000, seed: 99, alphabet: "abcdefghij ")[0]
        /// The cells for the texts made `times` as long (the same start, more after it).
        func cells(_ times: Int) -> Int {
            var n = 0
            let longer = labels.map { String(repeating: $0, count: times) }
            _ = NearestName.ranked(String(repeating: wanted, count: times), longer, keep: 5, cells: &n)
            return n
        }
        let perLabel = NearestName.maxCompared * NearestName.maxCompared
        let short = cells(1)
        #expect(short > 0 && short <= 40 * perLabel, "\(short) cells")
        #expect(cells(10) == short)
        // A misspelt long name: the limit's band (at most 3 edits: 7 cells a row) and 128 rows.
        let long = String(repeating: "abcdefghij", count: 10_000)
        var n = 0
        #expect(NearestName.nearest(to: long + "x", in: [long, long + "yz"], cells: &n) == long)
        #expect(n <= 2 * NearestName.maxCompared * 7, "\(n) cells")
    }

    /// Past the best held, a comparison stops: five near texts first, then 1,000 far ones cost
    /// about one row each, not a table each.
    @Test func farCandidatesStopEarly() {
        let wanted = String(repeating: "q", count: 100)
        let near = (0..<5).map { _ in wanted }
        let far = Self.texts(1_000, length: 100...100, seed: 8, alphabet: "xyz")
        var cells = 0
        let order = NearestName.ranked(wanted, near + far, keep: 5, cells: &cells)
        #expect(Array(order.prefix(5)) == [0, 1, 2, 3, 4])
        // The five near ones compared in full (no cutoff yet), each far one abandoned at its first row.
        #expect(cells <= 5 * 100 * 100 + 1_000, "\(cells) cells")
    }
}

import Foundation
import Primitives
import Testing

@testable import Snapshots

/// Grouping measured on seeded changes (issue 50): Tests/GroupingCorpus/seeded-changes.json holds
/// changes seeded into the committed goldens' sidecars of every sample in three looks, each with the
/// words of the groups it belongs in, made by scripts/make-grouping-corpus.py independently of the
/// grouping code. Each seed is applied to its golden's sidecar, compared (`SemanticDiff`,
/// the environment, `PaintedElement`) and the outcomes grouped: the precision and recall of group
/// membership must be at least 95% (they are 100%), and every group's words exactly the expected.
struct GroupingCorpusTests {
    struct Corpus: Decodable {
        var changes: [Seeded]
    }
    struct Seeded: Decodable {
        var look: String
        var golden: String
        var kind: String
        var ops: [Op]
        var groups: [String]
    }
    struct Op: Decodable {
        var op: String
        var id: Int?
        var property: String?
        var value: JSONValue?
        var frame: [Double]?
        var box: [Int]?
        var element: SnapshotSidecar.ElementRecord?
    }
    enum JSONValue: Decodable {
        case string(String)
        case number(Double)
        init(from d: Decoder) throws {
            let c = try d.singleValueContainer()
            if let s = try? c.decode(String.self) {
                self = .string(s)
            } else {
                self = .number(try c.decode(Double.self))
            }
        }
        var string: String? { if case .string(let s) = self { return s } else { return nil } }
        var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    }

    static let folders = ["default": "Snapshots", "ios": "Snapshots/ios", "android": "Snapshots/android"]

    /// The outcome of one seeded change: its golden's sidecar against the seeded one.
    static func outcome(_ s: Seeded, index: Int) throws -> SnapshotOutcome {
        let path = Support.root + "/" + (folders[s.look] ?? "?") + "/" + s.golden + ".json"
        var old = try #require(SnapshotSidecar.read(path), "no sidecar \(path)")
        var new = old
        var regions: [PixelBox] = []
        func at(_ id: Int?) throws -> Int {
            try #require(new.elements.firstIndex { $0.id == id }, "no element \(id ?? -1)")
        }
        for op in s.ops {
            switch op.op {
            case "color": new.elements[try at(op.id)].colors[op.property ?? ""] = op.value?.string
            case "frame": new.elements[try at(op.id)].frame = op.frame ?? []
            case "text": new.elements[try at(op.id)].text = op.value?.string ?? ""
            case "lines": new.elements[try at(op.id)].lines = op.value?.number.map { Int($0) }
            case "cut":
                let i = try at(op.id)
                new.elements[i].cut = true
                old.elements[i].cut = false
            case "remove": new.elements.remove(at: try at(op.id))
            case "add": new.elements.append(try #require(op.element))
            case "renderer": new.environment.rendererVersion = op.value?.string ?? ""
            case "region":
                let b = op.box ?? [0, 0, 0, 0]
                regions.append(PixelBox(x: b[0], y: b[1], width: b[2], height: b[3]))
            default: Issue.record("unknown op \(op.op)")
            }
        }
        var o = SnapshotOutcome(
            name: "\(s.look)/\(s.golden)#\(index)", session: "\(s.look)/" + s.golden.split(separator: "@")[0] + ".json",
            snapshot: nil, status: .failed, golden: s.golden + ".png", mismatch: 0.01, reproduce: "",
            message: s.kind)
        o.changes = SemanticDiff.changes(expected: old, actual: new)
        o.environmentChanges = old.environment.changes(to: new.environment)
        o.regions = regions
        if o.changes.isEmpty { o.paintedIn = PaintedElement.name(regions: regions, sidecar: new) }
        return o
    }

    @Test func seededChangesLandInTheirGroupsWithExactWords() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: Support.root + "/Tests/GroupingCorpus/seeded-changes.json"))
        let corpus = try JSONDecoder().decode(Corpus.self, from: data)
        // The corpus is what the issue asks: at least 200 changes of at least 10 kinds, every look, many samples.
        #expect(corpus.changes.count >= 200)
        #expect(Set(corpus.changes.map(\.kind)).count >= 10)
        #expect(Set(corpus.changes.map(\.look)) == ["default", "ios", "android"])
        #expect(Set(corpus.changes.map { $0.golden.split(separator: "@")[0] }).count >= 15)

        let outcomes = try corpus.changes.enumerated().map { try Self.outcome($1, index: $0) }
        let groups = ChangeGroup.groups(of: outcomes)
        // Membership as (snapshot, cause words) pairs: found by the grouping, expected by the corpus.
        let found = Set(groups.flatMap { g in g.snapshots.map { $0 + "\u{0}" + g.cause } })
        var expected = Set<String>()
        for (o, s) in zip(outcomes, corpus.changes) { for w in s.groups { expected.insert(o.name + "\u{0}" + w) } }
        let both = found.intersection(expected).count
        let precision = Double(both) / Double(max(1, found.count))
        let recall = Double(both) / Double(max(1, expected.count))
        // Pairs of snapshots put together: by the grouping, and by the corpus.
        func pairs(_ members: [[String]]) -> Set<String> {
            var out = Set<String>()
            for m in members {
                for a in m { for b in m where a < b { out.insert(a + "\u{0}" + b) } }
            }
            return out
        }
        var byWords: [String: [String]] = [:]
        for (o, s) in zip(outcomes, corpus.changes) { for w in s.groups { byWords[w, default: []].append(o.name) } }
        let foundPairs = pairs(groups.map(\.snapshots))
        let expectedPairs = pairs(Array(byWords.values))
        let pairPrecision = Double(foundPairs.intersection(expectedPairs).count) / Double(max(1, foundPairs.count))
        let pairRecall = Double(foundPairs.intersection(expectedPairs).count) / Double(max(1, expectedPairs.count))
        print(
            """
            grouping corpus: \(corpus.changes.count) seeded changes, \(Set(corpus.changes.map(\.kind)).count) kinds, \
            \(groups.count) groups (\(byWords.count) expected); membership precision \(precision), recall \(recall); \
            pairs precision \(pairPrecision), recall \(pairRecall)
            """)
        #expect(precision >= 0.95 && recall >= 0.95, "precision \(precision), recall \(recall)")
        #expect(pairPrecision >= 0.95 && pairRecall >= 0.95, "pairs: precision \(pairPrecision), recall \(pairRecall)")
        // Every group's words exactly an expected group's, with its count: no group hides another change.
        #expect(Set(groups.map(\.cause)) == Set(byWords.keys))
        for g in groups {
            let want = byWords[g.cause] ?? []
            #expect(g.snapshots == want, "\(g.cause)")
            let sessions = Set(want.map { n in outcomes.first { $0.name == n }?.session ?? "" }).count
            #expect(g.words == g.cause + ": " + ChangeGroup.countWords(snapshots: want.count, sessions: sessions))
        }
        // A second colour in one snapshot of the theme's group is a group of its own, and that
        // snapshot is in both.
        let second = try #require(corpus.changes.firstIndex { $0.kind == "second colour" })
        let name = outcomes[second].name
        let theirs = groups.filter { $0.snapshots.contains(name) }.map(\.cause)
        #expect(theirs.count >= 2 && theirs.contains { $0.hasSuffix("color #212121 -> #303030") })
        #expect(theirs.contains { $0.hasSuffix(" -> #0b5394") })
    }
}

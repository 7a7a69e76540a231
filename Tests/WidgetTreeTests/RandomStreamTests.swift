import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

/// A small deterministic generator (SplitMix64), so the streams are the same on every run.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}

@Suite struct RandomStreamTests {
    /// Random streams of tree commands with clashing, missing and extreme ids never trap, and the
    /// tree stays consistent: parents and children agree and nothing is its own ancestor.
    @Test(arguments: 1...12)
    func randomStreamsKeepTheTreeConsistent(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed))
        let types: [CommandType] = [
            .CREATE_LINEAR_LAYOUT, .CREATE_FRAMEVIEW, .CREATE_TEXT, .CREATE_BUTTON, .CREATE_DIALOG,
            .CREATE_NAVIGATIONVIEW, .DELETE_ELEMENT, .REMOVE_CHILD, .REORDER_CHILD, .SET_INT_VALUE,
            .SET_VISIBILITY, .CLEAR, .CREATE_TIMER, .CREATE_TOAST, .ADD_IMAGE_URL, .SET_TEXT_VALUE,
        ]
        let extremes = [Int.max, Int.min, -1, 0]
        var steps: [Step] = [Step(.command(Command(type: .CREATE_APPLICATION, childInternalId: 1)), index: 0)]
        for i in 1...400 {
            let pick = rng.int(0...20)
            let kind: StepKind
            switch pick {
            case 17: kind = .tick(ms: rng.int(0...2_000))
            case 18:
                kind = .input(
                    [.press, .release, .tap, .select, .scroll, .input][rng.int(0...5)],
                    internalId: rng.int(0...30), value: rng.int(-5...5), text: ["", "menu", "x"][rng.int(0...2)])
            case 19: kind = .snapshot(name: "s\(i)")
            default:
                let id = { (r: inout SplitMix) in r.int(0...9) == 0 ? extremes[r.int(0...3)] : r.int(0...30) }
                kind = .command(
                    Command(
                        type: types[rng.int(0...types.count - 1)], internalId: id(&rng),
                        childInternalId: id(&rng),
                        value: rng.int(0...9) == 0 ? extremes[rng.int(0...3)] : rng.int(-3...300),
                        textValue: ["", "https://x/a.jpg", "a.png"][rng.int(0...2)], width: rng.int(0...300)))
            }
            steps.append(Step(kind, index: i))
        }
        let r = Replayer(session: Session(name: "random", steps: steps), options: ReplayOptions(captureTicks: true))
            .run()
        for capture in r.captures {
            let t = capture.tree
            for (id, e) in t.elements {
                for c in e.children { #expect(t[c]?.parent == id) }
                if let p = e.parent { #expect(t[p]?.children.contains(id) == true) }
                #expect(!(e.parent.map { t.isAncestor(id, of: $0) } ?? false), "cycle through \(id)")
            }
            for id in t.overlayIds { #expect(t[id] != nil) }
        }
        #expect(r.captures.last?.kind == .final)
        #expect(zip(r.events, r.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    /// Random bytes and truncated sessions are rejected or decoded, never a crash.
    @Test func garbageInputNeverTraps() throws {
        var rng = SplitMix(state: 99)
        let valid = Array(
            #"""
            {"format": "framework-session", "version": 1, "steps": [{"type": "CREATE_TEXT", "textValue": \#
            "\u00e4\ud83d\ude00"}, {"type": "tick", "ms": 1e400}]}
            """#
            .utf8)
        for n in 0..<300 {
            var bytes = Array(valid.prefix(rng.int(0...valid.count)))
            if n % 2 == 0, !bytes.isEmpty { bytes[rng.int(0...bytes.count - 1)] = UInt8(rng.int(0...255)) }
            if let (s, _) = try? SessionDecoder().decode(data: bytes, path: "g.json") {
                _ = Replayer(session: s).run()
            }
        }
    }
}

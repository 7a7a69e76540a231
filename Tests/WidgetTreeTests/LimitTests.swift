import SessionFormat
import Testing

@testable import WidgetTree

/// Replay limits (docs/limits.md): depth, and the attach fast path that keeps deep chains linear.
@Suite struct LimitTests {
    /// A chain of `n` frame layouts under layout 3 (ids 100, 101, ...).
    func chain(_ n: Int) -> String {
        (0..<n).map { i in
            #"{"type": "CREATE_FRAME_LAYOUT", "internalId": \#(i == 0 ? 3 : 99 + i), "childInternalId": \#(100 + i)}"#
        }
        .joined(separator: ",")
    }

    @Test func depthWarningOnceJustPastTheLimit() throws {
        // Layout 3 is at depth 3 (app 1 > view 2 > layout 3): the chain crosses 256 at its 254th element.
        let atLimit = try replay(appViewLayout + "," + chain(ReplayOptions.maxTreeDepth - 3))
        #expect(atLimit.diagnostics.isEmpty)
        let past = try replay(appViewLayout + "," + chain(ReplayOptions.maxTreeDepth + 20))
        #expect(past.diagnostics.map(\.code) == ["tree-too-deep"])
    }

    @Test func deepChainKeepsParentsAndChildrenInStep() throws {
        let r = try replay(appViewLayout + "," + chain(2000))
        let t = r.final
        #expect(t.elements[2099]?.parent == 2098)
        #expect(t.elements[2098]?.children == [2099])
        #expect(t.isAncestor(3, of: 2099))
        #expect(t.subtree(of: 100).count == 2000)
    }

    @Test func childlessSelfParentStillRefused() throws {
        let r = try replay(
            appViewLayout
                + #"""
                , {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4}, {"type": "REORDER_CHILD", \#
                "internalId": 4, "childInternalId": 4}
                """#
        )
        #expect(r.diagnostics.map(\.code) == ["cycle"])
        #expect(r.final.elements[4]?.parent == 3)
    }
}

/// The frame limit: tick captures past `maxFrames` are dropped with one error, and the final
/// frame still comes.
@Suite struct FrameLimitTests {
    @Test func framesPastTheLimitAreDroppedOnce() throws {
        let ticks = Array(repeating: #"{"type": "tick", "ms": 1}"#, count: ReplayOptions.maxFrames + 5).joined(
            separator: ",")
        let r = try replay(appViewLayout + "," + ticks, options: ReplayOptions(captureTicks: true))
        #expect(r.diagnostics.map(\.code) == ["too-many-frames"])
        #expect(r.captures.count == ReplayOptions.maxFrames + 1)
        #expect(r.captures.last?.kind == .final)
        #expect(r.captures.last?.time == ReplayOptions.maxFrames + 5)
    }
}

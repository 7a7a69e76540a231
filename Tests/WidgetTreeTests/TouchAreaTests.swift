import Primitives
import SessionFormat
import Testing

@testable import WidgetTree

/// Issue 46: a touch target is measured by the area that takes touches (the hit map), not by its
/// frame: a part a later element covers or a clip hides does not count.
@Suite struct TouchAreaTests {
    static let screen = Rect(x: 0, y: 0, width: 400, height: 400)

    /// A button (1) at `frame`, visible as `visible`, then later elements covering `covers`.
    static func map(_ frame: Rect, visible: Rect? = nil, covers: [Rect]) -> HitMap {
        var m = HitMap(screen: screen)
        m.append(
            HitMap.Entry(id: 1, kind: .button, frame: frame, visible: visible ?? frame, parent: nil, clippedBy: nil))
        for (i, c) in covers.enumerated() {
            m.append(HitMap.Entry(id: 10 + i, kind: .text, frame: c, visible: c, parent: nil, clippedBy: nil))
        }
        return m
    }

    @Test func aSiblingOverTheTopLeavesTheBottomStrip() {
        let m = Self.map(Rect(x: 0, y: 0, width: 200, height: 100), covers: [Rect(x: 0, y: 0, width: 200, height: 70)])
        var cells = 0
        #expect(m.touchArea(1, cells: &cells) == Rect(x: 0, y: 70, width: 200, height: 30))
        // Its own child is part of the target: a touch on it reaches the button's subtree.
        var own = HitMap(screen: Self.screen)
        own.append(
            HitMap.Entry(
                id: 1, kind: .button, frame: Rect(x: 0, y: 0, width: 200, height: 100),
                visible: Rect(x: 0, y: 0, width: 200, height: 100), parent: nil, clippedBy: nil))
        own.append(
            HitMap.Entry(
                id: 2, kind: .text, frame: Rect(x: 0, y: 0, width: 200, height: 70),
                visible: Rect(x: 0, y: 0, width: 200, height: 70), parent: 1, clippedBy: nil))
        #expect(own.touchArea(1, cells: &cells) == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func aStripAcrossTheMiddleLeavesTheLargerSide() {
        let m = Self.map(
            Rect(x: 0, y: 0, width: 200, height: 100), covers: [Rect(x: 120, y: -10, width: 20, height: 200)])
        var cells = 0
        #expect(m.touchArea(1, cells: &cells) == Rect(x: 0, y: 0, width: 120, height: 100))
        // Work: cells of the grid the two edges make (3 columns, 1 row), each column range once.
        #expect(cells <= 12, "\(cells)")
    }

    @Test func aClipCountsAndAFullyCoveredTargetHasNone() {
        let clipped = Self.map(
            Rect(x: 0, y: 0, width: 200, height: 100), visible: Rect(x: 0, y: 60, width: 200, height: 40), covers: [])
        var cells = 0
        #expect(clipped.touchArea(1, cells: &cells) == Rect(x: 0, y: 60, width: 200, height: 40))
        let covered = Self.map(
            Rect(x: 0, y: 0, width: 50, height: 50), covers: [Rect(x: 0, y: 0, width: 60, height: 60)])
        #expect(covered.touchArea(1, cells: &cells) == nil)
    }
}

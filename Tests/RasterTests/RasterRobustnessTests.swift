import Painting
import Primitives
import Styles
import Testing

@testable import Raster

private typealias S = RasterTestSupport

@Test func extremeGeometryNeitherThrowsNorBleeds() throws {
    let huge = RoundedRect(rect: Rect(x: -1e9, y: 50, width: 2e9, height: 1e9), radii: Corners(all: 1e7))
    let b = try S.render([
        .fill(huge, .color(.black)),
        .fill(S.rect(.nan, 0, 10, 10), .color(.black)),
        .shadow(S.rect(10, 10, 20, 20), offset: .zero, blur: 1e7, spread: 0, color: .black),
        .shadow(S.rect(0, 0, 100, 1e6), offset: .zero, blur: 40, spread: 0, color: .black),
        .border(
            S.rect(10, 10, 20, 20), widths: Sides(all: .infinity), colors: Sides(all: .black),
            styles: Sides(all: .solid)),
        .strokePath(
            [.move(Point(x: 0, y: 0)), .line(Point(x: .infinity, y: 1))], color: .black, width: 1, dash: [],
            roundCaps: false),
        .strokePath(
            [.move(Point(x: 0, y: 10)), .line(Point(x: 100, y: 10))], color: .black, width: 2, dash: [-1, 0],
            roundCaps: false),
    ])
    #expect(b.color(x: 50, y: 80) == .black)  // the huge fill still covers what is visible
}

@Test func zeroSizedItemsDrawNothing() throws {
    let b = try S.render([
        .fill(S.rect(10, 10, 0, 50), .color(.black)),
        .border(S.rect(20, 20, 0, 0), widths: Sides(all: 2), colors: Sides(all: .black), styles: Sides(all: .solid)),
        .shadow(S.rect(30, 30, 0, 0), offset: .zero, blur: 4, spread: 0, color: .black),
        .fill(S.rect(40, 40, 10, 10), .linearGradient(start: .zero, end: .zero, stops: [])),
    ])
    for y in 0..<100 {
        for x in 0..<100 where b.color(x: x, y: y) != .white {
            Issue.record("ink at \(x),\(y)")
            return
        }
    }
}

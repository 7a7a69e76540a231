import Primitives
import Styles
import Testing

@testable import Layout
@testable import Painting

@Suite struct GradientMappingTests {
    let box = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test func angle180GoesTopToBottomThroughTheCentre() {
        let (s, e) = GradientMapper.linearEndpoints(angleDegrees: 180, box: box)
        #expect(s == Point(x: 60, y: 20))
        #expect(e == Point(x: 60, y: 70))
    }

    @Test func angle90GoesLeftToRight() {
        let (s, e) = GradientMapper.linearEndpoints(angleDegrees: 90, box: box)
        #expect(s == Point(x: 10, y: 45))
        #expect(e == Point(x: 110, y: 45))
    }

    @Test func angle45OnASquareRunsCornerToCorner() {
        // Gradient line length |w sin a| + |h cos a| = 141.42: corners get the end colours.
        let (s, e) = GradientMapper.linearEndpoints(angleDegrees: 45, box: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(abs(s.x - 0) < 1e-6 && abs(s.y - 100) < 1e-6)
        #expect(abs(e.x - 100) < 1e-6 && abs(e.y - 0) < 1e-6)
    }

    @Test func radialRadiusReachesTheFarthestCorner() {
        let p = GradientMapper.paint(
            .radialGradient(stops: [ColorStop(color: .white), ColorStop(color: .black)]), in: box)
        guard case .radialGradient(let c, let r, let stops)? = p else {
            Issue.record("not radial")
            return
        }
        #expect(c == Point(x: 60, y: 45))
        #expect(abs(r - 55.9017) < 1e-3)
        #expect(stops.map(\.position) == [0, 1])
    }

    @Test func missingStopPositionsAreSpreadEvenly() {
        let red = Color(rgb: 0xff0000)
        let green = Color(rgb: 0x00ff00)
        let blue = Color(rgb: 0x0000ff)
        let stops = GradientMapper.resolveStops([
            ColorStop(color: red), ColorStop(color: green), ColorStop(color: blue),
            ColorStop(position: 0.9, color: red), ColorStop(position: 0.5, color: blue),
        ])
        let expected = [0, 0.3, 0.6, 0.9, 0.9]
        #expect(zip(stops.compactMap(\.position), expected).allSatisfy { abs($0 - $1) < 1e-9 } && stops.count == 5)
    }

    @Test func stopPositionsFollowTheCSSRules() {
        let r = GradientStopPositions.resolve([0.2, nil, nil, 0.8, nil])
        #expect(r.map { ($0 * 100).rounded() } == [20, 40, 60, 80, 100])
        #expect(GradientStopPositions.resolve([0.5, 0.3]) == [0.5, 0.5])
        #expect(GradientStopPositions.resolve([nil]) == [0])
        #expect(GradientStopPositions.resolve([.nan, .infinity]) == [0, 1])
    }

    @Test func painterMapsABackgroundToTheElementFrame() {
        var f = PaintingFixture()
        let stops = [ColorStop(color: Color(rgb: 0xff0000)), ColorStop(color: Color(rgb: 0xffff00))]
        f.add(
            3, .frameLayout, frame: Rect(x: 0, y: 100, width: 200, height: 300),
            style: style { $0.background = .linearGradient(angleDegrees: 180, stops: stops) })
        #expect(f.dumpLines().contains("fill 0,100 200x300 linear (100, 100)->(100, 400) [#ff0000@0 #ffff00@1]"))
    }
}

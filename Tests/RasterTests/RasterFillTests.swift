import Painting
import Primitives
import Styles
import Testing

@testable import Raster

private typealias S = RasterTestSupport
private let red = Color(rgb: 0xff0000)
private let blue = Color(rgb: 0x0000ff)
private let green = Color(rgb: 0x00ff00)

@Test func backgroundIsOpaqueWhite() throws {
    let b = try S.render([])
    #expect(b.color(x: 0, y: 0) == .white)
    #expect(b.color(x: 99, y: 99) == .white)
}

@Test func roundedRectKeepsCornersWhite() throws {
    let b = try S.render([.fill(S.rect(10, 10, 60, 60, radius: 20), .color(red))])
    #expect(b.color(x: 11, y: 11) == .white)  // outside the 20 dp corner arc
    #expect(b.color(x: 68, y: 68) == .white)
    #expect(b.color(x: 40, y: 40) == red)
    #expect(b.color(x: 40, y: 10) == red)  // straight top edge is inside
}

@Test func edgesSnapToWholeDevicePixels() throws {
    // x 10.3 dp at scale 2 is 20.6 px: the edge lands on pixel 21 with no partial coverage.
    let b = try S.render([.fill(S.rect(10.3, 0, 20, 10), .color(blue))], w: 50, h: 20, scale: 2)
    #expect(b.color(x: 20, y: 5) == .white)
    #expect(b.color(x: 21, y: 5) == blue)
    #expect(b.color(x: 60, y: 5) == blue)  // right edge 30.3 dp = 60.6 px -> 61
    #expect(b.color(x: 61, y: 5) == .white)
}

@Test func linearGradientRunsTopToBottom() throws {
    let g = Paint.linearGradient(
        start: Point(x: 50, y: 0), end: Point(x: 50, y: 100),
        stops: [ColorStop(position: 0, color: red), ColorStop(position: 1, color: blue)])
    let b = try S.render([.fill(S.rect(0, 0, 100, 100), g)])
    #expect(b.color(x: 50, y: 0).near(red, 3))
    #expect(b.color(x: 50, y: 99).near(blue, 3))
    let mid = b.color(x: 50, y: 50)
    #expect(abs(Int(mid.r) - 127) <= 3 && abs(Int(mid.b) - 128) <= 3 && mid.g == 0)  // sRGB, not linear light
}

@Test func gradientToTransparentKeepsItsHue() throws {
    // Premultiplied interpolation (CSS): red fading to transparent never turns grey or dark.
    let g = Paint.linearGradient(
        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0),
        stops: [ColorStop(position: 0, color: red), ColorStop(position: 1, color: .transparent)])
    let b = try S.render([.fill(S.rect(0, 0, 100, 10), g)], h: 10)
    let mid = b.color(x: 50, y: 5)
    #expect(mid.r == 255 && abs(Int(mid.g) - 128) <= 3 && mid.g == mid.b)
}

@Test func radialGradientCentreHasFirstColour() throws {
    let g = Paint.radialGradient(
        center: Point(x: 50, y: 50), radius: 50,
        stops: [ColorStop(position: 0, color: green), ColorStop(position: 1, color: blue)])
    let b = try S.render([.fill(S.rect(0, 0, 100, 100), g)])
    #expect(b.color(x: 50, y: 50).near(green, 4))
    #expect(b.color(x: 0, y: 0).near(blue, 1))  // past the radius: padded with the last stop
}

@Test func stopPositionsAreDrawnAsGiven() throws {
    // Painting resolves positions; Raster draws a stop at 0.5 where it is, and paints nothing
    // for a position that is not a number.
    let hard = Paint.linearGradient(
        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0),
        stops: [ColorStop(position: 0.5, color: red), ColorStop(position: 0.5, color: blue)])
    let b = try S.render([.fill(S.rect(0, 0, 100, 100), hard)])
    #expect(b.color(x: 40, y: 50) == red && b.color(x: 60, y: 50) == blue)
    let bad = Paint.linearGradient(
        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0),
        stops: [ColorStop(position: .nan, color: red), ColorStop(position: 1, color: blue)])
    #expect(try S.render([.fill(S.rect(0, 0, 100, 100), bad)]).color(x: 50, y: 50) == .white)
}

@Test func clipCutsAFill() throws {
    let b = try S.render([
        .save, .clip(S.rect(0, 0, 50, 100)), .fill(S.rect(0, 0, 100, 100), .color(red)), .restore,
        .fill(S.rect(80, 80, 10, 10), .color(blue)),
    ])
    #expect(b.color(x: 49, y: 50) == red)
    #expect(b.color(x: 50, y: 50) == .white)
    #expect(b.color(x: 85, y: 85) == blue)  // the clip ended with its restore
}

@Test func zoomScalesAboutItsCentre() throws {
    let b = try S.render([
        .save, .scale(factor: 2, about: Point(x: 50, y: 50)),
        .fill(S.rect(40, 40, 20, 20), .color(red)), .restore,
        .fill(S.rect(0, 0, 5, 5), .color(blue)),
    ])
    #expect(b.color(x: 30, y: 30) == red)
    #expect(b.color(x: 69, y: 69) == red)
    #expect(b.color(x: 29, y: 50) == .white)
    #expect(b.color(x: 70, y: 50) == .white)
    #expect(b.color(x: 4, y: 4) == blue)  // back to 1:1 after restore
    #expect(b.color(x: 5, y: 5) == .white)
}

@Test func opacityLayerHalvesAColour() throws {
    let b = try S.render([
        .beginLayer(opacity: 0.5), .fill(S.rect(0, 0, 50, 50), .color(.black)),
        .fill(S.rect(25, 25, 50, 50), .color(.black)), .endLayer,
    ])
    #expect(abs(b.color(x: 10, y: 10).level - 128) <= 1)
    #expect(abs(b.color(x: 30, y: 30).level - 128) <= 1)  // overlap inside the group: still half, not 3/4
    #expect(b.color(x: 90, y: 90) == .white)
}

@Test func unbalancedStateIsTolerated() throws {
    // A restore closes a layer opened after its save; extra restores and endLayers are ignored.
    let b = try S.render([
        .restore, .endLayer, .save, .beginLayer(opacity: 0.5), .clip(S.rect(0, 0, 10, 10)),
        .fill(S.rect(0, 0, 100, 100), .color(.black)), .restore,
        .fill(S.rect(50, 50, 10, 10), .color(.black)), .beginLayer(opacity: 0.5),
    ])
    #expect(abs(b.color(x: 5, y: 5).level - 128) <= 1)
    #expect(b.color(x: 20, y: 20) == .white)
    #expect(b.color(x: 55, y: 55) == .black)
}

@Test func pathsFillAndStroke() throws {
    let tri: [PathSegment] = [
        .move(Point(x: 10, y: 10)), .line(Point(x: 90, y: 10)), .line(Point(x: 10, y: 90)), .close,
    ]
    let ring: [PathSegment] = [.arc(center: Point(x: 70, y: 70), radius: 20, start: 0, end: 2 * Double.pi)]
    let b = try S.render([
        .fillPath(tri, .color(red)),
        .strokePath(ring, color: blue, width: 4, dash: [], roundCaps: true),
    ])
    #expect(b.color(x: 20, y: 20) == red)
    #expect(b.color(x: 80, y: 80) == .white)
    #expect(b.color(x: 90, y: 70) == blue)  // on the circle, 3 o'clock
    #expect(b.color(x: 70, y: 70) == .white)
}

@Test func stopsOutsideTheLineStretchIt() throws {
    // Stops at -100 % and 100 %: the box shows the second half of a red-to-blue ramp.
    let g = Paint.linearGradient(
        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0),
        stops: [ColorStop(position: -1, color: red), ColorStop(position: 1, color: blue)])
    let b = try S.render([.fill(S.rect(0, 0, 100, 10), g)], h: 10)
    let left = b.color(x: 0, y: 5)
    let right = b.color(x: 99, y: 5)
    #expect(abs(Int(left.r) - 127) <= 3 && abs(Int(left.b) - 128) <= 3)
    #expect(right.near(blue, 3))
}

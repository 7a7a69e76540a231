import Foundation
import Primitives
import SessionFormat
import Styles
import TestSupport
import Testing
import TextLayout
import WidgetTree

@testable import Layout

/// The repository root.
private let repo = URL(fileURLWithPath: Repository.root)

/// Lays out the final frame of an example session with the default theme and the bundled fonts.
private func layoutExample(_ name: String) throws -> (WidgetTree, LayoutResult) {
    let theme = try ThemeLoader.load("default")
    let fonts = try FontLibrary(fontsDirectory: repo.appendingPathComponent("Fonts").path)
    let engine = LayoutEngine(theme: theme, text: TextEngine(fonts: fonts), images: ImageStore())
    let (session, _) = try SessionDecoder().decode(fileAt: repo.appendingPathComponent("Examples/\(name).json").path)
    let tree = Replayer(session: session).run().final
    return (tree, engine.layout(tree, device: session.device))
}

// Numbers from Examples/*.expect.json that do not depend on font metrics.

@Test func linearWeightsExampleShares344OneTwoOne() throws {
    let (_, r) = try layoutExample("linear-weights")
    #expect(r.frames[6].map { [$0.x, $0.width] } == [8, 86])
    #expect(r.frames[7].map { [$0.x, $0.width] } == [94, 172])
    #expect(r.frames[8].map { [$0.x, $0.width] } == [266, 86])
}

@Test func frameGravityExampleOffsets() throws {
    let (_, r) = try layoutExample("frame-gravity")
    #expect(r.contentArea == Rect(0, 47, 390, 797))
    #expect(r.frames[13]?.origin == Point(x: 48, y: 143))
    #expect(r.frames[14].map { Point(x: $0.maxX, y: $0.maxY) } == Point(x: 342, y: 748))
    #expect(r.frames[15] == Rect(40, 607, 310, 44))
    #expect(r.frames[12].map { Point(x: $0.maxX, y: $0.maxY) } == Point(x: 378, y: 832))
}

@Test func example1FrontViewButtonAndBar() throws {
    let (tree, r) = try layoutExample("example1-front-view")
    let bar = try #require(r.bars.first)
    #expect(tree[bar]?.kind == .actionBar)
    #expect(r.frames[bar] == Rect(0, 24, 360, 56))
    let button = try #require(r.paintOrder.first { tree[$0]?.kind == .button })
    #expect(r.frames[button]?.x == Double(75))
    #expect(!r.paintOrder.contains { tree[$0]?.kind == .navigationView })
}

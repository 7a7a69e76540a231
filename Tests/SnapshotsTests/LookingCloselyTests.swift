import Foundation
import Painting
import Primitives
import RenderPipeline
import SessionFormat
import Testing
import WidgetTree

@testable import Snapshots

/// `--bounds` and `--element` on a shared session, through the real pipeline.
struct LookingCloselyTests {
    typealias S = Support
    static let session = S.root + "/Examples/login-form.json"

    /// The final frame of login-form with `configure` applied to the options.
    func render(_ configure: (inout RenderOptions) -> Void = { _ in }) throws -> (RenderedFrame, Device) {
        var o = RenderOptions(fontsDirectory: S.fonts)
        configure(&o)
        let r = try Renderer(options: o)
        let (session, _) = try r.load(path: Self.session)
        let replay = r.replay(session)
        var last: RenderedFrame?
        _ = try r.renderEach(session, replay, only: { _, i in i == replay.captures.count - 1 }) { f, _ in last = f }
        return (try #require(last), session.device)
    }

    /// The first laid-out button (the "Sign in" button, opaque dark blue).
    func button(_ f: RenderedFrame) throws -> (Int, Rect) {
        let id = try #require(f.layout.paintOrder.first { f.capture.tree.elements[$0]?.kind == .button })
        return (id, try #require(f.layout[id]?.frame))
    }

    @Test func boundsDrawTheOverlayColourOnAnElementsEdgesOnlyWhenAsked() throws {
        let (plain, device) = try render()
        let (bounded, _) = try render { $0.showBounds = true }
        let (id, frame) = try button(plain)
        let s = device.scale
        // Left and right edge pixels half way down, and the bottom edge in the middle.
        let left = (x: Int((frame.minX * s).rounded()), y: Int((frame.midY * s).rounded()))
        let right = (x: Int((frame.maxX * s).rounded()) - 1, y: left.y)
        let bottom = (x: Int((frame.midX * s).rounded()), y: Int((frame.maxY * s).rounded()) - 1)
        for p in [left, right, bottom] {
            #expect(bounded.bitmap.color(x: p.x, y: p.y) == BoundsOverlay.lineColor, "button \(id) edge at \(p)")
            #expect(plain.bitmap.color(x: p.x, y: p.y) != BoundsOverlay.lineColor)
        }
        // Two pixels inside the edge the picture is untouched.
        let inside = (x: left.x + 2, y: left.y)
        #expect(bounded.bitmap.color(x: inside.x, y: inside.y) == plain.bitmap.color(x: inside.x, y: inside.y))
        // The overlay is made of display items after the frame's own.
        #expect(bounded.displayList.items.count > plain.displayList.items.count)
        #expect(Array(bounded.displayList.items.prefix(plain.displayList.items.count)) == plain.displayList.items)
        // The id tag sits at the top-left corner: the tag background there, text glyphs in the list.
        #expect(bounded.bitmap.color(x: left.x + 1, y: Int((frame.minY * s).rounded()) + 1) == BoundsOverlay.lineColor)
    }

    @Test func elementRendersAloneCroppedToItsFrameAtDeviceScale() throws {
        let (full, device) = try render()
        let (id, frame) = try button(full)
        let (alone, _) = try render { $0.isolatedElement = id }
        let crop = try ElementCrop.crop(id, from: alone, scale: device.scale)
        let s = device.scale
        #expect(crop.width == Int((frame.maxX * s).rounded()) - Int((frame.minX * s).rounded()))
        #expect(crop.height == Int((frame.maxY * s).rounded()) - Int((frame.minY * s).rounded()))
        #expect(abs(Double(crop.width) - frame.width * s) <= 1 && abs(Double(crop.height) - frame.height * s) <= 1)
        // Where the element paints opaquely (not the white the raster starts from), the full render
        // has the same pixels; and the element does paint most of its box.
        let x0 = Int((frame.minX * s).rounded())
        let y0 = Int((frame.minY * s).rounded())
        var painted = 0
        var equal = 0
        for y in 0..<crop.height {
            for x in 0..<crop.width {
                let c = crop.color(x: x, y: y)
                guard c != .white else { continue }
                painted += 1
                if full.bitmap.color(x: x0 + x, y: y0 + y) == c { equal += 1 }
            }
        }
        #expect(painted > crop.width * crop.height / 2)
        #expect(Double(equal) >= Double(painted) * 0.99, "\(equal) of \(painted) painted pixels match the full render")
        // Nothing else: outside the element's frame the isolated render is white.
        // (The centre of the first image view, the padlock logo: blue in the full render.)
        let images = full.layout.paintOrder.compactMap { id in
            full.capture.tree.elements[id]?.kind == .imageView ? full.layout[id]?.frame : nil
        }
        let logo = try #require(images.first)
        let lx = Int((logo.midX * s).rounded())
        let ly = Int((logo.midY * s).rounded())
        #expect(alone.bitmap.color(x: lx, y: ly) == .white && full.bitmap.color(x: lx, y: ly) != .white)
    }

    @Test func boundsWithAnElementOutlineOnlyItsSubtree() throws {
        let (full, device) = try render()
        let (id, _) = try button(full)
        let (both, _) = try render {
            $0.isolatedElement = id
            $0.showBounds = true
        }
        let s = device.scale
        // The button's own edge is outlined ...
        let frame = try #require(both.layout[id]?.frame)
        let left = (x: Int((frame.minX * s).rounded()), y: Int((frame.midY * s).rounded()))
        #expect(both.bitmap.color(x: left.x, y: left.y) == BoundsOverlay.lineColor)
        // ... and no element outside it: not the logo, not the screen's root frame at the left edge.
        let images = full.layout.paintOrder.compactMap { i in
            full.capture.tree.elements[i]?.kind == .imageView ? full.layout[i]?.frame : nil
        }
        let logo = try #require(images.first)
        let lx = Int((logo.minX * s).rounded())
        let ly = Int((logo.midY * s).rounded())
        #expect(both.bitmap.color(x: lx, y: ly) != BoundsOverlay.lineColor)
        var outlined = 0
        for y in stride(from: 0, to: both.bitmap.height, by: 7)
        where both.bitmap.color(x: 0, y: y) == BoundsOverlay.lineColor { outlined += 1 }
        #expect(outlined == 0, "\(outlined) rows of the left screen edge are outlined")
        // Only display items of the button's subtree: one tag per outlined element, all inside it.
        #expect(both.displayList.items.count < full.displayList.items.count + 40)
    }

    @Test func elementWithoutAFrameIsAClearError() throws {
        let (frame, device) = try render()
        #expect(throws: ElementCrop.Failure.self) { try ElementCrop.crop(99_999, from: frame, scale: device.scale) }
        do { _ = try ElementCrop.crop(99_999, from: frame, scale: device.scale) } catch {
            #expect("\(error)" == "no element 99999 in this frame")
        }
        // An element of the tree that layout did not place (hidden or in an inactive view), if any.
        if let hidden = frame.capture.tree.elements.keys.sorted().first(where: { frame.layout[$0] == nil }) {
            do {
                _ = try ElementCrop.crop(hidden, from: frame, scale: device.scale)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)".contains("has no frame on the screen"))
            }
        }
    }
}

import Primitives
import Testing
import WidgetTree

@testable import RenderPipeline

/// The named snapshots of the timed and interactive examples show what Examples/README.md says,
/// frame by frame: pixel probes (device pixels, dp x 2 or x 3) at points the README fixes.
@Suite struct ExampleFramesTests {
    @Test func dialogAndToast() throws {
        let f = try PipelineHarness.snapshots(of: "dialog-and-toast").frames
        let white = [255, 255, 255]
        let toast = [66, 66, 66]
        // "list": three rows, so the Share… / Delete… buttons sit lower than after the delete.
        let list = try #require(f["list"])
        #expect(list.matches(50, 521, [227, 242, 253]) && list.matches(680, 521, [255, 235, 238]))
        #expect(list.matches(20, 640, white))
        // "dialog": the screen dimmed (white at 60 %), a white panel, grey Cancel, red Delete.
        let dialog = try #require(f["dialog"])
        #expect(dialog.matches(20, 640, [153, 153, 153], tolerance: 3))
        #expect(dialog.matches(100, 600, white))
        #expect(dialog.matches(290, 840, [224, 224, 224]) && dialog.matches(460, 840, [198, 40, 40]))
        // Toast (value 0: the default look's 2 s LENGTH_SHORT, semantics.md item 41): opaque at 500
        // and 1000 ms, half faded at 1850 ms, gone at 2000 ms; the row is gone, so the buttons moved
        // up one row (96 px).
        for name in ["toast-500ms", "toast-1000ms"] {
            let b = try #require(f[name])
            #expect(b.matches(170, 1120, toast, tolerance: 2), "\(name)")
            #expect(b.matches(50, 425, [227, 242, 253]) && b.matches(20, 640, white), "\(name)")
        }
        let half = try #require(f["toast-1850ms-half-faded"])
        #expect(half.matches(170, 1120, [160, 160, 160], tolerance: 6))
        #expect(try #require(f["toast-2000ms-gone"]).matches(170, 1120, white, tolerance: 0))
        // "action-sheet": a white panel over the bottom of a dimmed screen.
        let sheet = try #require(f["action-sheet"])
        #expect(sheet.matches(20, 700, [153, 153, 153], tolerance: 3))
        #expect(sheet.matches(20, 760, white) && sheet.matches(20, 1000, white) && sheet.matches(360, 1270, white))
    }

    @Test func timersAndSpinner() throws {
        let f = try PipelineHarness.snapshots(of: "timers-and-spinner").frames
        let half = try #require(f["t500-half"])
        // The spinner (centre 180, 156 dp) half a turn from 12 o'clock: the leading (darkest)
        // spoke points down, the faded tail is up and to the left.
        let below = half.rgb(360, 330)[0]
        let above = half.rgb(360, 294)[0]
        let left = half.rgb(342, 312)[0]
        #expect(below < 130 && below < above - 40 && below < left - 60)
        // The green fill covers 156 dp of the 312 dp track starting at x = 24 dp: it ends at 180 dp.
        #expect(half.matches(100, 448, [67, 160, 71]) && half.matches(356, 448, [67, 160, 71]))
        #expect(half.matches(364, 448, [224, 224, 224]) && half.matches(660, 448, [224, 224, 224]))
        // "t1000-done": STOP hid the spinner (the column closes up) and the track is all green.
        let done = try #require(f["t1000-done"])
        #expect(done.matches(60, 320, [67, 160, 71]) && done.matches(660, 320, [67, 160, 71]))
        for y in stride(from: 160, to: 240, by: 4) { #expect(done.matches(360, y, [255, 255, 255], tolerance: 0)) }
    }

    @Test func frameAtATimeIsTheStateAfterTheStepsUpToIt() throws {
        // `--at 500`: the tick to 500 and the app's batch after it, as the "t500-half" snapshot.
        let r = try PipelineHarness.renderer()
        let (s, _) = try r.load(path: PipelineHarness.examples + "/timers-and-spinner.json")
        let c = r.state(s, at: 500)
        var at: Bitmap?
        _ = try r.renderEach(s, ReplayResult(captures: [c], events: [], diagnostics: [], final: c.tree)) { f, _ in
            at = f.bitmap
        }
        let snapshot = try PipelineHarness.snapshots(of: "timers-and-spinner", renderer: r).frames["t500-half"]
        #expect(at != nil && at == snapshot)
    }

    @Test func statesMatrix() throws {
        let f = try PipelineHarness.snapshots(of: "states-matrix").frames
        let grey = [224, 224, 224]
        let amber = [255, 202, 40]
        let (normal, selected, pressed) = (
            try #require(f["normal"]), try #require(f["selected"]), try #require(f["pressed"])
        )
        #expect(
            normal.matches(48, 200, grey) && normal.matches(200, 200, grey)
                && normal.matches(600, 400, [245, 245, 245]))
        #expect(selected.matches(48, 200, amber) && selected.matches(200, 200, amber))
        #expect(
            selected.matches(600, 400, [200, 230, 201]) && selected.matches(33, 400, [56, 142, 60], tolerance: 24))
        // ACTIVE beats SELECTED on Save and the card; Share stays amber.
        #expect(pressed.matches(48, 200, [21, 101, 192]) && pressed.matches(200, 200, amber))
        #expect(pressed.matches(600, 400, [187, 222, 251]) && pressed.matches(33, 400, [25, 118, 210], tolerance: 24))
        // Delete is grey in every snapshot (never HOVER magenta or DISABLED cyan).
        for b in [normal, selected, pressed] { #expect(b.matches(368, 200, grey)) }
    }

    @Test func imageFormats() throws {
        let f = try PipelineHarness.snapshots(of: "image-formats").frames
        let placeholders = try #require(f["placeholders"])
        let decoded = try #require(f["decoded"])
        #expect(placeholders.rgb(510, 150) != [255, 255, 255])
        // RGB565 bars, left to right (red in the high bits: yellow before cyan).
        let bars: [[Int]] = [
            [255, 255, 255], [255, 255, 0], [0, 255, 255], [0, 255, 0],
            [255, 0, 255], [255, 0, 0], [0, 0, 255], [0, 0, 0],
        ]
        for (i, x) in [510, 535, 557, 580, 603, 626, 649, 672].enumerated() {
            #expect(decoded.matches(x, 150, bars[i], tolerance: 4), "bar \(i)")
            // Before its pixels the view is one flat placeholder (its look is the theme's).
            #expect(placeholders.rgb(x, 150) == placeholders.rgb(510, 150), "bar \(i) before its pixels")
        }
        // R8 ramp black -> white; the mip chain shows level 0's blue, not level 1's red.
        #expect(decoded.rgb(490, 398)[0] < 10 && decoded.rgb(680, 398)[0] > 245)
        #expect(decoded.matches(480, 600, [16, 101, 198], tolerance: 12))
        // The http view shows its RGB555 landscape (sky) only after setImageData.
        #expect(decoded.rgb(586, 830)[2] > decoded.rgb(586, 830)[0] + 40)
        #expect(placeholders.rgb(586, 830) == placeholders.rgb(510, 150))
        // photo@2x.png is an asset: the same in both snapshots.
        #expect(placeholders.rgb(200, 900) == decoded.rgb(200, 900))
    }

    @Test func canvasSurface() throws {
        let chart = try #require(try PipelineHarness.snapshots(of: "canvas-surface").frames["chart"])
        // The ring (centre about 333, 186 dp): green clockwise from 12 o'clock over three quarters.
        let green = [67, 160, 71]
        let grey = [224, 224, 224]
        #expect(chart.matches(1072, 557, green))  // 3 o'clock
        #expect(chart.matches(1000, 628, green))  // 6 o'clock
        #expect(chart.matches(1036, 494, green, tolerance: 30))  // 1 o'clock
        #expect(chart.matches(928, 557, grey))  // 9 o'clock
        #expect(chart.matches(948, 505, grey, tolerance: 20))  // half past 10
        // Pale blue at the top of the gradient, nearly white at the bottom.
        #expect(
            chart.matches(100, 470, [228, 243, 253], tolerance: 6)
                && chart.matches(100, 1000, [251, 253, 255], tolerance: 6))
    }
}

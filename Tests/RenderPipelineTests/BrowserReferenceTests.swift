import Foundation
import Primitives
import Snapshots
import Testing

@testable import RenderPipeline

/// Boxes, borders, radii, shadows, gradients and layouts against headless Chromium: each case in
/// Fixtures/browser is a session in the subset of scripts/session2html, with Chromium's screenshot
/// beside it (regenerate with `make browser-references`).
struct BrowserReferenceTests {
    static let cases = PipelineHarness.sessions(in: PipelineHarness.fixtures + "/browser").map {
        String($0.dropLast(5))
    }

    /// Allowed mismatch (compare-png's measure): 1% for boxes, more for text (hinting and positioning differ).
    static func tolerance(_ name: String) -> Double { name.hasPrefix("text-") ? 0.03 : 0.01 }

    @Test(arguments: cases)
    func matchesChromium(_ name: String) throws {
        let dir = PipelineHarness.fixtures + "/browser/"
        let (frame, _, _) = try PipelineHarness.render(dir + name + ".json")
        let expected = try PipelineHarness.readPNG(dir + name + ".png")
        let diff = try #require(
            ImageDiff.compare(expected, frame.bitmap),
            "size differs: \(expected.width)x\(expected.height) vs \(frame.bitmap.width)x\(frame.bitmap.height)")
        if diff.mismatch > Self.tolerance(name) {
            let out = PipelineHarness.failures + "/browser-\(name).png"
            try PipelineHarness.writePNG(ImageDiff.composite(expected: expected, actual: frame.bitmap, diff: diff), out)
            Issue.record(
                """
                \(name): \(String(format: "%.3f", diff.mismatch * 100))% of pixels differ from Chromium (limit \
                \(Self.tolerance(name) * 100)%); expected | diff | actual in \(out)
                """
            )
        }
    }
}

import Foundation
import Primitives
import Snapshots
import Testing

@testable import RenderPipeline

/// Text against headless Chromium: each case in Fixtures/text is a session in the subset of
/// scripts/session2html with Chromium's screenshot (`NAME.png`) and the lines Chromium broke each
/// label into (`NAME.lines.json`); `make text-references` regenerates them (scripts/make-text-cases.py).
/// Every label must put the same words on the same lines, and the frame must differ from Chromium's
/// in under 0.5% of its pixels (compare-png's measure).
struct TextChromiumTests {
    static let directory = PipelineHarness.fixtures + "/text/"
    static let cases = PipelineHarness.sessions(in: directory).filter { !$0.hasSuffix(".lines.json") }
        .map { String($0.dropLast(5)) }
    /// compare-png's measure: share of pixels whose blurred channels differ by more than 40.
    static let tolerance = 0.005

    /// `{"labels": {"<element id>": ["line", ...]}}` as Chromium laid the labels out.
    static func chromiumLines(_ name: String) throws -> [Int: [String]] {
        let data = try #require(FileManager.default.contents(atPath: directory + name + ".lines.json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let labels = try #require(json?["labels"] as? [String: [String]], "\(name).lines.json: no labels")
        var out: [Int: [String]] = [:]
        for (k, v) in labels { out[try #require(Int(k))] = v }
        return out
    }

    /// The words of a line (spaces collapsed), so that hanging spaces do not count; soft hyphens
    /// are dropped (both sides write the hyphen drawn at a line end as "-").
    static func words(_ line: String) -> [String] {
        String(line.unicodeScalars.filter { $0 != "\u{AD}" }).split(whereSeparator: { $0 == " " || $0 == "\u{A0}" })
            .map(String.init)
    }

    @Test(arguments: cases)
    func sameLinesAndPixelsAsChromium(_ name: String) throws {
        let (frame, _, diags) = try PipelineHarness.render(Self.directory + name + ".json")
        #expect(diags.isEmpty, "\(name): \(diags)")

        let expected = try Self.chromiumLines(name)
        #expect(!expected.isEmpty)
        for id in expected.keys.sorted() {
            let want = expected[id]!.map(Self.words)
            let paragraph = try #require(frame.layout[id]?.paragraph, "\(name): label \(id) was not laid out")
            let got = paragraph.lines.map { Self.words($0.text) }
            #expect(
                got == want,
                "\(name) label \(id): lines \(paragraph.lines.map(\.text)) but Chromium has \(expected[id]!)")
        }

        let reference = try PipelineHarness.readPNG(Self.directory + name + ".png")
        let diff = try #require(
            ImageDiff.compare(reference, frame.bitmap),
            "size differs: \(reference.width)x\(reference.height) vs \(frame.bitmap.width)x\(frame.bitmap.height)")
        if diff.mismatch >= Self.tolerance {
            let out = PipelineHarness.failures + "/text-\(name).png"
            try PipelineHarness.writePNG(
                ImageDiff.composite(expected: reference, actual: frame.bitmap, diff: diff), out)
            Issue.record(
                """
                \(name): \(String(format: "%.3f", diff.mismatch * 100))% of pixels differ from Chromium (limit \
                \(Self.tolerance * 100)%); expected | diff | actual in \(out)
                """
            )
        }
        if ProcessInfo.processInfo.environment["TEXT_FIGURES"] != nil {
            print(
                """
                text-figure \(name): mismatch \(String(format: "%.3f", diff.mismatch * 100))%, mean difference \
                \(String(format: "%.3f", diff.meanDifference))
                """
            )
        }
    }

    /// Devanagari vowel-sign arches at 2x and 3x: closer than the general limit, since an arch hinted
    /// with the wrong blue zones (1 px low) still stays under it (0.021%, 0.068% and 0.356% before
    /// AutohintCoverage.swift, 0.000% after).
    @Test(arguments: ["text-devanagari", "text-scripts-scale-3", "text-devanagari-scale-3"])
    func devanagariArchesWhereChromiumHasThem(_ name: String) throws {
        let (frame, _, _) = try PipelineHarness.render(Self.directory + name + ".json")
        let reference = try PipelineHarness.readPNG(Self.directory + name + ".png")
        let diff = try #require(ImageDiff.compare(reference, frame.bitmap))
        #expect(
            diff.mismatch < 0.0001,
            "\(name): \(String(format: "%.3f", diff.mismatch * 100))% of pixels differ from Chromium")
    }

    /// The fixtures are complete: every case has its screenshot and line file.
    @Test func everyCaseHasItsReferences() {
        #expect(Self.cases.count >= 8)
        for name in Self.cases {
            #expect(FileManager.default.fileExists(atPath: Self.directory + name + ".png"), "\(name).png missing")
            #expect(
                FileManager.default.fileExists(atPath: Self.directory + name + ".lines.json"),
                "\(name).lines.json missing")
        }
    }
}

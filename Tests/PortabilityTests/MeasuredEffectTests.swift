import Foundation
import SessionFormat
import Testing

@testable import Portability

/// The measured part: the same looks, the iOS and the Android profile, and the frames that differ.
@Suite struct MeasuredEffectTests {
    static func report(_ name: String, folder: String = "/Examples") throws -> PortabilityReport {
        let m = try PortabilityMeasurer(fontsDirectory: P.root + "/Fonts")
        return PortabilityReport.make(try m.load(path: P.root + folder + "/\(name).json"), measurer: m)
    }

    /// Fixtures/shorthand-padding.json: linear-weights as it was before its paddings were written with
    /// four values (issue 46: the sample is clean now; the finding is this fixture's).
    @Test func shorthandPaddingResizesTheLabel() throws {
        let r = try Self.report("shorthand-padding", folder: "/Tests/PortabilityTests/Fixtures")
        // `padding: 4 8` on label 11: iOS 4 on every side; Android 4 8 8 8 (8 wider, 4 taller).
        let f = try #require(r.findings.first { $0.kind == .shorthandList && $0.elementId == 11 })
        let e = try #require(f.effect)
        let ios = try #require(e.ios)
        let android = try #require(e.android)
        #expect(android.width - ios.width == 8)
        #expect(android.height - ios.height == 4)
        #expect(PortabilityReport.line(f).contains("; measured: element 11: "))
        #expect(r.json.contains("\"frames\": {\"ios\": {"))
    }

    @Test func theApplicationBarIsGoneOnIOSOnly() throws {
        let r = try Self.report("example1-secondary-page")
        let f = try #require(r.findings.first { $0.kind == .appBarDropped })
        #expect(f.effect?.ios == nil && f.effect?.android != nil)
        // Colours and events do not move frames: no measurement for them.
        #expect(r.findings.filter { $0.kind == .clickValue || $0.kind == .timerTarget }.allSatisfy { $0.effect == nil })
    }
}

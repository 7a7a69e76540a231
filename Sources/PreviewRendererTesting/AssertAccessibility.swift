import Foundation
import PreviewRenderer
import Snapshots

/// Checks the backend's current screen for accessibility problems a designer can fix with styles,
/// against the findings a reviewer accepted, in XCTest or Swift Testing alike.
///
/// The checks are `render a11y`'s (docs/accessibility.md): text contrast measured from the rendered
/// pixels (WCAG 2.2 1.4.3: 4.5:1, 3:1 for large text) and touch targets smaller than the look's
/// guideline (48 x 48 dp in the default and android looks, 44 x 44 pt in ios; WCAG 2.2 2.5.8's
/// 24 x 24 noted). The findings are compared with a baseline beside the test file, named as
/// `assertSnapshot(of:)` names its goldens: `__Snapshots__/<TestFile>/<test>.<name>.a11y.json`
/// with `named:`, `<test>.1.a11y.json`, ... without (numbered apart from the snapshots). The rule is
/// `assertSnapshot`'s: with no baseline and something found, the findings are recorded and the
/// assertion fails naming the file (a clean screen needs no file); a finding the baseline does not
/// hold fails, listing each one with its frame, wording and the locator that finds it; a finding
/// that is gone is reported when the baseline is re-recorded. `PREVIEW_RECORD=failed` re-records a
/// baseline whose findings changed and `all` every one, failing the same way, so nothing passes by
/// being recorded.
public func assertAccessibility(
    of backend: HeadlessBackend, named name: String? = nil, record: RecordMode? = nil,
    snapshotsDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let place = TestPlace(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    let folder = snapshotsDirectory ?? place.besideTestFile
    let claimed = GoldenNames.accessibility.claim(folder: folder, named: name, by: place)
    guard case .success(let baselineName) = claimed else {
        if case .failure(let clash) = claimed { place.fail(clash.description) }
        return
    }
    do {
        let frame = try backend.screenshotFrame()
        var settings = SnapshotSettings(
            snapshotsDirectory: folder, failuresDirectory: place.failuresDirectory,
            record: record ?? RecordMode.forAssertions())
        settings.a11y = .fail
        let result = try A11yBaseline.check(
            frame, device: backend.device, renderer: backend.renderer, name: baselineName, screen: "final",
            settings: settings, mode: .fail)
        if result.fails { place.fail(result.message + "\n  reproduce: " + place.reproduce) }
    } catch {
        place.fail("accessibility \(baselineName): \(error)")
    }
}

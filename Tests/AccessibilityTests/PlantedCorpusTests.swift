import Foundation
import RenderPipeline
import TestSupport
import XCTest

@testable import Accessibility

/// The planted corpus (Fixtures/, table in docs/accessibility.md): every finding and every
/// non-finding, exactly, in each look the case is about.
final class PlantedCorpusTests: XCTestCase {
    static let fixtures = Bundle.module.path(forResource: "Fixtures", ofType: nil)!

    /// Every finding of a fixture as `screen: message`, in the audit's order.
    func audit(_ name: String, theme: String = "default") throws -> [String] {
        try findings(name, theme: theme).map { "\($0.screen): \($0.message)" }
    }

    func findings(_ name: String, theme: String = "default") throws -> [Finding] {
        var o = RenderOptions(fontsDirectory: Repository.fonts)
        o.theme = theme
        let renderer = try Renderer(options: o)
        var audit = AccessibilityAudit(renderer: renderer)
        let (session, _) = try renderer.load(path: Self.fixtures + "/\(name).json")
        let (found, diagnostics) = try audit.run(session)
        XCTAssertEqual(diagnostics.map(\.message), [], "\(name) replays cleanly")
        return found
    }

    /// Clean: #767676 (4.54:1), #949494 bold 20 dp and regular 24 dp (large, 3.03:1), black on a
    /// white-to-#cccccc gradient, white on a dark photo.
    static let contrastFindings = [
        #"final: text 11 "Fails at 4.48 to 1": contrast 4.47:1 on #ffffff, needs 4.5:1"#,
        #"final: text 13 "Regular 20 at 3.03": contrast 3.03:1 on #ffffff, needs 4.5:1"#,
        #"final: text 15 "Black on white to black": contrast 1.01:1 on #030303, needs 4.5:1"#,
        #"final: text 22 "On white photo": contrast 1.00:1 on #ffffff, needs 4.5:1"#,
        // Large text: the photo labels sit in 40 dp frames; at 2.0 they wrap to two lines.
        #"final: text 22 "On white photo": cut at font scale 2.0 (1 of 2 lines shown, 1 partly)"#,
        #"final: text 25 "On dark photo": cut at font scale 2.0 (1 of 2 lines shown, 1 partly)"#,
    ]

    func testCleanSessionHasNoFindings() throws {
        XCTAssertEqual(try audit("clean"), [])
    }

    func testContrastCorpus() throws {
        XCTAssertEqual(try audit("contrast"), Self.contrastFindings)
    }

    /// Clean: the 24 dp icon padded to 48 x 48, the full-width button, and in the final frame every
    /// button under the dialog (a finger cannot reach them) and the dialog's own 48 dp button. The
    /// theme's 36 dp minimum height makes the 32 and 20 dp buttons 36 high.
    static let targetFindings = [
        #"buttons: button 10 "+": target 32x36 dp, needs 48x48 dp (default)"#,
        #"buttons: button 11 "x": target 20x36 dp, needs 48x48 dp (default); below WCAG 2.2's 24x24 minimum (2.5.8)"#,
        #"buttons: button 13 "OK": target 46x46 dp, needs 48x48 dp (default)"#,
    ]

    func testTargetsCorpusDefaultLook() throws {
        XCTAssertEqual(try audit("targets"), Self.targetFindings)
    }

    /// iOS's 44 pt: the 46 pt button passes there; the others fail (the ios theme has no 36 dp minimum
    /// height for the 32 pt button, and 30 for the 20 pt one).
    func testTargetsCorpusIOSLook() throws {
        XCTAssertEqual(
            try audit("targets", theme: "ios"),
            [
                #"buttons: button 10 "+": target 32x32 pt, needs 44x44 pt (ios)"#,
                #"buttons: button 11 "x": target 20x30 pt, needs 44x44 pt (ios); "#
                    + "below WCAG 2.2's 24x24 minimum (2.5.8)",
                // Without the default look's 36 dp minimum height, the 32 pt button cuts its "+" at 2.0.
                #"buttons: button 10 "+": cut at font scale 2.0 (its one line cut short)"#,
            ])
    }

    /// The JSON record: one finding per line, fixed keys, the locator as a session `target` object.
    func testJSONLine() throws {
        let first = try findings("targets")[0]
        XCTAssertEqual(
            first.json,
            #"{"screen":"buttons","check":"target","element":10,"type":"button","text":"+","frame":[16,24,32,36],"#
                + #""locator":{"text":"+"},"measured":32,"needed":48,"#
                + #""message":"button 10 \"+\": target 32x36 dp, needs 48x48 dp (default)"}"#)
    }

    /// `render a11y`: exit 6 with findings, 0 without, as `render check`.
    func testCommandExitCodes() throws {
        guard let render = Repository.renderBinary() else { throw XCTSkip("render not built") }
        let found = try Subprocess.run(render, ["a11y", Self.fixtures + "/targets.json", "-q"])
        XCTAssertEqual(found.status, 6, found.stderr)
        let none = try Subprocess.run(render, ["a11y", Self.fixtures + "/clean.json"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, Self.fixtures + "/clean.json: no findings\n")
    }
}

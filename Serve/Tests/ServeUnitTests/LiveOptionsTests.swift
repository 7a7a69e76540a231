import Foundation
import ServeCore

/// `render serve --app PATH [APP-ARGS...]`: everything after the app's path is the app's.
final class LiveOptionsTests: XCTestCase {
    func testAppTakesTheRestOfTheLine() throws {
        let o = try ServeOptions.parse([
            "--record-dir", "walks", "--port", "0", "--app", "./example1-preview", "--device", "phone", "--port", "9",
        ])
        XCTAssertEqual(o.app, "./example1-preview")
        XCTAssertEqual(o.appArguments, ["--device", "phone", "--port", "9"])
        XCTAssertEqual(o.port, 0)
        XCTAssertEqual(o.recordDir, "walks")
        XCTAssertEqual(o.device, nil)
    }

    func testAppNeedsAPath() {
        XCTAssertThrowsError(try ServeOptions.parse(["--app"])) { e in
            XCTAssertTrue("\(e)".contains("--app needs a value"), "\(e)")
        }
    }
}

import Foundation
import ServeCore

/// `--header-timeout`, `--idle-timeout`, `--max-connections` and the open-file limit's cap
/// (docs/serve.md "Connections"; the behaviour itself is Serve/browser-tests/test_connections.py's).
final class ConnectionLimitsTests: XCTestCase {
    func testDefaults() throws {
        let o = try ServeOptions.parse([])
        XCTAssertEqual(o.connections.headerTimeout, 10)
        XCTAssertEqual(o.connections.idleTimeout, 60)
        XCTAssertEqual(o.connections.maxConnections, 256)
    }

    func testOptions() throws {
        let o = try ServeOptions.parse(["--header-timeout", "2.5", "--idle-timeout", "30", "--max-connections", "8"])
        XCTAssertEqual(o.connections.headerTimeout, 2.5)
        XCTAssertEqual(o.connections.idleTimeout, 30)
        XCTAssertEqual(o.connections.maxConnections, 8)
    }

    func testBadValues() {
        for (name, value) in [
            ("--header-timeout", "0"), ("--header-timeout", "x"), ("--idle-timeout", "-1"),
            ("--idle-timeout", "nan"), ("--max-connections", "0"), ("--max-connections", "1.5"),
        ] {
            XCTAssertThrowsError(try ServeOptions.parse([name, value])) { e in
                XCTAssertTrue("\(e)".contains(name), "\(e)")
            }
        }
    }

    func testTheMaximumFitsTheOpenFileLimit() {
        var l = ConnectionLimits()
        XCTAssertEqual(l.effectiveMaximum(openFileLimit: 1024), 256)
        l.maxConnections = 5000
        XCTAssertEqual(
            l.effectiveMaximum(openFileLimit: 1024),
            1024 - ConnectionLimits.reservedDescriptors - ConnectionLimits.refusalBand)
        XCTAssertEqual(l.effectiveMaximum(openFileLimit: 20), 1)
    }
}

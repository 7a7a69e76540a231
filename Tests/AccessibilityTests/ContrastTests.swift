import Primitives
import XCTest

@testable import Accessibility

/// WCAG 2 relative luminance and contrast ratio against the numbers WCAG's own examples give.
final class ContrastTests: XCTestCase {
    func testLuminanceEnds() {
        XCTAssertEqual(Contrast.luminance(.black), 0)
        XCTAssertEqual(Contrast.luminance(.white), 1, accuracy: 1e-12)
        XCTAssertEqual(Contrast.ratio(.black, .white), 21, accuracy: 1e-9)
    }

    func testGreysAroundTheThreshold() {
        // #767676 is the darkest grey that passes 4.5:1 on white; #777777 is just under.
        XCTAssertEqual(Contrast.ratio(Color(rgb: 0x767676), .white), 4.5422, accuracy: 1e-4)
        XCTAssertEqual(Contrast.ratio(Color(rgb: 0x777777), .white), 4.4781, accuracy: 1e-4)
        XCTAssertEqual(Contrast.ratio(Color(rgb: 0x949494), .white), 3.0335, accuracy: 1e-4)
    }

    func testPrintedRatioNeverRoundsUpToPassing() {
        XCTAssertEqual(Contrast.text(4.4781), "4.47")
        XCTAssertEqual(Contrast.text(4.4999), "4.49")
        XCTAssertEqual(Contrast.text(21), "21.00")
        XCTAssertEqual(Contrast.text(1), "1.00")
        XCTAssertEqual(Contrast.hex(Color(rgb: 0x1565c0)), "#1565c0")
    }

    func testTranslucentTextIsBlendedOverTheBackground() {
        let half = Color(r: 0, g: 0, b: 0, a: 128)
        XCTAssertEqual(Contrast.over(half, .white), Color(r: 127, g: 127, b: 127))
        XCTAssertEqual(Contrast.over(.black, .white), .black)
    }

    func testLargeTextThresholds() {
        XCTAssertEqual(ContrastCheck.needed(size: 16, weight: 400), 4.5)
        XCTAssertEqual(ContrastCheck.needed(size: 23.9, weight: 400), 4.5)
        XCTAssertEqual(ContrastCheck.needed(size: 24, weight: 400), 3)
        XCTAssertEqual(ContrastCheck.needed(size: 18.66, weight: 700), 3)
        XCTAssertEqual(ContrastCheck.needed(size: 18.6, weight: 700), 4.5)
        XCTAssertEqual(ContrastCheck.needed(size: 20, weight: 600), 4.5)
    }
}

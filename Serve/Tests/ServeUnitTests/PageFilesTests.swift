import Foundation
import ServeCore
import ServePage

/// The page (Serve/Page) is in the binary whole, and `--page-dir` names where to read it from instead.
final class PageFilesTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Page").standardized.path

    /// Every .html, .css and .js file of Serve/Page is embedded (listed in Package.swift's resources and in
    /// PageFiles.swift) as it is on disk; types.d.ts and the checkers' settings are not served.
    func testEveryPageFileIsEmbedded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
            ($0.hasSuffix(".js") || $0.hasSuffix(".css") || $0.hasSuffix(".html"))
        }
        XCTAssertEqual(Set(names), Set(PageFiles.all.keys))
        for name in names {
            let disk = try XCTUnwrap(FileManager.default.contents(atPath: Self.folder + "/" + name))
            XCTAssertEqual(PageFiles.all[name], [UInt8](disk), "\(name) differs from the copy in the binary")
        }
    }

    func testPageDirOption() throws {
        XCTAssertEqual(try ServeOptions.parse(["--page-dir", "Serve/Page", "."]).pageDir, "Serve/Page")
        XCTAssertNil(try ServeOptions.parse([]).pageDir)
        XCTAssertThrowsError(try ServeOptions.parse(["--page-dir"])) { e in
            XCTAssertTrue("\(e)".contains("--page-dir needs a value"), "\(e)")
        }
    }
}

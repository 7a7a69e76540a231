import Foundation
import Primitives
import Styles
import TestSupport

@testable import TextLayout

/// The repository's bundled fonts, shared by the tests (opened lazily, like the renderer does).
enum TestFonts {
    static let directory = Repository.fonts
    static let library: FontLibrary = try! FontLibrary(fontsDirectory: directory)
    static let engine = TextEngine(fonts: library)

    static func roboto(_ size: Double = 15, weight: Int = 400) -> ParagraphStyle {
        ParagraphStyle(font: FontSpec(family: "Roboto", weight: weight), size: size)
    }

    /// The file name behind a face id.
    static func file(_ id: FaceID) -> String {
        (library.face(id)?.path as NSString?)?.lastPathComponent ?? "?"
    }
}

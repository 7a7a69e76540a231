import Foundation
import TextLayout

/// Finds the bundled Fonts/ folder: --fonts-dir, else the library's rule (`BundledFonts`).
enum FontsLocator {
    static func find(explicit: String?) -> String? {
        if let e = explicit {
            return FileManager.default.fileExists(atPath: e + "/fonts.lock") ? BundledFonts.absolute(e) : nil
        }
        return BundledFonts.defaultDirectory()
    }
}

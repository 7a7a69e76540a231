import Foundation
import ImageAssets
import Primitives
import SessionFormat
import TestSupport
import TextLayout

@testable import Canvas

/// Shared fixtures: the repository's folders, a font library, and pixel helpers.
enum CanvasTestSupport {
    static var repo: URL { URL(fileURLWithPath: Repository.root) }
    static var assets: AssetLoader { AssetLoader(assetsDirectory: repo.appendingPathComponent("Examples/assets").path) }
    static func fonts() throws -> FontLibrary {
        try FontLibrary(fontsDirectory: repo.appendingPathComponent("Fonts").path)
    }

    /// A context of `w` x `h` dp at `scale`, without fonts unless asked.
    static func context(_ w: Double, _ h: Double, scale: Double = 1, fonts: FontLibrary? = nil) throws -> Context {
        try ContextFactory(displayScale: scale, assets: assets, fonts: fonts).createContext(width: w, height: h)
    }

    static let red = Color(r: 255, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 255), green = Color(r: 0, g: 128, b: 0)

    /// Converts a JSON call list (as in session files) into canvas ops.
    static func ops(_ json: Any) -> [CanvasOp] {
        (json as? [[Any]] ?? []).compactMap { call in
            guard let name = call.first as? String else { return nil }
            return CanvasOp(name: name, args: call.dropFirst().map(arg))
        }
    }
    static func arg(_ v: Any) -> CanvasArg {
        switch v {
        // JSONSerialization gives booleans as NSNumbers of type "c".
        case let n as NSNumber where String(cString: n.objCType) == "c": return .bool(n.boolValue)
        case let n as NSNumber: return .number(n.doubleValue)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(arg))
        default: return .null
        }
    }
}

extension Bitmap {
    /// Pixels with any ink (alpha > 0) inside the rectangle x0..<x1, y0..<y1.
    func inkCount(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
        var n = 0
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) where pixels[(y * width + x) * 4 + 3] > 0 { n += 1 }
        }
        return n
    }
    /// Bounding box of ink (alpha > 0): (minX, minY, maxX, maxY) inclusive, nil when blank.
    var inkBox: (Int, Int, Int, Int)? {
        var b: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > 0 {
                b = b.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return b
    }
}

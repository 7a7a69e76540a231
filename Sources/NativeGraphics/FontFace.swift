import CFreeType
import CHarfBuzz
import Primitives

/// One font face (a file and face index) opened through FreeType, with a HarfBuzz face for shaping.
public final class FontFace: @unchecked Sendable {
    public let path: String
    public let faceIndex: Int
    public init(path: String, faceIndex: Int = 0) throws {
        self.path = path; self.faceIndex = faceIndex
        // TODO(text helper)
    }
}

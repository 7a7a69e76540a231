/// Why an image could not be encoded or decoded: from the PNG format itself (`png`) or from zlib
/// (`zlib`). The descriptions are the messages users see ("png: corrupt or truncated data: ...").
package enum PNGError: Error, CustomStringConvertible {
    case png(String)
    case zlib(String)
    package var description: String {
        switch self {
        case .png(let m): return "png: \(m)"
        case .zlib(let m): return "zlib: \(m)"
        }
    }
}

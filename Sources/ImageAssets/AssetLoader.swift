import Primitives
import SessionFormat

/// Why an asset or pixel buffer could not be used.
public struct ImageError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ m: String) { message = m }
    public var description: String { message }
}

/// Loads PNG assets from the session's assets folder only (no `..`, absolute paths or symlinks out).
public struct AssetLoader: Sendable {
    public let assetsDirectory: String
    /// Pixels per dp of an asset without an `@Nx` suffix (semantics.md section 7 item 8).
    public let defaultDensity: Double
    public init(assetsDirectory: String, defaultDensity: Double = 3) {
        self.assetsDirectory = assetsDirectory; self.defaultDensity = defaultDensity
    }
    /// Loads `name` as an image store entry (bitmap + density from the `@Nx` suffix).
    public func load(_ name: String) throws -> ImageStore.Entry {
        throw ImageError("not implemented yet") // TODO(images helper)
    }
    /// Density for a file name: `@1x`/`@2x`/`@3x` before the extension, else the default.
    public func density(of name: String) -> Double { defaultDensity }
}

/// Decodes `PackedImageData` (every InternalFormat, level 0) into a bitmap.
public enum PackedImageDecoder {
    public static func decode(_ image: PackedImage) throws -> Bitmap {
        throw ImageError("not implemented yet") // TODO(images helper)
    }
}

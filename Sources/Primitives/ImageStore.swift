/// Decoded images a frame needs, by key, each with its density (pixels per dp).
/// Built by the pipeline before layout (layout needs image sizes; painting refers to keys; the
/// rasterizer draws the bitmaps).
public struct ImageStore: Sendable {
    public struct Entry: Hashable, Sendable {
        public var bitmap: Bitmap
        /// Pixels per dp (asset density, or the device scale for setImageData / surfaces).
        public var density: Double
        public init(bitmap: Bitmap, density: Double) {
            self.bitmap = bitmap
            self.density = density
        }
        /// Size in dp.
        public var size: Size { Size(width: Double(bitmap.width) / density, height: Double(bitmap.height) / density) }
    }
    public var entries: [String: Entry] = [:]
    public init() {}
    public subscript(key: String) -> Entry? {
        get { entries[key] }
        set { entries[key] = newValue }
    }
    /// Key of an asset file (icons, image views showing an asset, the launch screen).
    public static func assetKey(_ name: String) -> String { "asset:" + name }
    /// Key of an element's own pixels (setImageData or setSurface).
    public static func elementKey(_ id: Int) -> String { "element:\(id)" }
}

/// Decoded images a frame needs, by key, each with its density (pixels per dp).
/// Built by the pipeline before layout (layout needs image sizes; painting refers to keys; the
/// rasterizer draws the bitmaps).
package struct ImageStore: Sendable {
    package struct Entry: Hashable, Sendable {
        package var bitmap: Bitmap
        /// Pixels per dp (asset density, or the device scale for setImageData / surfaces).
        package var density: Double
        package init(bitmap: Bitmap, density: Double) {
            self.bitmap = bitmap
            self.density = density
        }
        /// Size in dp.
        package var size: Size { Size(width: Double(bitmap.width) / density, height: Double(bitmap.height) / density) }
    }
    package var entries: [String: Entry] = [:]
    package init() {}
    package subscript(key: String) -> Entry? {
        get { entries[key] }
        set { entries[key] = newValue }
    }
    /// Key of an asset file (icons, image views showing an asset, the launch screen).
    package static func assetKey(_ name: String) -> String { "asset:" + name }
    /// Key of an element's own pixels (setImageData or setSurface).
    package static func elementKey(_ id: Int) -> String { "element:\(id)" }
}

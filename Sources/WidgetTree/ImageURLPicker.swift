/// Picks an image URL the way the framework's `ImageSet::getSuitable` does (framework-protocol.md
/// section 5): the first, by (width, height), whose width * 4 >= the view's pixel width * 3, else
/// the largest.
package enum ImageURLPicker {
    /// The URL to request for a view `viewPixelWidth` pixels wide, or nil when there are none.
    package static func pick(urls: [ImageURL], viewPixelWidth: Int) -> ImageURL? {
        let sorted = urls.sorted { ($0.width, $0.height) < ($1.width, $1.height) }
        // Int multiplications cannot overflow for pixel sizes; widths are clamped to be safe.
        let need = min(max(viewPixelWidth, 0), Int.max / 8) * 3
        return sorted.first { min(max($0.width, 0), Int.max / 8) * 4 >= need } ?? sorted.last
    }
}

/// The rows of an A8 (alpha only) mask as the compositors read them: one byte per pixel, `stride`
/// bytes per row. The memory belongs to whoever made the view (a `CairoMask` in `CairoFonts`) and
/// must outlive its use.
package struct AlphaRows {
    package let data: UnsafePointer<UInt8>
    package let width: Int
    package let height: Int
    /// Bytes per row.
    package let stride: Int
    /// Per row, the columns from its first to past its last non-zero value (nil: not known, read
    /// every column): `DirectMaskTarget` skips the zeros around them without reading them.
    package let rowSpans: [Range<Int32>]?
    /// Per row (with `rowSpans`), a run of zeros inside its span to skip as well (empty: none).
    package let rowGaps: [Range<Int32>]?

    package init(
        data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, rowSpans: [Range<Int32>]? = nil,
        rowGaps: [Range<Int32>]? = nil
    ) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.rowSpans = rowSpans
        self.rowGaps = rowGaps
    }
}

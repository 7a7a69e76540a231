/// The rendered glyph images of one face (`FontFace.glyphImage`), found by glyph, size and x phase
/// packed into one 64-bit key.
///
/// A bench screen looks up ~1,700 glyphs, nearly all hits. As a `[GlyphCacheKey: GlyphImage]` each
/// lookup cost ~700 instructions: SipHash of three fields, the probe, and the dynamic exclusivity
/// checks of a class's `var`. Here it is a multiply, a shift and a probe or two in an open-addressed
/// table that lives behind pointers (no exclusivity checks). Not thread-safe: the face's lock
/// guards it, as it guards FreeType.
final class GlyphCache {
    /// Images kept before the cache starts again from empty (as the dictionary did).
    static let limit = 4096

    private struct Table {
        var keys: UnsafeMutablePointer<UInt64>
        var images: UnsafeMutablePointer<GlyphImage?>
        /// Slot count - 1 (a power of two - 1).
        var mask: Int
        var count: Int
        /// The last `size64(pixelSize)` asked for: a run of glyphs shares one size.
        var lastPixelSize: Double
        var lastSize64: Int
    }

    /// Marks a free slot; no packed key has all the phase bits set (`pack`).
    private static let empty = UInt64.max
    /// Small to begin with: a process opens many faces and draws with few.
    private static let initialSlots = 64

    private let table: UnsafeMutablePointer<Table>

    init() {
        table = .allocate(capacity: 1)
        table.initialize(to: Self.makeTable(slots: Self.initialSlots))
    }

    deinit {
        Self.free(table.pointee)
        table.deinitialize(count: 1)
        table.deallocate()
    }

    var count: Int { table.pointee.count }

    /// The key of glyph `id` at `size64` (1/64 px) and phase `quarter` (-8...8), or nil when it
    /// does not fit 64 bits (a glyph id past 2^22 or a size past 2^31 px: render such glyphs uncached).
    static func pack(id: UInt32, size64: Int, quarter: Int) -> UInt64? {
        guard id < 1 << 22, size64 >= 0, size64 < 1 << 37, quarter >= -8, quarter <= 8 else { return nil }
        return UInt64(id) | UInt64(quarter + 8) << 22 | UInt64(size64) << 27
    }

    /// `body(pixelSize)` for this size, remembered for the next call with the same size.
    func size64(_ pixelSize: Double, _ body: (Double) -> Int) -> Int {
        if table.pointee.lastPixelSize == pixelSize { return table.pointee.lastSize64 }
        let s = body(pixelSize)
        table.pointee.lastPixelSize = pixelSize
        table.pointee.lastSize64 = s
        return s
    }

    subscript(key: UInt64) -> GlyphImage? {
        let t = table.pointee
        var i = Self.slot(key, t.mask)
        while true {
            let k = t.keys[i]
            if k == key { return t.images[i] }
            if k == Self.empty { return nil }
            i = (i + 1) & t.mask
        }
    }

    /// Files `image` under `key` (not already present); at `limit` images the cache starts again.
    func insert(_ image: GlyphImage, for key: UInt64) {
        if table.pointee.count >= Self.limit {
            Self.free(table.pointee)
            table.pointee = Self.makeTable(slots: Self.initialSlots)
        }
        // At most half full, so probes stay short and always end on a free slot.
        if (table.pointee.count + 1) * 2 > table.pointee.mask + 1 { grow() }
        Self.place(key, image, in: &table.pointee)
        table.pointee.count += 1
    }

    private func grow() {
        let old = table.pointee
        var t = Self.makeTable(slots: (old.mask + 1) * 2)
        t.count = old.count
        for i in 0...old.mask where old.keys[i] != Self.empty {
            Self.place(old.keys[i], old.images[i], in: &t)
        }
        t.lastPixelSize = old.lastPixelSize
        t.lastSize64 = old.lastSize64
        Self.free(old)
        table.pointee = t
    }

    private static func place(_ key: UInt64, _ image: GlyphImage?, in t: inout Table) {
        var i = slot(key, t.mask)
        while t.keys[i] != empty { i = (i + 1) & t.mask }
        t.keys[i] = key
        t.images[i] = image
    }

    /// Fibonacci hashing: the top bits of key times 2^64/phi spread neighbouring ids and sizes.
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private static func makeTable(slots: Int) -> Table {
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: slots)
        keys.initialize(repeating: empty, count: slots)
        let images = UnsafeMutablePointer<GlyphImage?>.allocate(capacity: slots)
        images.initialize(repeating: nil, count: slots)
        return Table(keys: keys, images: images, mask: slots - 1, count: 0, lastPixelSize: .nan, lastSize64: 0)
    }

    private static func free(_ t: Table) {
        t.images.deinitialize(count: t.mask + 1)
        t.images.deallocate()
        t.keys.deallocate()
    }
}

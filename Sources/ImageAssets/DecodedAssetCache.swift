import Foundation
import Primitives

/// Decoded asset images kept for the life of the process, keyed on the file's real path and
/// checked against the file's whole content: a batch worker renders many sessions that show the
/// same icons, and decoding them (zlib and libpng) was about 2 M instructions a screen.
///
/// An asset is an input file, not a result of a session, so keeping its pixels between sessions
/// is like keeping a font: the entry is used only when the bytes just read from the file are
/// exactly the bytes it was decoded from (compared in full, so no hash can collide and no stale
/// `mtime` can fool it). A changed file is decoded again and replaces the entry. Decoding is a
/// function of the bytes alone; the density comes from the name each time, so two names of one
/// file still get their own densities (docs/decisions.md, "Decoded assets between sessions").
final class DecodedAssetCache: @unchecked Sendable {
    /// The one cache of the process.
    static let shared = DecodedAssetCache()

    /// Most decoded bytes (width x height x 4) held; past it the cache starts again empty.
    let byteLimit: Int
    private let lock = NSLock()
    private var entries: [String: (file: [UInt8], bitmap: Bitmap)] = [:]
    private var bytesHeld = 0

    init(byteLimit: Int = 64 << 20) { self.byteLimit = byteLimit }

    /// The bitmap decoded from `file` read at `path`: the cached one when it was decoded from
    /// these very bytes, else `decode(file)` (stored for the next time when it succeeds).
    func bitmap(path: String, file: [UInt8], decode: ([UInt8]) throws -> Bitmap) throws -> Bitmap {
        if let hit = lock.withLock({ entries[path] }), Self.same(hit.file, file) { return hit.bitmap }
        let bitmap: Bitmap
        do { bitmap = try decode(file) } catch {
            lock.withLock { forget(path) }  // the file changed into one that cannot be decoded
            throw error
        }
        let size = bitmap.pixels.count + file.count
        lock.withLock {
            forget(path)
            guard size <= byteLimit else { return }
            if bytesHeld + size > byteLimit {
                entries.removeAll()
                bytesHeld = 0
            }
            entries[path] = (file, bitmap)
            bytesHeld += size
        }
        return bitmap
    }

    /// Drops the entry of `path` (under the lock).
    private func forget(_ path: String) {
        if let old = entries.removeValue(forKey: path) { bytesHeld -= old.bitmap.pixels.count + old.file.count }
    }

    /// Entries held (for tests).
    var count: Int { lock.withLock { entries.count } }

    /// Whether two files have the same bytes (memcmp, not an element-by-element loop).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 }
        }
    }
}

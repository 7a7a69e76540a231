import Foundation
import Primitives

/// The working memory of one thread of `PNGFastDeflate`: room for the deflate bytes of every band
/// the thread codes, one after the other, where the PNG writer then reads them.
///
/// Kept in a small pool between pictures: it is sized for the worst case (several MB per thread
/// for a phone frame, of which only the pages written, about the size of the PNG, are touched),
/// and malloc maps an allocation of that size fresh (the kernel zeroing page by page) every time.
/// A batch worker encodes one picture after another, and a tick session one frame after another,
/// so the pool saves those page faults on every picture but the first. Only working memory is
/// kept, never anything of a picture's output.
final class BandScratch: @unchecked Sendable {
    struct Size: Equatable {
        /// Bytes.
        var bytes: Int
    }

    let size: Size
    let bytes: UnsafeMutablePointer<UInt8>

    private init(_ size: Size) {
        self.size = size
        bytes = .allocate(capacity: size.bytes)
    }

    deinit {
        bytes.deallocate()
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pool: [BandScratch] = []
    /// One per core is all a picture uses at once; more would only hold memory.
    private static var poolLimit: Int { Workers.limit }

    /// Scratch of exactly this size: from the pool when it has one, else new.
    static func take(_ size: Size) -> BandScratch {
        lock.lock()
        if let i = pool.firstIndex(where: { $0.size == size }) {
            let s = pool.remove(at: i)
            lock.unlock()
            return s
        }
        lock.unlock()
        return BandScratch(size)
    }

    /// Returns scratch to the pool (the oldest is dropped when it is full: a new picture size).
    static func give(_ scratch: BandScratch) {
        lock.lock()
        defer { lock.unlock() }
        pool.append(scratch)
        if pool.count > poolLimit { pool.removeFirst() }
    }
}

/// A flag one band sets for the others to stop early (a translucent pixel in `zlibRGBPiecesIfOpaque`).
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}

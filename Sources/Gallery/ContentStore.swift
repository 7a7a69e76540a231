import Foundation
import PNG
import Primitives
import RenderPipeline
import Snapshots

/// Images of the gallery, named by the sha256 of their PNG bytes (`img/HASH.png`): a picture that
/// repeats (the same screen in two states, an unchanged golden) is stored once. Thread-safe.
package final class ContentStore: @unchecked Sendable {
    package let directory: String
    private let lock = NSLock()
    private var written = Set<String>()
    /// How many images were offered and how many distinct ones written.
    package private(set) var offered = 0

    package init(directory: String) throws {
        self.directory = directory
        // Through `TempFiles.changing`: the folder is usually a temporary one that a signal removes.
        try TempFiles.changing {
            try FileManager.default.createDirectory(atPath: directory + "/img", withIntermediateDirectories: true)
        }
    }

    /// Stores PNG bytes; returns the path relative to the gallery folder. Anything but a PNG
    /// (signature and header) is refused: a page never carries another file's bytes.
    package func store(png bytes: [UInt8]) throws -> String {
        guard PNGCodec.size(of: bytes) != nil else {
            throw AtomicFile.WriteError(path: directory + "/img", reason: "refusing to store bytes that are not a PNG")
        }
        let name = "img/" + SHA256.hex(bytes) + ".png"
        lock.lock()
        offered += 1
        let isNew = written.insert(name).inserted
        lock.unlock()
        // Same name, same bytes: only the first store writes. Plain POSIX calls (AtomicFile): Foundation's
        // Data.write synced every file to the disk (fsync), 12,000 of them in a 10,000-snapshot review's merge,
        // which then waited on the disk for most of its 20 to 40 s on a busy machine; the folder is swapped into
        // place whole once written, so no file of it needs to reach the disk on its own.
        if isNew { try TempFiles.changing { try AtomicFile.write(bytes, to: directory + "/" + name) } }
        return name
    }

    /// Encodes and stores a bitmap.
    package func store(_ bitmap: Bitmap) throws -> String {
        try store(png: try PNGCodec.encode(bitmap, compressionLevel: 6))
    }

    /// Distinct images written.
    package var distinctCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return written.count
    }
}

extension Bitmap {
    /// The part of the bitmap inside `rect` (pixels), clamped to the bitmap.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        let x0 = max(0, min(self.width, x))
        let y0 = max(0, min(self.height, y))
        let x1 = max(x0, min(self.width, x + width))
        let y1 = max(y0, min(self.height, y + height))
        var out = Bitmap(width: max(1, x1 - x0), height: max(1, y1 - y0))
        guard x1 > x0, y1 > y0 else { return out }
        for row in y0..<y1 {
            let src = (row * self.width + x0) * 4
            let dst = (row - y0) * out.width * 4
            out.pixels.replaceSubrange(dst..<(dst + (x1 - x0) * 4), with: pixels[src..<(src + (x1 - x0) * 4)])
        }
        return out
    }
}

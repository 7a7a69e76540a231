import Foundation
import PNG
import Primitives
import RenderPipeline

/// The golden of every captured frame of a session (`render check --ticks`): the folder
/// `NAME.frames/` beside `NAME.png`. Frames are stored as changes: `frames.json` lists every frame
/// (index, virtual time, kind, name) and, where a frame differs from the one before, the PNG patch of
/// the pixels that changed (`NNNN.png`, placed at `at`) and the element records that changed, so a
/// spinner's twelve frames cost a little more than its final golden, not twelve times as much.
package struct FramesGolden: Codable, Sendable {
    package struct Frame: Codable, Sendable {
        package var index: Int
        /// Virtual time in ms.
        package var time: Int
        /// `tick`, `snapshot` or `final`.
        package var kind: String
        package var name: String?
        /// The patch file (relative to the folder) and its top-left corner in pixels; nil when the
        /// pixels equal the previous frame's.
        package var patch: String?
        package var at: [Int]?
        /// A frame may start from one of the session's goldens (a named snapshot's last capture, the
        /// final frame) instead of the previous frame, where that leaves fewer pixels to store; a frame
        /// equal to a golden stores none. The golden's file name and the sha256 of its bytes.
        package var base: String?
        package var baseSHA256: String?
        /// Element records that differ from the previous frame's (added or changed), ids no longer
        /// drawn, and the paint order when it changed.
        package var elements: [SnapshotSidecar.ElementRecord]?
        package var removed: [Int]?
        package var order: [Int]?
    }
    package var environment: SnapshotSidecar.Environment
    package var width: Int
    package var height: Int
    package var frames: [Frame]

    /// One rendered frame as the checker sees it.
    package struct Rendered {
        package var time: Int, kind: String, name: String?
        package var bitmap: Bitmap
        package var sidecar: SnapshotSidecar
    }

    /// Builds a golden one frame at a time (only the previous frame is kept).
    package struct Encoder {
        package private(set) var frames: [Frame] = []
        /// Patch file name -> PNG bytes.
        package private(set) var files: [String: [UInt8]] = [:]
        var previous: Rendered?
        var size = (0, 0)
        package init() {}

        /// `goldens`: the session's goldens (file name, sha256, pixels) a frame may start from.
        package mutating func append(_ r: Rendered, goldens: [(file: String, sha256: String, pixels: Bitmap)] = [])
            throws
        {
            let i = frames.count
            var f = Frame(index: i, time: r.time, kind: r.kind, name: r.name)
            if previous == nil { size = (r.bitmap.width, r.bitmap.height) }
            let whole = (x0: 0, x1: r.bitmap.width, y0: 0, y1: r.bitmap.height)
            func area(_ b: (x0: Int, x1: Int, y0: Int, y1: Int)?) -> Int {
                b.map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) } ?? 0
            }
            // The base that leaves the smallest box of changed pixels: the previous frame or a golden.
            var box: (x0: Int, x1: Int, y0: Int, y1: Int)? = whole
            if let p = previous, p.bitmap.width == r.bitmap.width, p.bitmap.height == r.bitmap.height {
                box = ImageDiff.changedBox(p.bitmap, r.bitmap)
            }
            for g in goldens where box != nil && g.pixels.width == r.bitmap.width && g.pixels.height == r.bitmap.height
            {
                let b = ImageDiff.changedBox(g.pixels, r.bitmap)
                if area(b) < area(box) {
                    box = b
                    f.base = g.file
                    f.baseSHA256 = g.sha256
                }
            }
            if let b = box {
                let name = String(format: "%04d.png", i)
                files[name] = try PNGCodec.encode(
                    r.bitmap.crop(x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0), compressionLevel: 9)
                f.patch = name
                f.at = [b.x0, b.y0]
            }
            let before = previous?.sidecar.elements ?? []
            let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let changed = r.sidecar.elements.filter { old[$0.id] != $0 }
            let ids = Set(r.sidecar.elements.map(\.id))
            let removed = before.map(\.id).filter { !ids.contains($0) }
            if !changed.isEmpty { f.elements = changed }
            if !removed.isEmpty { f.removed = removed }
            if before.map(\.id) != r.sidecar.elements.map(\.id) { f.order = r.sidecar.elements.map(\.id) }
            frames.append(f)
            previous = r
        }

        package func golden(environment: SnapshotSidecar.Environment) -> FramesGolden {
            FramesGolden(environment: environment, width: size.0, height: size.1, frames: frames)
        }
    }

    /// Replays a golden one frame at a time: each frame's pixels and element records.
    package struct Cursor {
        let golden: FramesGolden
        /// Reads a patch by name.
        let file: (String) throws -> [UInt8]
        /// Reads a golden of the goldens folder by name.
        let goldenFile: (String) throws -> [UInt8]
        var next = 0
        package private(set) var pixels: Bitmap
        var records: [Int: SnapshotSidecar.ElementRecord] = [:]
        var order: [Int] = []
        package init(
            _ golden: FramesGolden, file: @escaping (String) throws -> [UInt8],
            goldenFile: @escaping (String) throws -> [UInt8]
        ) {
            self.golden = golden
            self.file = file
            self.goldenFile = goldenFile
            pixels = Bitmap(width: max(1, golden.width), height: max(1, golden.height))
        }
        /// The next frame, its pixels and element records; nil after the last.
        package mutating func advance() throws -> (Frame, Bitmap, [SnapshotSidecar.ElementRecord])? {
            guard next < golden.frames.count else { return nil }
            let f = golden.frames[next]
            next += 1
            if let name = f.base {
                let bytes = try goldenFile(name)
                guard SHA256.hex(bytes) == f.baseSHA256 else { throw FramesGoldenError.goldenChanged(name) }
                pixels = try PNGCodec.decode(bytes)
            }
            if let name = f.patch, let at = f.at, at.count == 2 {
                pixels.paste(try PNGCodec.decode(try file(name)), x: at[0], y: at[1])
            }
            for e in f.elements ?? [] { records[e.id] = e }
            for id in f.removed ?? [] { records[id] = nil }
            if let o = f.order { order = o }
            return (f, pixels, order.compactMap { records[$0] })
        }
    }
}

/// Why a frames golden cannot be replayed.
package enum FramesGoldenError: Error, CustomStringConvertible {
    case goldenChanged(String)
    package var description: String {
        switch self {
        case .goldenChanged(let n):
            return
                """
                the golden \(n) was re-recorded after the frames golden: record the frames again (--ticks --record \
                failed)
                """
        }
    }
}

extension Bitmap {
    /// The pixels inside the box (clamped to the bitmap).
    func crop(x: Int, y: Int, width w: Int, height h: Int) -> Bitmap {
        let x0 = max(0, min(width, x))
        let y0 = max(0, min(height, y))
        let x1 = max(x0, min(width, x + w))
        let y1 = max(y0, min(height, y + h))
        var out = Bitmap(width: max(1, x1 - x0), height: max(1, y1 - y0))
        guard x1 > x0, y1 > y0 else { return out }
        for row in y0..<y1 {
            let src = (row * width + x0) * 4
            let dst = (row - y0) * out.width * 4
            out.pixels.replaceSubrange(dst..<(dst + (x1 - x0) * 4), with: pixels[src..<(src + (x1 - x0) * 4)])
        }
        return out
    }

    /// Copies `patch` onto this bitmap with its top-left corner at (x, y), clipped to the bitmap.
    mutating func paste(_ patch: Bitmap, x: Int, y: Int) {
        let cols = max(0, min(patch.width, width - x))
        let rows = max(0, min(patch.height, height - y))
        guard x >= 0, y >= 0, cols > 0, rows > 0 else { return }
        for row in 0..<rows {
            let src = row * patch.width * 4
            let dst = ((y + row) * width + x) * 4
            pixels.replaceSubrange(dst..<(dst + cols * 4), with: patch.pixels[src..<(src + cols * 4)])
        }
    }
}

import PNG
import Primitives

/// An animated PNG written to a file as frames arrive (`--apng`): `APNGWriter` streaming into an
/// `AtomicFileStream`, so OUT appears, complete, only at `commit()`.
package final class APNGFile {
    private let stream: AtomicFileStream
    private let writer: APNGWriter

    /// Opens the temporary file and writes the header announcing `frameCount` frames.
    package init(path: String, width: Int, height: Int, frameCount: Int, compressionLevel: Int) throws {
        let s = try AtomicFileStream(path: path)
        stream = s
        writer = try APNGWriter(
            width: width, height: height, frameCount: frameCount,
            compressionLevel: compressionLevel, sink: { try s.write($0) })
    }

    /// Encodes and appends one frame shown for `delayMs`.
    package func add(_ bitmap: Bitmap, delayMs: Int) throws { try writer.addFrame(bitmap, delayMs: delayMs) }

    /// Ends the animation and renames it into place.
    package func commit() throws {
        try writer.finish()
        try stream.commit()
    }
}

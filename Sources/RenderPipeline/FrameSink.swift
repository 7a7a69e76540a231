import Foundation
import Primitives
import SessionFormat

/// Where `--frames` and `--apng` frames go as they are rendered: one numbered PNG per capture
/// (`frame-0003-t000750.png`, with `-NAME` for snapshots and `-launch` for the launch screen) and the animated PNG,
/// encoded frame by frame into a temporary file that replaces OUT only when complete.
package struct FrameSink {
    /// A failure to write output (exit code 2), told apart from a failure to render.
    package struct WriteFailure: Error {
        package var underlying: Error
        package init(underlying: Error) { self.underlying = underlying }
    }

    package let framesDir: String?
    package let renderer: Renderer
    private var animation: APNGFile?

    package init(framesDir: String?, apng: String?, frameCount: Int, device: Device, renderer: Renderer) throws {
        self.framesDir = framesDir
        self.renderer = renderer
        if let dir = framesDir {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        if let path = apng {
            animation = try APNGFile(
                path: path, width: device.pixelWidth, height: device.pixelHeight,
                frameCount: frameCount, compressionLevel: renderer.options.compressionLevel)
        }
    }

    /// Writes frame `index` of the replay's captures to the outputs that want it.
    package func add(_ frame: RenderedFrame, index: Int, toFolder: Bool, delayMs: Int?) throws {
        do {
            if let dir = framesDir, toFolder {
                let label =
                    frame.capture.name.map { "-" + FileNames.component($0) }
                    ?? (frame.capture.kind == .launch ? "-launch" : "")
                let name = String(format: "%@/frame-%04d-t%06d%@.png", dir, index, frame.capture.time, label)
                try renderer.write(try renderer.encode(frame.bitmap), to: name)
            }
            if let d = delayMs, let a = animation { try a.add(frame.bitmap, delayMs: d) }
        } catch {
            throw WriteFailure(underlying: error)
        }
    }

    /// Completes the animated PNG (renames it into place).
    package func finish() throws {
        try animation?.commit()
    }
}

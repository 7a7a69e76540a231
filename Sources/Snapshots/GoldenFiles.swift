import Foundation
import Primitives
import RenderPipeline

/// A golden, sidecar or failure image that could not be written: `render check` exits 2 with the
/// reason (a full disk, a read-only folder, a folder in the way, a link out of the folder), never 3
/// ("could not render").
package struct GoldenWriteError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

/// Two snapshot names of one session that become the same golden file.
package struct GoldenNameCollision: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

/// The file work of goldens and failure artefacts, confined to their folders (`ConfinedFolder`):
/// names are plain (`SnapshotSettings.goldenName`), a link out of the folder is never written
/// through, and a golden and its sidecar are written as a pair or not at all.
enum GoldenFiles {
    /// Writes `png` to `folder/NAME.png` and `sidecar` to `folder/NAME.json` as a pair: both go to
    /// temporary files first (so a full disk or a read-only folder fails before either is
    /// replaced), then the sidecar and the PNG are renamed into place; if the PNG's rename fails the
    /// new sidecar is removed again (a PNG without its sidecar would pass later checks without a
    /// semantic diff; a sidecar without its new PNG would describe another picture).
    static func writePair(png: [UInt8], sidecar: [UInt8], name: String, in folder: ConfinedFolder) throws {
        let pngPath = try target(name + ".png", in: folder)
        let jsonPath = try target(name + ".json", in: folder)
        let pngStream: AtomicFileStream
        let jsonStream: AtomicFileStream
        do {
            pngStream = try AtomicFileStream(path: pngPath)
            jsonStream = try AtomicFileStream(path: jsonPath)
            guard case .file = pngStream.destination, case .file = jsonStream.destination else {
                throw GoldenWriteError("cannot record \(pngPath): a golden and its sidecar must be regular files")
            }
            pngStream.reserve(png.count)
            jsonStream.reserve(sidecar.count)
            try pngStream.write(png)
            try jsonStream.write(sidecar)
            try jsonStream.commit()
        } catch let e as GoldenWriteError {
            throw e
        } catch {
            throw GoldenWriteError("cannot record the golden \(pngPath) and its sidecar: \(error)")
        }
        do { try pngStream.commit() } catch {
            unlink(jsonPath)
            throw GoldenWriteError("cannot record the golden \(pngPath) (its new sidecar was removed): \(error)")
        }
    }

    /// Writes one file (a failure image, a lone sidecar) at `folder/name`, creating the folder.
    static func write(_ bytes: [UInt8], name: String, in folder: ConfinedFolder) throws {
        let path = try target(name, in: folder)
        do { try AtomicFile.write(bytes, to: path) } catch {
            throw GoldenWriteError("\(error)")
        }
    }

    /// `folder/name`, after making the folder and checking that writing there stays inside it.
    static func target(_ name: String, in folder: ConfinedFolder) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        } catch {
            throw GoldenWriteError("cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        do {
            let path = try folder.file(name)
            try folder.checkWritable(path)
            return path
        } catch {
            throw GoldenWriteError("cannot write \(error)")
        }
    }
}

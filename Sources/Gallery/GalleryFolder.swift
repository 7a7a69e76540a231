import Foundation
import RenderPipeline

/// The gallery's output folder: found through a symlink, and replaced in one step.
enum GalleryFolder {
    /// `path`, or the folder a symlink at `path` leads to (the link itself is kept).
    static func target(of path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let text = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            let dir = (current as NSString).deletingLastPathComponent
            current = text.hasPrefix("/") ? text : (dir.isEmpty ? text : dir + "/" + text)
        }
        throw AtomicFile.WriteError(path: path, reason: "too many levels of symbolic links")
    }

    /// Replaces `dest` with the folder `tmp`. On Linux both names are exchanged atomically
    /// (`renameat2(RENAME_EXCHANGE)`): there is no moment without a gallery at `dest`, and the old
    /// one, now at `tmp`, is removed after. Elsewhere (or on file systems without it): two renames.
    static func swap(_ tmp: String, into dest: String) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        // renameat2's RENAME_EXCHANGE flag: swap the two folders in one step.
        let renameExchange: UInt32 = 2
        if fm.fileExists(atPath: dest, isDirectory: &isDir) {
            guard isDir.boolValue else { throw AtomicFile.WriteError(path: dest, reason: "it is not a folder") }
            if let exchange = Self.renameat2, exchange(AT_FDCWD, tmp, AT_FDCWD, dest, renameExchange) == 0 {
                try? fm.removeItem(atPath: tmp)
                return
            }
            let old = try TempFiles.makeFolder(beside: dest)
            // rename(2) replaces the empty placeholder folder.
            guard rename(dest, old) == 0 else {
                TempFiles.remove(old)
                throw AtomicFile.WriteError(path: dest, reason: String(cString: strerror(errno)))
            }
            guard rename(tmp, dest) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = rename(old, dest)
                TempFiles.forget(old)
                throw AtomicFile.WriteError(path: dest, reason: reason)
            }
            TempFiles.remove(old)
            return
        }
        guard rename(tmp, dest) == 0 else {
            throw AtomicFile.WriteError(path: dest, reason: String(cString: strerror(errno)))
        }
    }

    /// Linux `renameat2(2)`, looked up at run time (Glibc's module does not declare it).
    private static let renameat2:
        (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
            #if os(Linux)
                guard let symbol = dlsym(nil, "renameat2") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)
                        .self)
            #else
                return nil
            #endif
        }()
}

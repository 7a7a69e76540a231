import Foundation
import PNG
import Primitives
import RenderPipeline

/// Where the images a check report names are read from, confined (`ConfinedFolder`): a golden by
/// its name in the goldens folder, a diff or actual image by its path relative to `files` (the
/// failures folder in a `render check` run, a shard's folder in `render report merge`). Only
/// regular files whose real path lies inside the folder and that are PNGs (signature and header)
/// are handed out, so a report naming `/proc/self/environ` or `../../secret`, or a golden that is
/// a link to one, never reaches a review page.
package struct ReportImages: Sendable {
    package var goldens: ConfinedFolder
    package var files: ConfinedFolder
    /// Largest image read (bytes).
    package static let maxBytes = 256 << 20

    package init(goldens: String, files: String) {
        self.goldens = ConfinedFolder(goldens)
        self.files = ConfinedFolder(files)
    }

    /// The golden PNG of an outcome: its copy beside the report (`goldenImage`, relative to `files`)
    /// when the report has one, else by its name in the goldens folder.
    package func golden(_ o: SnapshotOutcome) -> [UInt8]? {
        if let copy = o.goldenImage, let bytes = file(copy) { return bytes }
        return png(o.golden, in: goldens)
    }

    /// A diff or actual image by its path relative to `files`.
    package func file(_ relative: String?) -> [UInt8]? { relative.flatMap { png($0, in: files) } }

    func png(_ relative: String, in folder: ConfinedFolder) -> [UInt8]? {
        guard relative.hasSuffix(".png"), let bytes = try? folder.read(relative, maxBytes: Self.maxBytes),
            Self.isPNG(bytes)
        else { return nil }
        return bytes
    }

    /// The PNG signature and a well-formed IHDR of a size a golden can have.
    package static func isPNG(_ bytes: [UInt8]) -> Bool {
        guard let (w, h) = PNGCodec.size(of: bytes) else { return false }
        return w <= 1 << 16 && h <= 1 << 16
    }
}

extension CheckReport {
    /// The report with paths relative to their folders: `golden` to the goldens folder `goldens`,
    /// diff and actual images to `files`; a path outside its folder is dropped (golden: "").
    package func relative(goldens: String, files: String) -> CheckReport {
        let g = ConfinedFolder(goldens)
        let f = ConfinedFolder(files)
        var out = self
        out.snapshots = g.path
        out.outcomes = outcomes.map { o in
            var o = o
            o.golden = g.relative(o.golden) ?? ""
            if let b = o.a11y?.baseline { o.a11y?.baseline = g.relative(b) ?? "" }
            o.diffImage = o.diffImage.flatMap { f.relative($0) }
            o.actualImage = o.actualImage.flatMap { f.relative($0) }
            return o
        }
        return out
    }

    /// Folder of a report's own images, beside the report: `images/SHA256.png`.
    package static let imagesFolder = "images"

    /// The report with its images (read through `images`: confined, PNG only) copied into
    /// `folder/images/`, named by the SHA-256 of their bytes, and their paths relative to `folder`:
    /// the diff and actual images, and a copy of each PNG golden (`goldenImage`; `golden` keeps its
    /// name in the goldens folder), so the folder holds every picture its page needs (issue 46). An
    /// image that cannot be read is dropped from the outcome and named in `missing` (`NAME: golden
    /// PATH`). The same images give the same report, whichever folder they came from.
    package func keepingImages(from images: ReportImages, in folder: String) throws -> CheckReport {
        var missing: [String] = []
        return try keepingImages(from: images, in: folder, missing: &missing)
    }

    package func keepingImages(from images: ReportImages, in folder: String, missing: inout [String]) throws
        -> CheckReport
    {
        var out = self
        var written = Set<String>()
        func store(_ bytes: [UInt8]) throws -> String {
            let name = Self.imagesFolder + "/" + SHA256.hex(bytes) + ".png"
            if written.insert(name).inserted {
                try FileManager.default.createDirectory(
                    atPath: folder + "/" + Self.imagesFolder, withIntermediateDirectories: true)
                let target = folder + "/" + name
                try ConfinedFolder(folder).checkWritable(target)
                try AtomicFile.write(bytes, to: target)
            }
            return name
        }
        func keep(_ relative: String?, _ what: String, of name: String) throws -> String? {
            guard let relative else { return nil }
            guard let bytes = images.file(relative) else {
                missing.append("\(name): \(what) \(relative)")
                return nil
            }
            return try store(bytes)
        }
        for i in out.outcomes.indices {
            let o = out.outcomes[i]
            // A golden is a name in the goldens folder: anything else (absolute, `..`) is dropped.
            if (try? images.goldens.file(o.golden)) == nil { out.outcomes[i].golden = "" }
            out.outcomes[i].diffImage = try keep(o.diffImage, "diff image", of: o.name)
            out.outcomes[i].actualImage = try keep(o.actualImage, "actual image", of: o.name)
            // The golden's copy: from the report's own copy, else from the goldens folder. A golden
            // that was compared (not missing, not a session that failed) must be found.
            guard o.golden.hasSuffix(".png"), o.status != .missing, o.status != .error else { continue }
            if let bytes = images.golden(o) {
                out.outcomes[i].goldenImage = try store(bytes)
            } else {
                out.outcomes[i].goldenImage = nil
                missing.append("\(o.name): golden \(o.golden)" + (o.goldenImage.map { " (its copy \($0))" } ?? ""))
            }
        }
        return out
    }
}

import Foundation
import Primitives
import RenderPipeline

/// The review's marks kept in the report folder (`DIR/review-marks.json` beside the review page):
/// the change groups a reviewer rejected, so a later review shows them as rejected. A mark is kept
/// until the group is accepted, whether or not the next run has the group.
package struct ReviewMarks: Codable, Hashable, Sendable {
    /// One rejected group: its cause and snapshots when it was rejected (for the person reading the file).
    package struct Mark: Codable, Hashable, Sendable {
        package var cause: String
        package var snapshots: [String]
    }
    /// Rejected groups by id.
    package var rejected: [String: Mark] = [:]

    package init() {}

    package static let fileName = "review-marks.json"

    /// The marks in `folder`; none when it has no marks file. A file that is not one is an error
    /// naming it: rewriting it would lose a reviewer's marks.
    package static func read(folder: String) throws -> ReviewMarks {
        guard let bytes = try ConfinedFolder(folder).readIfPresent(fileName) else { return ReviewMarks() }
        do { return try JSONDecoder().decode(ReviewMarks.self, from: Data(bytes)) } catch {
            throw MarksError("\(folder)/\(fileName) is not a marks file (\(error)); move it away to start afresh")
        }
    }

    /// Writes the marks into `folder` (made if missing), deterministic JSON.
    package func write(folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try ConfinedFolder(folder).checkWritable(folder + "/" + Self.fileName)
        try AtomicFile.write(Array(try e.encode(self)) + [0x0a], to: folder + "/" + Self.fileName)
    }
}

/// A marks file that cannot be read.
package struct MarksError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

extension ReviewMarks {
    /// The marks after a review: its rejected groups marked, its accepted groups' marks removed.
    package func applying(_ plan: AcceptSelection.Plan) -> ReviewMarks {
        var out = self
        for g in plan.accepted { out.rejected[g.id] = nil }
        for g in plan.rejects { out.rejected[g.id] = Mark(cause: g.cause, snapshots: g.snapshots) }
        return out
    }
}

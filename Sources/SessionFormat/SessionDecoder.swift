import Foundation
import Primitives

/// A session that cannot be rendered at all (not JSON, wrong format/version, no steps array).
public struct SessionError: Error, CustomStringConvertible {
    /// The file (or "<memory>").
    public var file: String
    /// JSON path or position, e.g. `steps` or `line 3 column 5`.
    public var location: String?
    public var reason: String
    public init(file: String, location: String? = nil, reason: String) { self.file = file; self.location = location; self.reason = reason }
    public var description: String { "\(file)\(location.map { ": \($0)" } ?? ""): error: \(reason)" }
}

/// Decodes session files (session-format.md). Steps that cannot be decoded are skipped with a
/// diagnostic naming the step index and JSON path; the rest of the session still replays.
public struct SessionDecoder {
    public init() {}
    /// Decodes a session file from disk (paths of assets/fonts resolved against its folder).
    public func decode(fileAt path: String) throws -> (Session, [Diagnostic]) {
        throw SessionError(file: path, reason: "not implemented yet") // TODO(decode helper)
    }
    /// Decodes JSON bytes; `path` names the file in messages and anchors relative folders.
    public func decode(data: [UInt8], path: String) throws -> (Session, [Diagnostic]) {
        throw SessionError(file: path, reason: "not implemented yet")
    }
}

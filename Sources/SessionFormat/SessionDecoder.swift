import Foundation
import Primitives

/// A session that cannot be rendered at all (not JSON, wrong format/version, no steps array, bad device).
public struct SessionError: Error, Sendable, CustomStringConvertible {
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
///
/// Diagnostic codes: `bad-step` (error: the step or batch entry is skipped), `unknown-key`
/// (warning: ignored), `bad-canvas-op` (warning: one canvas call dropped), `bad-name` (warning).
public struct SessionDecoder {
    /// The only `format` accepted.
    public static let formatName = "framework-session"
    /// The only `version` accepted.
    public static let version = 1
    /// Top-level keys of version 1.
    static let knownTopKeys: Set<String> = ["format", "version", "name", "description", "device", "assets", "fonts", "steps"]

    public init() {}

    /// Decodes a session file from disk (paths of assets/fonts resolved against its folder).
    public func decode(fileAt path: String) throws -> (Session, [Diagnostic]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SessionError(file: path, reason: exists ? "cannot read the file" : "no such file")
        }
        return try decode(data: [UInt8](data), path: path)
    }

    /// Decodes JSON bytes; `path` names the file in messages and anchors relative folders
    /// (an empty path or "<memory>" anchors them at the current directory).
    public func decode(data: [UInt8], path: String) throws -> (Session, [Diagnostic]) {
        let file = path.isEmpty ? "<memory>" : path
        func fail(_ location: String?, _ reason: String) -> SessionError {
            SessionError(file: file, location: location, reason: reason)
        }

        // 1. JSON syntax.
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch let e as JSONParseError {
            throw fail("line \(e.line) column \(e.column)", "not valid JSON: \(e.reason)")
        }
        guard case .object(let top) = root else {
            throw fail(nil, "expected a JSON object at the top level, found \(root.typeName)")
        }

        // 2. Format and version: anything else is rejected.
        guard let formatValue = top["format"] else {
            throw fail("format", "missing \"format\": a session file starts with \"format\": \"\(Self.formatName)\"")
        }
        guard formatValue.stringValue == Self.formatName else {
            throw fail("format", "\"format\" must be \"\(Self.formatName)\", found \(FieldReader.describe(formatValue))")
        }
        guard let versionValue = top["version"] else { throw fail("version", "missing \"version\" (this renderer reads version 1)") }
        guard versionValue.numberValue?.int == Self.version else {
            throw fail("version", "unsupported \"version\" \(FieldReader.describe(versionValue)); this renderer reads version \(Self.version)")
        }

        // 3. Steps must be an array (decoded after the header, below).
        guard let stepsValue = top["steps"] else { throw fail("steps", "missing \"steps\" array") }
        guard case .array(let stepValues) = stepsValue else {
            throw fail("steps", "\"steps\" must be an array, found \(stepsValue.typeName)")
        }

        var diagnostics: [Diagnostic] = []
        let reader = FieldReader(top, path: "")
        func topString(_ key: String) throws -> String? {
            guard top[key] != nil else { return nil }
            do { return try reader.string(key, default: nil) } catch let p as StepProblem {
                throw fail(key, p.message)
            }
        }

        // 4. Header fields.
        let baseName = Self.defaultName(for: path)
        var name = try topString("name") ?? baseName
        if name.isEmpty {
            diagnostics.append(.warning("bad-name", step: nil, path: "name", "\"name\" is empty; using \"\(baseName)\""))
            name = baseName
        }
        let safe = Self.safeName(name)
        if safe != name {
            // The name becomes output file names: it must not climb out of the output folder.
            diagnostics.append(.warning("bad-name", step: nil, path: "name", "\"name\" \"\(name)\" is not a plain file name; using \"\(safe)\""))
            name = safe
        }
        let description = try topString("description")
        let device: Device
        do {
            device = try DeviceDecoder.decode(top["device"])
        } catch let e as DeviceError {
            throw fail("device", e.message)
        }
        let folder = Self.folder(of: path)
        let assetsName = try topString("assets") ?? "assets"
        let fontsName = try topString("fonts")
        let assetsDirectory = Self.resolve(assetsName, against: folder)
        let fontsDirectory = fontsName.map { Self.resolve($0, against: folder) }

        for key in reader.unknownKeys(Self.knownTopKeys) {
            diagnostics.append(.warning("unknown-key", step: nil, path: key, "unknown top-level key \"\(key)\" ignored"))
        }

        // 5. Steps: a bad one is skipped with a diagnostic, the rest still decodes.
        var stepDecoder = StepDecoder()
        var steps: [Step] = []
        steps.reserveCapacity(stepValues.count)
        for (i, v) in stepValues.enumerated() {
            if let step = stepDecoder.decodeTopLevel(v, index: i) { steps.append(step) }
        }
        diagnostics.append(contentsOf: stepDecoder.diagnostics)

        let sourcePath = path.isEmpty || path == "<memory>" ? "" : Self.absolute(path)
        let session = Session(name: name, description: description, device: device, assetsDirectory: assetsDirectory,
                              fontsDirectory: fontsDirectory, sourcePath: sourcePath, steps: steps)
        return (session, diagnostics)
    }

    // MARK: - Paths

    /// `name` usable as a file name: path separators and control characters become `-`, and
    /// leading dots and dashes are dropped (no `..`, no hidden files, no option-like names).
    static func safeName(_ name: String) -> String {
        var out = String(name.unicodeScalars.map { s -> Character in
            s == "/" || s == "\\" || s.value < 0x20 || s.value == 0x7F ? "-" : Character(s)
        })
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        return out.isEmpty ? "session" : out
    }

    /// The file name without its folder and without `.json`; "session" for in-memory data.
    static func defaultName(for path: String) -> String {
        guard !path.isEmpty, path != "<memory>" else { return "session" }
        var last = URL(fileURLWithPath: path).lastPathComponent
        if last.lowercased().hasSuffix(".json") { last.removeLast(5) }
        return last.isEmpty ? "session" : last
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The absolute folder holding the session file (the current directory for in-memory data).
    static func folder(of path: String) -> String {
        if path.isEmpty || path == "<memory>" { return absolute(FileManager.default.currentDirectoryPath) }
        return URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }

    /// `name` relative to `folder` (absolute names are kept), as an absolute, standardized path.
    static func resolve(_ name: String, against folder: String) -> String {
        if name.hasPrefix("/") { return absolute(name) }
        return URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
    }
}

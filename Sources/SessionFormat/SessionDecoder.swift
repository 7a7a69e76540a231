import Foundation
import JSON
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session that cannot be rendered at all (not JSON, wrong format/version, no steps array, bad device).
package struct SessionError: Error, Sendable, CustomStringConvertible {
    /// The file (or "<memory>").
    package var file: String
    /// JSON path or position, e.g. `steps` or `line 3 column 5`.
    package var location: String?
    package var reason: String
    /// Which check failed (docs/limits.md): `no-such-file`, `unreadable`, `file-too-large`,
    /// `not-json`, `json-too-deep`, `not-a-session`, `bad-format`, `bad-version`, `no-steps`,
    /// `too-many-steps`, `bad-header`, `bad-device`, `device-too-large`.
    package var code: String
    package init(file: String, location: String? = nil, reason: String, code: String = "not-a-session") {
        self.file = file
        self.location = location
        self.reason = reason
        self.code = code
    }
    package var description: String { "\(file)\(location.map { ": \($0)" } ?? ""): error: \(reason)" }
}

/// Decodes session files (session-format.md). Steps that cannot be decoded are skipped with a
/// diagnostic naming the step index and JSON path; the rest of the session still replays.
///
/// Diagnostic codes: `bad-step` (error: the step or batch entry is skipped), `unknown-key`
/// (warning: ignored), `bad-canvas-op` (warning: one canvas call dropped), `bad-name` (warning).
package struct SessionDecoder {
    /// The only `format` accepted.
    package static let formatName = "framework-session"
    /// The only `version` accepted.
    package static let version = 1
    /// Top-level keys of version 1.
    static let knownTopKeys: Set<String> = [
        "format", "version", "name", "description", "device", "assets", "fonts", "theme", "steps", "notExact",
    ]

    package init() {}

    /// Decodes a session file from disk (paths of assets/fonts resolved against its folder).
    package func decode(fileAt path: String) throws -> (Session, [Diagnostic]) {
        try decode(data: Self.read(fileAt: path), path: path)
    }

    /// A session file's bytes, its size judged on the opened file before it is read (`LimitedFile`:
    /// the file a link leads to, not the link; a huge file costs nothing).
    static func read(fileAt path: String) throws -> [UInt8] {
        do { return try LimitedFile.bytes(at: path, maxBytes: SessionLimits.maxFileBytes) } catch let f
            as LimitedFile.Failure
        {
            switch f {
            case .noSuchFile: throw SessionError(file: path, reason: "no such file", code: "no-such-file")
            case .tooLarge: throw SessionError(file: path, reason: f.description, code: "file-too-large")
            case .notAFile, .unreadable: throw SessionError(file: path, reason: f.description, code: "unreadable")
            }
        }
    }

    /// Decodes JSON bytes; `path` names the file in messages and anchors relative folders
    /// (an empty path or "<memory>" anchors them at the current directory).
    package func decode(data: [UInt8], path: String) throws -> (Session, [Diagnostic]) {
        try decode(data: data, path: path, maxSteps: SessionLimits.maxSteps)
    }

    /// `decode(data:path:)` with another step limit (batch entries included); tests lower it.
    package func decode(data: [UInt8], path: String, maxSteps: Int) throws -> (Session, [Diagnostic]) {
        try decode(data: data, path: path, maxSteps: maxSteps, readingStepCommands: true)
    }

    /// `decode(data:path:maxSteps:)`; `readingStepCommands` false decodes every step from its JSON
    /// tree (tests compare that with the parser's step fast path, `JSONParser+Steps.swift`).
    /// `stepReader` is the parse's reader of `steps` (the caller may ask it where the array ended).
    func decode(
        data: [UInt8], path: String, maxSteps: Int, readingStepCommands: Bool,
        stepReader: StepCommandReader = StepCommandReader()
    ) throws -> (Session, [Diagnostic]) {
        let file = path.isEmpty ? "<memory>" : path
        func fail(_ location: String?, _ reason: String, code: String = "bad-header") -> SessionError {
            SessionError(file: file, location: location, reason: reason, code: code)
        }
        guard data.count <= SessionLimits.maxFileBytes else {
            throw fail(
                nil, "the session is \(data.count) bytes; at most \(SessionLimits.maxFileBytes) are read",
                code: "file-too-large")
        }

        // 1. JSON syntax.
        let root: JSONValue
        var substitutions: [JSONParser.Substitution] = []
        if let encoding = Self.wideEncoding(data) {
            throw fail(
                nil,
                """
                the file is \(encoding) (by its byte order mark); sessions are UTF-8 JSON: convert it, e.g. `iconv \
                -f \(encoding) -t UTF-8`
                """,
                code: "not-json")
        }
        do {
            root = try JSONParser.parse(
                data, substitutions: &substitutions, entries: readingStepCommands ? stepReader : nil, of: "steps")
        } catch let e as JSONParseError {
            throw fail(
                "line \(e.line) column \(e.column)", "not valid JSON: \(e.reason)",
                code: e.tooDeep ? "json-too-deep" : "not-json")
        }
        guard case .object(let top) = root else {
            throw fail(nil, "expected a JSON object at the top level, found \(root.typeName)", code: "not-a-session")
        }

        // 2. Format and version: anything else is rejected.
        guard let formatValue = top["format"] else {
            throw fail(
                "format", "missing \"format\": a session file starts with \"format\": \"\(Self.formatName)\"",
                code: "bad-format")
        }
        guard formatValue.stringValue == Self.formatName else {
            throw fail(
                "format", "\"format\" must be \"\(Self.formatName)\", found \(FieldReader.describe(formatValue))",
                code: "bad-format")
        }
        guard let versionValue = top["version"] else {
            throw fail("version", "missing \"version\" (this renderer reads version 1)", code: "bad-version")
        }
        if let v = versionValue.numberValue?.int, v > Self.version {
            // A file from the future: say what to do, not only that it is refused.
            throw fail(
                "version",
                """
                "version" \(v): this renderer reads version \(Self.version); the file needs a newer PreviewRenderer \
                (upgrade it, or record the session with a framework that writes version \(Self.version))
                """,
                code: "bad-version")
        }
        guard versionValue.numberValue?.int == Self.version else {
            throw fail(
                "version",
                """
                unsupported \"version\" \(FieldReader.describe(versionValue)); this renderer reads version \
                \(Self.version)
                """,
                code: "bad-version")
        }

        // 3. Steps must be an array (decoded after the header, below).
        guard let stepsValue = top["steps"] else { throw fail("steps", "missing \"steps\" array", code: "no-steps") }
        guard case .array(let stepValues) = stepsValue else {
            throw fail("steps", "\"steps\" must be an array, found \(stepsValue.typeName)", code: "no-steps")
        }
        guard stepValues.count <= maxSteps else {
            throw fail(
                "steps", "\(stepValues.count) steps; at most \(maxSteps) are replayed (split the session)",
                code: "too-many-steps")
        }

        var diagnostics: [Diagnostic] = []
        for sub in substitutions {
            let step = sub.topKey == "steps" ? sub.topIndex : nil
            let place = sub.topKey.map { $0 == "steps" ? "" : " in \"\($0)\"" } ?? ""
            diagnostics.append(
                .warning(
                    "lone-surrogate", step: step,
                    """
                    decode: a lone surrogate escape (\\uD800-\\uDFFF without its pair) at line \(sub.line) column \
                    \(sub.column)\(place) is read as U+FFFD
                    """
                ))
        }
        if !Self.isValidUTF8(data) {
            diagnostics.append(
                .warning(
                    "invalid-utf8", step: nil,
                    "the file is not valid UTF-8; each invalid byte sequence is read as U+FFFD"))
        }
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
            diagnostics.append(
                .warning("bad-name", step: nil, path: "name", "\"name\" is empty; using \"\(baseName)\""))
            name = baseName
        }
        let safe = Self.safeName(name)
        if safe != name {
            // The name becomes output file names: it must not climb out of the output folder.
            diagnostics.append(
                .warning(
                    "bad-name", step: nil, path: "name",
                    "\"name\" \"\(name)\" is not a plain file name; using \"\(safe)\""))
            name = safe
        }
        let description = try topString("description")
        // A live recording that stopped early (HeadlessBackend's recording budget) says so here.
        let notExact = try topString("notExact")
        if let notExact {
            diagnostics.append(
                .warning(
                    "recording-not-exact", step: nil, path: "notExact",
                    "this recording does not replay exactly what the app did: \(notExact)"))
        }
        let device: Device
        do {
            device = try DeviceDecoder.decode(top["device"])
        } catch let e as DeviceError {
            throw fail("device", e.message, code: e.code)
        }
        let folder = Self.folder(of: path)
        let assetsName = try topString("assets") ?? "assets"
        let fontsName = try topString("fonts")
        // A theme file (a name with `/` or ending in .json) is relative to the session file;
        // anything else names a bundled theme.
        let theme = try topString("theme").map { t in
            t.hasSuffix(".json") || t.contains("/") ? Self.resolve(t, against: folder) : t
        }
        let assetsDirectory = Self.resolve(assetsName, against: folder)
        let fontsDirectory = fontsName.map { Self.resolve($0, against: folder) }
        // Folders outside the session's own folder still work (sessions may share one assets
        // folder), but say so: asset names in steps are then read from there (docs/limits.md).
        for (key, dir) in [("assets", assetsDirectory), ("fonts", fontsDirectory)] {
            guard let dir, dir != folder, !dir.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
                continue
            }
            diagnostics.append(
                .warning(
                    "folder-outside-session", step: nil, path: key,
                    "\"\(key)\" resolves to \(dir), outside the session's folder \(folder)"))
        }

        for key in reader.unknownKeys(Self.knownTopKeys) {
            diagnostics.append(
                .warning(
                    "unknown-key", step: nil, path: key,
                    "unknown top-level key \"\(key)\" ignored" + NearestName.hint(for: key, in: Self.knownTopKeys)))
        }

        // 5. Steps: a bad one is skipped with a diagnostic, the rest still decodes.
        var stepDecoder = StepDecoder(maxSteps: maxSteps)
        var snapshotSteps: [String: Int] = [:]
        var duplicates: [Diagnostic] = []
        let steps = Self.decodeSteps(
            stepValues, commands: stepReader.commands, first: 0, decoder: &stepDecoder, snapshots: &snapshotSteps,
            duplicates: &duplicates)
        stepReader.counted = stepDecoder.decodedSteps
        diagnostics.append(contentsOf: Self.merged(stepDecoder.diagnostics, duplicates))

        let sourcePath = path.isEmpty || path == "<memory>" ? "" : Self.absolute(path)
        var session = Session(
            name: name, description: description, device: device, assetsDirectory: assetsDirectory,
            fontsDirectory: fontsDirectory, theme: theme, sourcePath: sourcePath, steps: steps)
        session.notExact = notExact
        return (session, diagnostics)
    }

    /// The top-level steps of `values` (the entries of `steps` from index `first` on): entries the
    /// parser read as commands stand as `null` in `values` and are in `commands` (one slot per entry).
    /// A step that does not decode is left out (the decoder keeps its diagnostic); a snapshot whose
    /// name an earlier one took too, with an error in `duplicates`.
    static func decodeSteps(
        _ values: [JSONValue], commands: [Command?], first: Int, decoder: inout StepDecoder,
        snapshots: inout [String: Int], duplicates: inout [Diagnostic]
    ) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(values.count)
        for (k, v) in values.enumerated() {
            let i = first + k
            let step =
                if k < commands.count, let command = commands[k] {
                    decoder.decodeTopLevel(command: command, index: i)
                } else {
                    decoder.decodeTopLevel(v, index: i)
                }
            guard let step else { continue }
            if case .snapshot(let name) = step.kind {
                // A second PNG of one name would overwrite the first: the later step is skipped.
                if let earlier = snapshots[name] {
                    duplicates.append(Self.duplicateSnapshot(name, first: earlier, second: i))
                    continue
                }
                snapshots[name] = i
            }
            steps.append(step)
        }
        return steps
    }

    /// The error for a snapshot step whose name an earlier one took (docs/session-format.md "Captures").
    static func duplicateSnapshot(_ name: String, first: Int, second: Int) -> Diagnostic {
        .error(
            "duplicate-snapshot", step: second, path: "steps[\(second)].name",
            "snapshot \"\(name)\" (step \(second)) has the name of step \(first); skipped: "
                + "two PNGs of one name would overwrite each other")
    }

    /// `a` and `b` (each in step order) as one list in step order; `a` first on a tie.
    static func merged(_ a: [Diagnostic], _ b: [Diagnostic]) -> [Diagnostic] {
        guard !b.isEmpty else { return a }
        var out: [Diagnostic] = []
        out.reserveCapacity(a.count + b.count)
        var j = 0
        for d in a {
            while j < b.count, (b[j].step ?? Int.max) < (d.step ?? Int.max) {
                out.append(b[j])
                j += 1
            }
            out.append(d)
        }
        out.append(contentsOf: b[j...])
        return out
    }

    /// True when `bytes` are well-formed UTF-8 (checked without building a String).
    /// "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE" when the file starts with that byte order
    /// mark (a file saved by a Windows editor), else nil. UTF-32LE is tested first: its mark begins
    /// with UTF-16LE's.
    static func wideEncoding(_ b: [UInt8]) -> String? {
        if b.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if b.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if b.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if b.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            // Sessions are nearly all ASCII: skip it 8 bytes a step; ASCII bytes are whole scalars,
            // so decoding from the first word with a high bit gives the same answer.
            var i = 0
            if let base = buf.baseAddress {
                while i + 8 <= buf.count,
                    UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                { i += 8 }
            }
            var decoder = UTF8()
            var it = buf[i...].makeIterator()
            while true {
                switch decoder.decode(&it) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
    }

    // MARK: - Paths

    /// `name` usable as a file name: the one rule for names from input (`FileNames.component`: path
    /// separators and control characters become `-`, a very long name is cut), and leading dots and
    /// dashes are dropped (no `..`, no hidden files, no option-like names).
    static func safeName(_ name: String) -> String {
        var out = FileNames.component(name, replacement: "-")
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

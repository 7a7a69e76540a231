import Foundation

/// A theme that could not be loaded: which file (or built-in name) and what is wrong in it.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or built-in theme name.
    public var source: String
    public var message: String
    public init(source: String, _ message: String) { self.source = source; self.message = message }
    public var description: String { "theme \(source): \(message)" }
}

/// Finds and loads themes: built-in ones by name, a user's from a JSON file.
/// A theme file may start from another theme with `"extends": "default"` (a built-in name or a
/// path relative to the file) and give only the fields it changes.
public enum ThemeLoader {
    /// Names of the built-in themes (the JSON files in `Themes/`), sorted.
    public static var builtInNames: [String] {
        guard let dir = themesDirectory,
              let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads a built-in theme by name, or a JSON file when `nameOrPath` ends in `.json` or contains `/`.
    public static func load(_ nameOrPath: String) throws -> Theme {
        let object = try jsonObject(nameOrPath, relativeTo: nil, depth: 0)
        return try decode(object, source: nameOrPath)
    }

    /// Decodes and validates a theme from JSON bytes (`source` names it in errors).
    public static func load(data: Data, source: String) throws -> Theme {
        let object = try resolveExtends(parse(data, source: source), source: source, directory: nil, depth: 0)
        return try decode(object, source: source)
    }

    /// The theme as pretty JSON with sorted keys (the CLI's "print a theme"; a starting point to edit).
    public static func json(of theme: Theme) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(theme) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - files

    private static var themesDirectory: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Themes", isDirectory: true)
    }

    /// The file of a built-in theme.
    static func builtInURL(_ name: String) -> URL? {
        guard builtInNames.contains(name.lowercased()) else { return nil }
        return themesDirectory?.appendingPathComponent(name.lowercased() + ".json")
    }

    private static func isPath(_ s: String) -> Bool { s.hasSuffix(".json") || s.contains("/") }

    /// The JSON object of a built-in theme or a file, with `extends` applied.
    private static func jsonObject(_ nameOrPath: String, relativeTo dir: URL?, depth: Int) throws -> [String: Any] {
        guard depth < 8 else { throw ThemeError(source: nameOrPath, "\"extends\" goes deeper than 8 themes (a cycle?)") }
        let url: URL
        if isPath(nameOrPath) {
            url = dir.map { URL(fileURLWithPath: nameOrPath, relativeTo: $0) } ?? URL(fileURLWithPath: nameOrPath)
        } else {
            guard let u = builtInURL(nameOrPath) else {
                throw ThemeError(source: nameOrPath, "no built-in theme of that name (built-in: \(builtInNames.joined(separator: ", ")); a file path must end in .json)")
            }
            url = u
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ThemeError(source: nameOrPath, "cannot read the file \(url.path)")
        }
        return try resolveExtends(parse(data, source: nameOrPath), source: nameOrPath,
                                  directory: isPath(nameOrPath) ? url.deletingLastPathComponent() : nil, depth: depth)
    }

    private static func parse(_ data: Data, source: String) throws -> [String: Any] {
        let any: Any
        do { any = try JSONSerialization.jsonObject(with: data) } catch {
            throw ThemeError(source: source, "not valid JSON (\((error as NSError).localizedDescription))")
        }
        guard let object = any as? [String: Any] else { throw ThemeError(source: source, "the top level must be a JSON object") }
        return object
    }

    private static func resolveExtends(_ object: [String: Any], source: String, directory: URL?, depth: Int) throws -> [String: Any] {
        guard let ext = object["extends"] else { return object }
        guard let base = ext as? String else { throw ThemeError(source: source, "\"extends\" must be a theme name or a file path") }
        var merged = try deepMerge(jsonObject(base, relativeTo: directory, depth: depth + 1), object)
        merged["extends"] = nil
        return merged
    }

    /// `top` over `base`, object by object (arrays and values replace).
    private static func deepMerge(_ base: [String: Any], _ top: [String: Any]) -> [String: Any] {
        var out = base
        for (k, v) in top {
            if let b = base[k] as? [String: Any], let t = v as? [String: Any] { out[k] = deepMerge(b, t) } else { out[k] = v }
        }
        return out
    }

    // MARK: - decoding

    private static func decode(_ object: [String: Any], source: String) throws -> Theme {
        let theme: Theme
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            theme = try JSONDecoder().decode(Theme.self, from: data)
        } catch let e as DecodingError {
            throw ThemeError(source: source, describe(e))
        } catch {
            throw ThemeError(source: source, "\(error)")
        }
        var problems = ThemeValidator.unknownFields(object, theme: theme)
        problems += ThemeValidator.problems(in: theme)
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more: \(problems.dropFirst().joined(separator: "; ")))" : ""
            throw ThemeError(source: source, first + more)
        }
        return theme
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: { $0 == "." }).description
    }

    private static func describe(_ e: DecodingError) -> String {
        switch e {
        case .keyNotFound(let key, let ctx):
            return "missing field \(path(ctx.codingPath + [key]))"
        case .typeMismatch(let type, let ctx):
            return "field \(path(ctx.codingPath)) should be \(typeName(type))"
        case .valueNotFound(let type, let ctx):
            return "field \(path(ctx.codingPath)) is null, should be \(typeName(type))"
        case .dataCorrupted(let ctx):
            return "field \(path(ctx.codingPath)): \(ctx.debugDescription)"
        @unknown default:
            return "\(e)"
        }
    }

    private static func typeName(_ t: Any.Type) -> String {
        switch t {
        case is String.Type: return "a string"
        case is Double.Type: return "a number"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        case is [Double].Type: return "an array of numbers"
        default: return "an object (\(t))"
        }
    }
}

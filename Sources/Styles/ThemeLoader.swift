import Foundation
import JSON
import Primitives
import SessionFormat

/// A theme that could not be loaded: which file (or built-in name) and what is wrong in it.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file path or built-in theme name.
    public var source: String
    public var message: String
    package init(source: String, _ message: String) {
        self.source = source
        self.message = message
    }
    public var description: String { "theme \(source): \(message)" }
}

/// Finds and loads themes: built-in ones by name, a user's from a JSON file.
/// A theme file may start from another theme with `"extends": "default"` (a built-in name or a
/// path relative to the file) and give only the fields it changes.
///
/// Loading is on every process's start-up path, so it avoids Foundation's JSON: files are parsed
/// with `JSONParser` and decoded by `JSONValueDecoder` (Theme stays `Codable`). Built-in themes are
/// trusted data: a test validates them (BuiltInThemeTests), so at run time they are decoded only,
/// once per process. User files get the full validation (types, unknown fields, values).
public enum ThemeLoader {
    /// Names of the built-in themes (the JSON files in `Themes/`), sorted. A constant rather than a
    /// directory listing on every call; a test checks it against the folder.
    public static let builtInNames = ["android", "default", "ios"]
    /// The largest theme file read (docs/limits.md): a theme is a few KB; a path to /dev/zero or a huge
    /// file is refused before it is read.
    static let maxFileBytes = 4 << 20

    /// Loads a built-in theme by name, or a JSON file when `nameOrPath` ends in `.json` or contains `/`.
    public static func load(_ nameOrPath: String) throws -> Theme {
        if !isPath(nameOrPath) { return try builtIn(nameOrPath) }
        let object = try jsonObject(nameOrPath, relativeTo: nil, depth: 0)
        return try decodeValidated(object, source: nameOrPath)
    }

    /// Decodes and validates a theme from JSON bytes (`source` names it in errors).
    public static func load(data: Data, source: String) throws -> Theme {
        let object = try resolveExtends(parse([UInt8](data), source: source), source: source, directory: nil, depth: 0)
        return try decodeValidated(object, source: source)
    }

    /// The theme as pretty JSON with sorted keys (the CLI's "print a theme"; a starting point to edit).
    package static func json(of theme: Theme) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(theme) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - built-in themes

    /// Decoded built-in themes, so that renderers made one after another (bench, tests, watch) decode once.
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var themes: [String: Theme] = [:]
    }
    private static let cache = Cache()

    private static func builtIn(_ name: String) throws -> Theme {
        let key = name.lowercased()
        cache.lock.lock()
        let hit = cache.themes[key]
        cache.lock.unlock()
        if let hit { return hit }
        let object = try jsonObject(key, relativeTo: nil, depth: 0)
        let theme: Theme
        do { theme = try JSONValueDecoder.decode(Theme.self, from: .object(object)) } catch let e as DecodingError {
            throw ThemeError(source: name, describe(e))
        }
        cache.lock.lock()
        cache.themes[key] = theme
        cache.lock.unlock()
        return theme
    }

    // MARK: - files

    /// Looked up once. First where `Bundle.module` looks first, the resource folder next to the
    /// executable, with one `stat` instead of setting up a `Bundle` (1.6 M instructions per start);
    /// then `Bundle.module` itself (its fallback is the build folder).
    private static let themesDirectory: URL? = {
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = (exe as NSString).deletingLastPathComponent + "/PreviewRenderer_Styles.resources/Themes"
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue {
                return URL(fileURLWithPath: dir, isDirectory: true)
            }
        }
        return Bundle.module.resourceURL?.appendingPathComponent("Themes", isDirectory: true)
    }()

    /// The file of a built-in theme.
    static func builtInURL(_ name: String) -> URL? {
        guard builtInNames.contains(name.lowercased()) else { return nil }
        return themesDirectory?.appendingPathComponent(name.lowercased() + ".json")
    }

    private static func isPath(_ s: String) -> Bool { s.hasSuffix(".json") || s.contains("/") }

    /// The JSON object of a built-in theme or a file, with `extends` applied.
    private static func jsonObject(_ nameOrPath: String, relativeTo dir: URL?, depth: Int) throws -> JSONObject {
        guard depth < 8 else {
            throw ThemeError(source: nameOrPath, "\"extends\" goes deeper than 8 themes (a cycle?)")
        }
        let url: URL
        if isPath(nameOrPath) {
            url = dir.map { URL(fileURLWithPath: nameOrPath, relativeTo: $0) } ?? URL(fileURLWithPath: nameOrPath)
        } else {
            guard let u = builtInURL(nameOrPath) else {
                throw ThemeError(
                    source: nameOrPath,
                    """
                    no built-in theme of that name\(NearestName.hint(for: nameOrPath, in: builtInNames)) (built-in: \
                    \(builtInNames.joined(separator: ", ")); a file path must end in .json)
                    """
                )
            }
            url = u
        }
        let data: [UInt8]
        do { data = try LimitedFile.bytes(at: url.path, maxBytes: maxFileBytes) } catch {
            throw ThemeError(source: nameOrPath, "cannot read the file \(url.path): \(error)")
        }
        return try resolveExtends(
            parse(data, source: nameOrPath), source: nameOrPath,
            directory: isPath(nameOrPath) ? url.deletingLastPathComponent() : nil, depth: depth)
    }

    private static func parse(_ bytes: [UInt8], source: String) throws -> JSONObject {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw ThemeError(source: source, "not valid JSON (\(error))")
        }
        guard case .object(let object) = value else {
            throw ThemeError(source: source, "the top level must be a JSON object")
        }
        return object
    }

    private static func resolveExtends(_ object: JSONObject, source: String, directory: URL?, depth: Int) throws
        -> JSONObject
    {
        guard let ext = object["extends"] else { return object }
        guard case .string(let base) = ext else {
            throw ThemeError(source: source, "\"extends\" must be a theme name or a file path")
        }
        let merged = try deepMerge(jsonObject(base, relativeTo: directory, depth: depth + 1), object)
        var out = JSONObject()
        for k in merged.keys where k != "extends" { out.set(k, merged[k]!) }
        return out
    }

    /// `top` over `base`, object by object (arrays and values replace).
    private static func deepMerge(_ base: JSONObject, _ top: JSONObject) -> JSONObject {
        var out = base
        for k in top.keys {
            let v = top[k]!
            if case .object(let b)? = base[k], case .object(let t) = v {
                out.set(k, .object(deepMerge(b, t)))
            } else {
                out.set(k, v)
            }
        }
        return out
    }

    // MARK: - decoding

    /// A user's theme: decoded, then checked for unknown fields and bad values.
    private static func decodeValidated(_ object: JSONObject, source: String) throws -> Theme {
        let log = JSONValueDecoder.KeyLog()
        let theme: Theme
        do {
            theme = try JSONValueDecoder.decode(Theme.self, from: .object(object), log: log)
        } catch let e as DecodingError {
            throw ThemeError(source: source, describe(e))
        } catch {
            throw ThemeError(source: source, "\(error)")
        }
        var problems = ThemeValidator.unknownFields(object, asked: log.asked)
        problems += ThemeValidator.problems(in: theme)
        if let first = problems.first {
            let more =
                problems.count > 1
                ? " (and \(problems.count - 1) more: \(problems.dropFirst().joined(separator: "; ")))" : ""
            throw ThemeError(source: source, first + more)
        }
        return theme
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: { $0 == "." })
            .description
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

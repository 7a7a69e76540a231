import Foundation

/// Finds and loads themes: built-in ones by name, a user's from a JSON file.
public enum ThemeLoader {
    /// Names of the built-in themes.
    public static var builtInNames: [String] { ["default"] }
    /// Loads a built-in theme by name, or a JSON file when `nameOrPath` ends in `.json` or contains `/`.
    public static func load(_ nameOrPath: String) throws -> Theme {
        throw StyleError("not implemented yet") // TODO(styles helper)
    }
}

import Primitives

/// Why a SET_STYLE could not be applied.
public struct StyleError: Error, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A note that the value means something else on iOS or Android (semantics.md sections 2 and 7).
public struct PortabilityNote: Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Parses SET_STYLE key/value strings (semantics.md section 2) into declarations.
public enum StyleParser {
    /// Applies `key: value` to `decl`. Keys and keywords are case-insensitive. On an unknown key or
    /// an unparsable value it throws and leaves `decl` unchanged. Returns portability notes.
    @discardableResult
    public static func apply(key: String, value: String, to decl: inout StyleDeclarations) throws -> [PortabilityNote] {
        throw StyleError("not implemented yet")
    }

    /// Parses a colour: `#rgb`, `#rrggbb`, `#aarrggbb` (alpha first), Android names, `rgb()`, `rgba()`, `transparent`.
    public static func parseColor(_ s: String) -> Color? { nil }
}

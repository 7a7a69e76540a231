import Foundation
import Primitives
import SessionFormat

/// Why a SET_STYLE could not be applied.
package struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A note that the value means something else on iOS or Android (semantics.md sections 2 and 7).
package struct PortabilityNote: Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Parses SET_STYLE key/value strings (semantics.md section 2) into declarations.
package enum StyleParser {
    /// Keys only Android reads, with no visual effect in a headless preview: accepted with a note.
    package static let ignoredKeys: Set<String> = [
        "decoration", "animate-transition", "title", "frame", "divider", "enter-animation", "return-animation",
        "drawer-button", "page-margin", "line-spacing", "box-shadow", "text-shadow",
    ]

    /// Every key that changes a declaration, sorted (for messages and documentation).
    package static let knownKeys: [String] = [
        "background", "background-color", "border", "border-bottom", "border-color", "border-left", "border-radius",
        "border-right", "border-style", "border-top", "border-width", "bottom", "color", "font-family", "font-size",
        "font-style", "font-weight", "gravity", "height", "hint", "icon", "icon-attachment", "left", "line-height",
        "margin", "margin-bottom", "margin-left", "margin-right", "margin-top", "max-height", "max-lines", "max-width",
        "min-height", "min-scale", "min-width", "opacity", "overflow", "padding", "padding-bottom", "padding-left",
        "padding-right", "padding-top", "right", "scale", "shadow", "text-align", "text-overflow", "tint", "top",
        "weight", "white-space", "width", "zoom",
    ]
    private static let knownKeySet = Set(knownKeys)

    /// Applies `key: value` to `decl`. Keys and keywords are case-insensitive. On an unknown key or
    /// an unparsable value it throws and leaves `decl` unchanged. Returns portability notes.
    @discardableResult
    package static func apply(key: String, value: String, to decl: inout StyleDeclarations) throws -> [PortabilityNote]
    {
        try apply(key: key, value: value, to: &decl, profile: .neutral)
    }

    /// The same under a platform's rules (PlatformProfile): its list, colour, `border`, `weight`
    /// and font-size readings; a key the platform ignores, or (iOS) a NORMAL-only key under
    /// another `selector`, leaves `decl` unchanged and returns a note saying so. Whether the
    /// selector is stored at all is the caller's question (`stores(_:profile:)`).
    @discardableResult
    package static func apply(
        key: String, value: String, to decl: inout StyleDeclarations, profile: PlatformProfile,
        selector: Selector = .normal
    ) throws -> [PortabilityNote] {
        let e = try effect(key: key, value: value, profile: profile, selector: selector)
        e.apply(to: &decl)
        return e.notes
    }

    /// What `apply(key:value:to:profile:selector:)` does, without a declaration map: the
    /// assignments and notes, or the same error. Depends only on its arguments, so a replay may
    /// keep it for a repeated pair within one session (ReplayEngine's style memo).
    package static func effect(
        key: String, value: String, profile: PlatformProfile, selector: Selector = .normal
    ) throws -> StyleEffect {
        let k = key.trimmingSpaceAndNewlines().lowercased()
        if ignoredKeys.contains(k) {
            return StyleEffect(
                notes: [PortabilityNote("\(k): an Android-only key with no visible effect; the preview ignores it")])
        }
        guard knownKeySet.contains(k) else {
            let hint = NearestName.hint(for: k, in: knownKeys, maxDistance: 2)
            throw StyleError("unknown style key \"\(key)\"\(hint)")
        }
        if profile.ignoredKeys.contains(k) {
            return StyleEffect(
                notes: [PortabilityNote("\(k): \(profile.displayName) ignores this key; it has no effect")])
        }
        if selector != .normal, profile.normalOnlyKeys.contains(k) {
            return StyleEffect(notes: [
                PortabilityNote(
                    """
                    \(k): \(profile.displayName) applies this key only for NORMAL; the \(selector.name) value has \
                    no effect
                    """
                )
            ])
        }
        // Parsed before anything is set, so a failure leaves the declarations as they were.
        do {
            let (set, notes) = try StyleKeyApplier.parse(k, value, profile: profile)
            return StyleEffect(set: set, notes: notes)
        } catch let e as StyleError {
            // A number past the general bound reads as "not a number" to the key's parser: say why.
            let reason = StyleLimits.outOfRange(value) ?? e.message
            throw StyleError("\(k): bad value \"\(value)\": \(reason)")
        }
    }

    /// Whether the platform keeps SET_STYLE for `selector` at all (iOS: NORMAL and ACTIVE only).
    package static func stores(_ selector: Selector, profile: PlatformProfile) -> Bool {
        profile.storedSelectors?.contains(selector) ?? true
    }

    /// Parses a colour under a platform's colour rule (nil: that platform cannot read it).
    package static func parseColor(_ s: String, rule: PlatformProfile.ColorRule) -> Color? {
        ColorParser.parse(s, rule: rule)?.color
    }

    /// Parses a colour: `#rgb`, `#rrggbb`, `#aarrggbb` (alpha first), Android names, `rgb()`, `rgba()`, `transparent`.
    package static func parseColor(_ s: String) -> Color? { ColorParser.parse(s)?.color }

    /// Parses a colour with the notes on how iOS or Android would read it differently.
    package static func parseColorWithNotes(_ s: String) -> (color: Color, notes: [PortabilityNote])? {
        ColorParser.parse(s)
    }

    /// Parses a `shadow` value (single radius or CSS form); nil when it does not parse.
    package static func parseShadow(_ s: String) -> Shadow? { try? PaintValueParser.shadow(s).0 }
}

import SessionFormat
import Styles

/// The SET_STYLE pairs one replay has read, with what each does (`StyleParser.effect`): the
/// cards of a list repeat the same few key/value pairs, so each distinct pair is parsed once
/// per session. It lives in the ReplayEngine, so it never outlives its session (nothing read
/// from one session may serve another). An effect holds the assignments and the notes of a
/// fresh parse, or its error; the engine words them with the step that sets the pair, so a
/// repeat reports exactly what parsing it again would, at its own step.
struct StyleMemo {
    private struct Pair: Hashable {
        var key: String
        var value: String
        var selector: Selector

        /// The value's text, the key's length and the selector: a session has a few dozen keys,
        /// and hashing each key's text too cost more than the lookup (`==` still compares all).
        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
            hasher.combine(key.utf8.count)
            hasher.combine(selector)
        }
    }
    private var effects: [Pair: Result<StyleEffect, any Error>] = [:]
    /// `ReplayOptions.fontFamilyKnown` by family name (the renderer's fonts do not change during a replay).
    private var knownFamilies: [String: Bool] = [:]

    /// What `key: value` does under `profile` for `selector`; parsed on the first sight of the pair.
    mutating func effect(key: String, value: String, selector: Selector, profile: PlatformProfile)
        -> Result<StyleEffect, any Error>
    {
        let pair = Pair(key: key, value: value, selector: selector)
        if let known = effects[pair] { return known }
        let parsed = Result { try StyleParser.effect(key: key, value: value, profile: profile, selector: selector) }
        effects[pair] = parsed
        return parsed
    }

    /// `known(family)`, asked once per family.
    mutating func isKnown(_ family: String, by known: (String) -> Bool) -> Bool {
        if let k = knownFamilies[family] { return k }
        let k = known(family)
        knownFamilies[family] = k
        return k
    }
}

extension Element {
    /// Sets `effect` on the `selector` map in place (the map is made if missing, as every
    /// SET_STYLE that parses makes it). Returns the font family when the effect changed it, for
    /// the caller's check that the family is known.
    mutating func setStyle(_ effect: StyleEffect, selector: Selector) -> String? {
        Self.set(effect, in: &styles[selector, default: StyleDeclarations()])
    }

    private static func set(_ effect: StyleEffect, in decl: inout StyleDeclarations) -> String? {
        let before = decl.fontFamily
        effect.apply(to: &decl)
        guard let family = decl.fontFamily, family != before else { return nil }
        return family
    }
}

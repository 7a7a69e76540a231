import CUnibreak

/// UAX #14 line break opportunities through libunibreak.
package enum LineBreaker {
    /// What may happen after a character.
    package enum Break: UInt8, Sendable {
        /// A hard break (after `\n`, and at the end of the text).
        case mustBreak
        /// A line may wrap after this character.
        case allowBreak
        /// No break after this character.
        case noBreak
    }

    /// libunibreak keeps no state besides its tables; `init_linebreak` must run once before use.
    private static let initialised: Bool = {
        init_linebreak()
        return true
    }()

    /// For each code point of `text`, whether a line may (or must) break after it.
    /// `language` is a BCP 47 tag such as "en" or "fi" (nil: language-neutral rules).
    package static func breaks(_ text: [UInt32], language: String? = nil) -> [Break] {
        guard !text.isEmpty else { return [] }
        _ = initialised
        var brks = [CChar](repeating: 0, count: text.count)
        // libunibreak 1.1 asserts (aborts) on regional indicators after other characters: its pair
        // table stops before their class. Flags break like ideographs; callers keep clusters whole.
        let hasFlags = text.contains { (0x1F1E6...0x1F1FF).contains($0) }
        let safe = hasFlags ? text.map { (0x1F1E6...0x1F1FF).contains($0) ? UInt32(0x4E00) : $0 } : text
        safe.withUnsafeBufferPointer { p in
            if let language {
                language.withCString { set_linebreaks_utf32(p.baseAddress, p.count, $0, &brks) }
            } else {
                set_linebreaks_utf32(p.baseAddress, p.count, nil, &brks)
            }
        }
        return [Break](unsafeUninitializedCapacity: brks.count) { out, initialized in
            for (i, b) in brks.enumerated() {
                switch Int32(b) {
                case LINEBREAK_MUSTBREAK: out[i] = .mustBreak
                case LINEBREAK_ALLOWBREAK: out[i] = .allowBreak
                default: out[i] = .noBreak
                }
            }
            initialized = brks.count
        }
    }
}

import CFribidi

/// The Unicode bidirectional algorithm (UAX #9) through fribidi: paragraph direction, embedding
/// levels, and visual reordering of runs on a line.
package enum Bidi {
    private static let parLTR = FRIBIDI_PAR_LTR
    private static let parRTL = FRIBIDI_PAR_RTL
    private static let parON = FRIBIDI_PAR_ON

    /// The direction of the first strong character (rules P2, P3): true = right-to-left, false =
    /// left-to-right, nil = no strong character.
    package static func firstStrongDirection(_ text: [UInt32]) -> Bool? {
        guard !text.isEmpty else { return nil }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: text.count)
        text.withUnsafeBufferPointer { fribidi_get_bidi_types($0.baseAddress, FriBidiStrIndex(text.count), &types) }
        let dir = fribidi_get_par_direction(types, FriBidiStrIndex(text.count))
        if dir == parRTL { return true }
        if dir == parLTR { return false }
        return nil
    }

    /// Embedding levels of one paragraph (even = LTR, odd = RTL). `rightToLeft` forces the base
    /// direction; nil takes it from the first strong character (LTR when there is none).
    package static func levels(_ text: [UInt32], rightToLeft: Bool?) -> (levels: [UInt8], rightToLeft: Bool) {
        let n = text.count
        guard n > 0 else { return ([], rightToLeft ?? false) }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        text.withUnsafeBufferPointer { p in
            fribidi_get_bidi_types(p.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(p.baseAddress, FriBidiStrIndex(n), types, &brackets)
        }
        var base: FriBidiParType = rightToLeft.map { $0 ? parRTL : parLTR } ?? parON
        var levels = [FriBidiLevel](repeating: 0, count: n)
        let maxLevel = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels)
        if maxLevel == 0 {
            // fribidi failed (out of memory): everything at the base level.
            let rtl = rightToLeft ?? false
            return ([UInt8](repeating: rtl ? 1 : 0, count: n), rtl)
        }
        return (levels.map { UInt8(bitPattern: $0) }, base == parRTL)
    }

    /// Rule L2: given the levels of a line's runs in logical order, the order in which to show
    /// them, left to right (indices into `runLevels`).
    package static func visualOrder(runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let maxLevel = runLevels.max() else { return order }
        let minOdd = runLevels.filter { $0 % 2 == 1 }.min() ?? (maxLevel + 1)
        var level = maxLevel
        while level >= minOdd && level > 0 {
            // Reverse every maximal sequence of runs at `level` or higher.
            var i = 0
            while i < order.count {
                if runLevels[order[i]] >= level {
                    var j = i
                    while j + 1 < order.count && runLevels[order[j + 1]] >= level { j += 1 }
                    order[i...j].reverse()
                    i = j + 1
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return order
    }

    /// Whether `c` is whitespace for rule L1 (trailing whitespace takes the paragraph level).
    package static func isWhitespaceForL1(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x1680 || (0x2000...0x200A).contains(c) || c == 0x2028 || c == 0x205F
            || c == 0x3000 || c == 0x200B || c == 0x2066 || c == 0x2067 || c == 0x2068 || c == 0x2069
    }
}

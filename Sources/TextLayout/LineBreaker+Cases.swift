import CairoFonts

extension LineBreaker.Break {
    // Matched with `switch`, not `==`: `Break` is CairoFonts' `package` enum, whose `==` is a call
    // through a generic witness from this module, once per character in the line breaking loops.

    /// Whether this is `.noBreak`.
    @inline(__always) var isNoBreak: Bool {
        switch self {
        case .noBreak: true
        default: false
        }
    }

    /// Whether this is `.mustBreak`.
    @inline(__always) var isMustBreak: Bool {
        switch self {
        case .mustBreak: true
        default: false
        }
    }
}

/// The one way a floating-point value becomes an integer in this package (a test,
/// Tests/HostileInputTests/ConversionGuardTests.swift, fails on a bare `Int(someDouble)` anywhere
/// else in Sources/). Swift's `Int(Double)` traps on NaN, infinity and values past `Int.max`; a
/// session can carry numbers like 1e20 or 1.79e308 that survive arithmetic into such a conversion.
/// These never trap: the value is rounded as asked, NaN becomes `nan` and everything else is
/// clamped into `range`.
package enum CheckedInt {
    /// How to round: `FloatingPointRoundingRule`'s cases, as this module's own enum. The standard
    /// library's enum is resilient, so code outside `Primitives`, which calls these functions
    /// rather than inlining them (`package` code is not inlined across modules), passed it through
    /// type metadata and a generic `rounded(_:)`: about 100 instructions a conversion, where
    /// this plain enum costs a byte and a switch (Benchmarks/notes/package-access-and-cross-module-inlining.md).
    package enum Rounding: UInt8, Sendable {
        case towardZero, down, up, toNearestOrAwayFromZero, toNearestOrEven, awayFromZero
    }

    /// `v.rounded(rule)`, with a constant rule in each branch (one instruction each).
    @inline(__always)
    static func rounded(_ v: Double, _ rule: Rounding) -> Double {
        switch rule {
        case .towardZero: v.rounded(.towardZero)
        case .down: v.rounded(.down)
        case .up: v.rounded(.up)
        case .toNearestOrAwayFromZero: v.rounded(.toNearestOrAwayFromZero)
        case .toNearestOrEven: v.rounded(.toNearestOrEven)
        case .awayFromZero: v.rounded(.awayFromZero)
        }
    }

    /// Default bounds: ±2^53, where every Double is still an exact integer, and far enough from
    /// `Int.max` that adding or multiplying two pixel-sized results cannot overflow first.
    package static let safeRange: ClosedRange<Int> = -(1 << 53)...(1 << 53)

    /// `v` rounded by `rule` (default: toward zero, as `Int(_:)`) and clamped into `range`.
    @inline(__always)
    package static func int(
        _ v: Double, _ rule: Rounding = .towardZero,
        in range: ClosedRange<Int> = safeRange, nan: Int = 0
    ) -> Int {
        guard !v.isNaN else { return nan }
        let r = rounded(v, rule)
        if r <= Double(range.lowerBound) { return range.lowerBound }
        if r >= Double(range.upperBound) { return range.upperBound }
        return Int(r)  // guard-conversion: r is finite and strictly inside `range`
    }

    // The common forms again without default arguments: from another module, which calls these
    // rather than inlining them, each default argument is a call of its own.

    /// `int(v)` toward zero, within `safeRange`.
    @inline(__always)
    package static func int(_ v: Double) -> Int { int(v, .towardZero, in: safeRange, nan: 0) }

    /// `int(v, rule)` within `safeRange`.
    @inline(__always)
    package static func int(_ v: Double, _ rule: Rounding) -> Int { int(v, rule, in: safeRange, nan: 0) }

    /// `int(v, in: range)` toward zero.
    @inline(__always)
    package static func int(_ v: Double, in range: ClosedRange<Int>) -> Int { int(v, .towardZero, in: range, nan: 0) }

    /// `int(v, rule, in: range)`.
    @inline(__always)
    package static func int(_ v: Double, _ rule: Rounding, in range: ClosedRange<Int>) -> Int {
        int(v, rule, in: range, nan: 0)
    }

    /// A channel byte: `v` rounded to nearest (away from zero on ties) and clamped to 0...255.
    @inline(__always)
    package static func byte(_ v: Double, _ rule: Rounding = .toNearestOrAwayFromZero) -> UInt8 {
        UInt8(int(v, rule, in: 0...255))  // guard-conversion: already an Int in 0...255
    }

    /// An `Int32` (Cairo, FreeType and libpng arguments), clamped to its range.
    @inline(__always)
    package static func int32(_ v: Double, _ rule: Rounding = .towardZero) -> Int32 {
        Int32(int(v, rule, in: Int(Int32.min)...Int(Int32.max)))  // guard-conversion: in range
    }

    /// `String(Int(v))` for an integral `v` of moderate size, else `String(v)`: numbers in messages.
    package static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(int(v)) : String(v)
    }
}

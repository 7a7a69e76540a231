import Primitives

// `Sides` is generic and `package` in Primitives: Swift neither inlines nor specializes its
// initializers and `map` in this module, so each call copied its four values through generic
// witnesses (about 850 instructions per `StyleDeclarations()`, 0.9 M on the bench screen:
// Benchmarks/notes/package-access-and-cross-module-inlining.md). Copying a concrete value built
// once and setting its stored properties (accessed directly: the layout is known) is plain moves.

/// Four unset sides, built once.
let unsetDoubleSides = Sides<Double?>(all: nil)
let unsetBorderStyleSides = Sides<BorderStyle?>(all: nil)
let unsetColorSides = Sides<Color?>(all: nil)
/// Four sides without a border, built once.
let noBorderSides = Sides<BorderSide>(all: .none)
/// Four zero sides, built once.
let zeroSides = Sides<Double>(all: 0)

extension Sides {
    /// `map(f)`, done in this module: `f` of each side (top, right, bottom, left) into a copy of
    /// `template`, any value of the result's type.
    @inline(__always) func mapped<U>(into template: Sides<U>, _ f: (T) -> U) -> Sides<U> {
        var s = template
        s.top = f(top)
        s.right = f(right)
        s.bottom = f(bottom)
        s.left = f(left)
        return s
    }

    /// `Sides(top:right:bottom:left:)`, done in this module into a copy of `template`.
    @inline(__always) static func sides(_ template: Self, top: T, right: T, bottom: T, left: T) -> Self {
        var s = template
        s.top = top
        s.right = right
        s.bottom = bottom
        s.left = left
        return s
    }
}

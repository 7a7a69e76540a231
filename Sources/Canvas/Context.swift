import CairoFonts
import Foundation
import Primitives

/// The canvas library's `Context` over a Cairo surface: a graphics state with a save/restore
/// stack, a path, transforms and a clip. Coordinates are dp; the surface has dp x scale pixels.
/// Drawing calls are in `Context+Drawing.swift`, text in `Context+Text.swift`.
public final class Context {
    public let surface: Surface
    public let factory: ContextFactory
    /// The current graphics state (what `save()` copies).
    package internal(set) var state = GraphicsState()
    var stack: [GraphicsState] = []
    let cr: CairoContext
    /// Problems met while drawing (missing fonts, images that cannot be drawn), in order.
    package internal(set) var messages: [String] = []

    init(surface: Surface, factory: ContextFactory) {
        self.surface = surface
        self.factory = factory
        cr = CairoContext(surface: surface.cairo)
    }

    /// Logical size in dp (`getWidth()` / `getHeight()`).
    public var width: Double { surface.width }
    public var height: Double { surface.height }
    /// Pixel size (`getActualWidth()` / `getActualHeight()`).
    public var actualWidth: Int { surface.actualWidth }
    public var actualHeight: Int { surface.actualHeight }
    /// Pixels per dp.
    public var displayScale: Double { surface.displayScale }

    /// Cairo's error, if a call put the drawing context into an error state (later calls then draw nothing).
    public func drawingError() -> String? {
        do {
            try cr.check()
            return nil
        } catch { return "\(error)" }
    }

    // MARK: State attributes (invalid values are ignored, as HTML canvas does)

    public var lineWidth: Double {
        get { state.lineWidth }
        set { if newValue.isFinite, newValue > 0 { state.lineWidth = newValue } }
    }
    public var fillStyle: CanvasStyle {
        get { state.fillStyle }
        set { state.fillStyle = newValue }
    }
    public var strokeStyle: CanvasStyle {
        get { state.strokeStyle }
        set { state.strokeStyle = newValue }
    }
    public var shadowBlur: Double {
        get { state.shadowBlur }
        set { if newValue.isFinite, newValue >= 0 { state.shadowBlur = newValue } }
    }
    public var shadowColor: Color {
        get { state.shadowColor }
        set { state.shadowColor = newValue }
    }
    public var shadowOffsetX: Double {
        get { state.shadowOffsetX }
        set { if newValue.isFinite { state.shadowOffsetX = newValue } }
    }
    public var shadowOffsetY: Double {
        get { state.shadowOffsetY }
        set { if newValue.isFinite { state.shadowOffsetY = newValue } }
    }
    public var globalAlpha: Double {
        get { state.globalAlpha }
        set { if newValue.isFinite, (0...1).contains(newValue) { state.globalAlpha = newValue } }
    }
    public var font: CanvasFont {
        get { state.font }
        set { state.font = newValue }
    }
    public var textAlign: CanvasTextAlign {
        get { state.textAlign }
        set { state.textAlign = newValue }
    }
    public var textBaseline: CanvasTextBaseline {
        get { state.textBaseline }
        set { state.textBaseline = newValue }
    }
    public var imageSmoothingEnabled: Bool {
        get { state.imageSmoothingEnabled }
        set { state.imageSmoothingEnabled = newValue }
    }

    /// Sets the dash pattern in dp; an odd-length list is repeated (as HTML does); negative or
    /// non-finite lengths leave the pattern unchanged. Returns false when ignored.
    @discardableResult
    public func setLineDash(_ dashes: [Double]) -> Bool {
        guard dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return false }
        // All zeros draw nothing in Cairo (an error); treat as solid like browsers do.
        if dashes.allSatisfy({ $0 == 0 }) {
            state.lineDash = []
            return true
        }
        state.lineDash = dashes.count % 2 == 1 ? dashes + dashes : dashes
        return true
    }

    // MARK: State stack

    /// Pushes the graphics state (styles, transform, path, clip); `restore()` pops it.
    public func save() { stack.append(state) }
    /// Brings back the last saved state; ignored when nothing is saved.
    public func restore() { if let s = stack.popLast() { state = s } }

    // MARK: Transforms

    /// Concatenates a translation, a scaling, a rotation (radians) or a matrix to the transform.
    public func translate(_ x: Double, _ y: Double) { concat(.translation(x, y)) }
    public func scale(_ x: Double, _ y: Double) { concat(.scaling(x, y)) }
    public func rotate(_ angle: Double) { concat(.rotation(angle)) }
    public func transform(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        concat(CanvasTransform(a: a, b: b, c: c, d: d, e: e, f: f))
    }
    /// Replaces the transform with the matrix `(a b c d e f)`.
    public func setTransform(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        let m = CanvasTransform(a: a, b: b, c: c, d: d, e: e, f: f)
        if m.isFinite { state.transform = m }
    }
    /// Sets the transform back to the identity.
    public func resetTransform() { state.transform = .identity }
    private func concat(_ m: CanvasTransform) {
        guard m.isFinite else { return }
        state.transform = state.transform.concatenating(m)
    }

    /// User space (dp) to device pixels.
    var deviceTransform: CanvasTransform {
        CanvasTransform.scaling(displayScale, displayScale).concatenating(state.transform)
    }

    // MARK: Paths (points go through the current transform as they are added)

    /// Starts a new, empty path; `closePath()` closes its current subpath.
    public func beginPath() { state.path = CanvasPath() }
    public func closePath() { state.path.close() }
    /// Starts a subpath at `(x, y)`.
    public func moveTo(_ x: Double, _ y: Double) {
        let p = deviceTransform.apply(x, y)
        state.path.move(p.x, p.y)
    }
    /// Adds a straight line to `(x, y)`.
    public func lineTo(_ x: Double, _ y: Double) {
        let p = deviceTransform.apply(x, y)
        state.path.line(p.x, p.y)
    }
    /// Adds a closed rectangle subpath.
    public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        guard [x, y, w, h].allSatisfy(\.isFinite) else { return }
        moveTo(x, y)
        lineTo(x + w, y)
        lineTo(x + w, y + h)
        lineTo(x, y + h)
        closePath()
        moveTo(x, y)
    }

    /// An arc around (x, y) from angle `a0` to `a1` (radians, clockwise on screen unless `counterclockwise`).
    /// Returns false (and draws nothing) for a negative radius, as HTML throws.
    @discardableResult
    public func arc(_ x: Double, _ y: Double, _ r: Double, _ a0: Double, _ a1: Double, _ counterclockwise: Bool = false)
        -> Bool
    {
        guard [x, y, r, a0, a1].allSatisfy(\.isFinite) else { return true }
        guard r >= 0 else { return false }
        state.path.appendArc(
            cx: x, cy: y, r: r, start: a0, sweep: CanvasPath.arcSweep(a0, a1, counterclockwise: counterclockwise),
            through: deviceTransform)
        return true
    }

    /// A line toward (x1, y1) rounded into (x2, y2) with radius `r` (HTML `arcTo`).
    @discardableResult
    public func arcTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ r: Double) -> Bool {
        guard [x1, y1, x2, y2, r].allSatisfy(\.isFinite) else { return true }
        guard r >= 0 else { return false }
        guard let cur = state.path.current, let inv = deviceTransform.inverted else {
            moveTo(x1, y1)
            return true
        }
        let p0 = inv.apply(cur.x, cur.y)
        let v1 = (x: p0.x - x1, y: p0.y - y1)
        let v2 = (x: x2 - x1, y: y2 - y1)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot()
        let l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        // Degenerate: coincident points, zero radius or collinear points: a straight line.
        if l1 == 0 || l2 == 0 || r == 0 || abs(cross) < 1e-9 * l1 * l2 {
            lineTo(x1, y1)
            return true
        }
        let n1 = (x: v1.x / l1, y: v1.y / l1)
        let n2 = (x: v2.x / l2, y: v2.y / l2)
        let angle = acos(max(-1, min(1, n1.x * n2.x + n1.y * n2.y)))
        let d = r / tan(angle / 2)
        let t1 = (x: x1 + n1.x * d, y: y1 + n1.y * d)
        let t2 = (x: x1 + n2.x * d, y: y1 + n2.y * d)
        let bis = (x: n1.x + n2.x, y: n1.y + n2.y)
        let bl = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let h = r / sin(angle / 2)
        let c = (x: x1 + bis.x / bl * h, y: y1 + bis.y / bl * h)
        let a0 = atan2(t1.y - c.y, t1.x - c.x)
        let a1 = atan2(t2.y - c.y, t2.x - c.x)
        var sweep = a1 - a0
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        state.path.appendArc(cx: c.x, cy: c.y, r: r, start: a0, sweep: sweep, through: deviceTransform)
        return true
    }

    /// Replaces the clip with the current path (no intersection), then clears the path, as the
    /// framework's canvas library does (semantics.md section 7 item 32).
    public func clip() {
        state.clip = state.path
        state.path = CanvasPath()
    }
    /// Removes the clip.
    public func resetClip() { state.clip = nil }
}

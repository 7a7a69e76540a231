import CairoFonts
import Compositing
import Foundation
import Primitives

/// Fills, strokes, rectangles and images. Every call goes through `draw`, which casts the
/// shadow first, applies the clip, then paints the shape.
extension Context {
    /// Paints a shape into `ctx`; `base` maps device pixels to the target's pixels (identity on
    /// the surface, a translation on the shadow mask).
    typealias Painter = (_ ctx: CairoContext, _ base: CanvasTransform) -> Void

    // MARK: Paths

    /// Fills the current path with `fillStyle` (non-zero winding).
    public func fill() { fill(state.path) }
    /// Strokes the current path with `strokeStyle`, `lineWidth` and the line dash.
    public func stroke() { stroke(state.path) }

    func fill(_ path: CanvasPath) {
        let style = state.fillStyle
        draw(bounds: DeviceBox(path: path)) { ctx, base in
            self.setSource(style, on: ctx, base: base)
            ctx.setMatrix(base)
            path.replay(on: ctx)
            ctx.setFillRule(.winding)
            ctx.fill()
        }
    }

    func stroke(_ path: CanvasPath) {
        let style = state.strokeStyle
        // Miter joins reach out up to miterLimit (10) x half the width.
        draw(bounds: DeviceBox(path: path)?.outset(5 * state.lineWidth * maxStretch + 1)) { ctx, base in
            ctx.setMatrix(base)
            path.replay(on: ctx)
            self.setSource(style, on: ctx, base: base)
            // Line width and dashes are measured in user space at stroke time (HTML rule):
            // the source setter left the user matrix in place.
            ctx.setLineWidth(self.state.lineWidth)
            ctx.setDash(self.state.lineDash)
            ctx.setLineCap(.butt)
            ctx.setLineJoin(.miter)
            ctx.stroke()
        }
    }

    // MARK: Rectangles (they do not touch the current path)

    /// Fills a rectangle (user space, dp) without touching the current path.
    public func fillRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        guard let p = rectPath(x, y, w, h) else { return }
        fill(p)
    }
    /// Strokes a rectangle without touching the current path.
    public func strokeRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        guard let p = rectPath(x, y, w, h) else { return }
        stroke(p)
    }
    /// Makes the rectangle transparent (COPY of transparent black), inside the clip; no shadow.
    public func clearRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        guard let p = rectPath(x, y, w, h), deviceTransform.inverted != nil else { return }
        applyClip(on: cr, base: .identity)
        cr.setMatrix(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
        p.replay(on: cr)
        cr.setOperator(.clear)
        cr.fill()
        cr.setOperator(.over)
    }

    func rectPath(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> CanvasPath? {
        guard [x, y, w, h].allSatisfy(\.isFinite) else { return nil }
        let m = deviceTransform
        var p = CanvasPath()
        let pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map { m.apply($0.0, $0.1) }
        p.move(pts[0].x, pts[0].y)
        for q in pts.dropFirst() { p.line(q.x, q.y) }
        p.close()
        return p
    }

    // MARK: Images

    /// Draws `image` into the rectangle (x, y, w, h) in dp; without a size, at its own dp size.
    public func drawImage(_ image: CanvasImage, _ x: Double, _ y: Double, _ w: Double? = nil, _ h: Double? = nil) {
        let w = w ?? image.width
        let h = h ?? image.height
        guard [x, y, w, h].allSatisfy(\.isFinite), w != 0, h != 0 else { return }
        let source: CairoSurface
        do { source = try CairoSurface(bitmap: image.bitmap) } catch {
            messages.append("drawImage: \(error)")
            return
        }
        let bw = Double(image.bitmap.width)
        let bh = Double(image.bitmap.height)
        let alpha = state.globalAlpha
        let smooth = state.imageSmoothingEnabled
        draw(bounds: DeviceBox(rect: x, y, w, h, through: deviceTransform)) { ctx, base in
            let m = base.concatenating(self.deviceTransform).concatenating(.translation(x, y)).concatenating(
                .scaling(w / bw, h / bh))
            ctx.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f)
            ctx.setSource(source, x: 0, y: 0, filter: smooth ? .good : .nearest)
            ctx.newPath()
            ctx.rectangle(0, 0, bw, bh)
            if alpha >= 1 {
                ctx.fill()
                return
            }
            ctx.save()
            ctx.clip()
            ctx.paint(alpha: alpha)
            ctx.restore()
        }
    }

    /// Draws another surface's pixels (as `drawImage(Surface, ...)`).
    public func drawImage(_ surface: Surface, _ x: Double, _ y: Double, _ w: Double? = nil, _ h: Double? = nil) {
        drawImage(CanvasImage(bitmap: surface.bitmap(), density: surface.displayScale), x, y, w, h)
    }

    // MARK: Plumbing

    /// Casts the shadow (if any), applies the clip and paints. Skips everything when the
    /// transform is singular: nothing can be seen through it, and Cairo would enter an error state.
    /// `bounds`: where the shape can put ink (device pixels), nil when unknown.
    func draw(bounds: DeviceBox?, _ paint: Painter) {
        guard deviceTransform.inverted != nil else { return }
        if state.hasShadow { drawShadow(bounds: bounds, paint) }
        applyClip(on: cr, base: .identity)
        paint(cr, .identity)
        cr.newPath()
    }

    /// Sets the source (colour or gradient with globalAlpha); leaves `ctx` in user space.
    func setSource(_ style: CanvasStyle, on ctx: CairoContext, base: CanvasTransform) {
        let m = base.concatenating(deviceTransform)
        ctx.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f)
        switch style {
        case .color(let c):
            ctx.setColor(c, alpha: state.globalAlpha)
        case .linearGradient(let g):
            let stops =
                g.stops.isEmpty
                ? [(0.0, Color.transparent)]
                : GradientStops.premultipliedForCairo(g.stops.map { ($0.offset, $0.color) })
            ctx.setLinearGradient(x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1, stops: stops, alpha: state.globalAlpha)
        }
    }

    /// Replaces Cairo's clip with the state's clip path (device pixels through `base`).
    func applyClip(on ctx: CairoContext, base: CanvasTransform) {
        ctx.resetClip()
        guard let clip = state.clip else { return }
        ctx.setMatrix(base)
        clip.replay(on: ctx)
        ctx.setFillRule(.winding)
        ctx.clip()
    }

    /// The shape in the shadow colour, blurred with sigma = shadowBlur / 2 dp, offset by the
    /// shadow offset (dp, not transformed), painted under the shape inside the clip. The mask
    /// covers only the shape's box (plus the blur's reach) where it can reach the surface.
    func drawShadow(bounds: DeviceBox?, _ paint: Painter) {
        let s = displayScale
        // Clamped as widget shadows are (Skia's largest sigma): a larger blur looks the same, and
        // `shadowBlur` 1e6 would otherwise ask for a mask of gigabytes.
        let sigma = min(state.shadowBlur / 2 * s, BlurMask.maxSigma)
        let reach = sigma > 0 ? (3 * sigma).rounded(.up) + 1 : 1
        let ox = state.shadowOffsetX * s
        let oy = state.shadowOffsetY * s
        // The area of the surface the shadow can touch, in whole pixels (clamped in floating
        // point first, so huge coordinates never overflow Int).
        let w = Double(actualWidth)
        let h = Double(actualHeight)
        var x0 = 0
        var y0 = 0
        var x1 = actualWidth
        var y1 = actualHeight
        if let b = bounds?.offset(ox, oy).outset(reach) {
            func px(_ v: Double, _ hi: Double) -> Int { CheckedInt.int(max(0, min(hi, v))) }
            x0 = px(b.x0.rounded(.down), w)
            y0 = px(b.y0.rounded(.down), h)
            x1 = px(b.x1.rounded(.up), w)
            y1 = px(b.y1.rounded(.up), h)
        } else if !(ox.isFinite && oy.isFinite) || abs(ox) > w + reach || abs(oy) > h + reach {
            return
        }
        guard x1 > x0, y1 > y0 else { return }
        // The mask also holds the blur's reach beyond that area, so ink just outside still blurs in.
        let m = CheckedInt.int(reach)
        // A wide blur is made at 1/k resolution, as widget shadows are (ShadowPainter.factor): the
        // result looks the same and costs k^2 less (sigma 532 at full resolution is a mask of
        // ten million pixels per call).
        let k = max(1, CheckedInt.int(sigma / 10, in: 1...64))
        let f = Double(k)
        let mw = (x1 - x0 + 2 * m + k - 1) / k
        let mh = (y1 - y0 + 2 * m + k - 1) / k
        guard let mask = try? CairoMask(width: mw, height: mh) else {
            messages.append("shadow skipped: cannot allocate its mask")
            return
        }
        let mctx = mask.makeContext()
        let mx = Double(x0 - m)
        let my = Double(y0 - m)
        paint(
            mctx,
            k == 1
                ? .translation(ox - mx, oy - my)
                : CanvasTransform.scaling(1 / f, 1 / f).concatenating(.translation(ox - mx, oy - my)))
        if sigma > 0 { BlurMask.gaussian(mask, sigma: sigma / f) }
        applyClip(on: cr, base: .identity)
        cr.identityMatrix()
        cr.newPath()
        cr.rectangle(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
        cr.clip()
        cr.setColor(state.shadowColor)
        if k == 1 {
            cr.mask(mask, x: mx, y: my)
            return
        }
        cr.translate(mx, my)
        cr.scale(f, f)
        cr.mask(mask, x: 0, y: 0)
        cr.identityMatrix()
    }

    /// An upper bound of how much the current transform stretches a length (device pixels per
    /// user unit), for conservative shadow boxes.
    var maxStretch: Double {
        let m = deviceTransform
        return abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d)
    }
}

extension CairoContext {
    /// Sets the matrix from a canvas transform.
    func setMatrix(_ m: CanvasTransform) { setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f) }
}

import ImageAssets
import Primitives
import SessionFormat
import Styles
import TextLayout

/// Plays the canvas calls of a `setSurface` step on a `Context` from a Cairo-backed `ContextFactory`.
package struct CanvasPlayer {
    package let fonts: FontLibrary
    package let assets: AssetLoader
    /// Shapes canvas text; shared across surfaces so its cache is reused.
    package let text: TextEngine
    package init(fonts: FontLibrary, assets: AssetLoader) { self.init(text: TextEngine(fonts: fonts), assets: assets) }
    /// A player using an existing text engine (and its shaping cache).
    package init(text: TextEngine, assets: AssetLoader) {
        self.text = text
        self.fonts = text.fonts
        self.assets = assets
    }

    /// The surface's size in device pixels, as `ContextFactory` makes it (for budgets before drawing).
    package static func pixelSize(_ surface: SurfacePayload, scale: Double) -> (width: Int, height: Int) {
        func side(_ v: Double) -> Int {
            v.isFinite ? CheckedInt.int(v * scale, .toNearestOrAwayFromZero, in: 1...8192) : 1
        }
        return (side(surface.width), side(surface.height))
    }

    /// Paints `surface` at `scale` pixels per dp; problems (unknown call, bad argument) come back as
    /// messages. Each call takes from `budget`'s canvas work (one unit, plus one per character of
    /// text); once it is spent the remaining calls are skipped, with one message.
    package func render(_ surface: SurfacePayload, scale: Double, budget: RenderBudget = RenderBudget()) -> (
        Bitmap, [String]
    ) {
        let factory = ContextFactory(displayScale: scale, assets: assets, text: text)
        factory.budget = budget
        let context: Context
        do { context = try factory.createContext(width: surface.width, height: surface.height) } catch {
            let (w, h) = Self.pixelSize(surface, scale: scale)
            return (Bitmap(width: w, height: h), ["surface not drawn: \(error)"])
        }
        var runner = CanvasOpRunner(context: context)
        for (i, op) in surface.ops.enumerated() {
            guard budget.takeCanvasWork(Self.cost(op)) else {
                let rest = surface.ops.count - i - 1
                runner.messages.append(
                    """
                    draw[\(i)] \(op.name)\(rest > 0 ? " and the \(rest) calls after it" : "") skipped: the \
                    render's canvas work budget (\(budget.canvasWorkLimit) calls and characters, docs/limits.md) \
                    is spent
                    """
                )
                break
            }
            if let problem = runner.run(op) { runner.messages.append("draw[\(i)] \(op.name): \(problem)") }
            // Messages the context raised while drawing this call (fonts, images) carry its index too.
            for m in context.messages { runner.messages.append("draw[\(i)] \(op.name): \(m)") }
            context.messages.removeAll()
            // Never expected (inputs are checked), but if Cairo gives up, say so once and where.
            if let e = context.drawingError() {
                runner.messages.append("draw[\(i)] \(op.name): drawing stopped: \(e)")
                break
            }
        }
        return (context.surface.bitmap(), runner.messages)
    }
}

extension CanvasPlayer {
    /// Work units of one call: 1, plus the characters of a text argument (shaping and drawing grow with them).
    static func cost(_ op: CanvasOp) -> Int {
        var units = 1
        for a in op.args { if case .string(let s) = a { units += s.utf8.count } }
        return units
    }
}

/// Applies one `[name, args...]` call to a context, checking its arguments.
struct CanvasOpRunner {
    let context: Context
    var messages: [String] = []
    /// Images loaded by this surface, by asset name (each file is read once).
    var images: [String: CanvasImage] = [:]

    init(context: Context) { self.context = context }

    /// Runs `op`; returns a problem description when the call was not (fully) carried out.
    mutating func run(_ op: CanvasOp) -> String? {
        let a = CanvasArgs(op.args)
        let c = context
        switch op.name.lowercased() {
        // State setters
        case "fillstyle", "strokestyle":
            guard a.count == 1 else { return a.countProblem("1 style") }
            guard let s = CanvasArgs.style(op.args[0]) else {
                return "not a colour or linearGradient: \(CanvasArgs.show(op.args[0]))"
            }
            if op.name.lowercased() == "fillstyle" { c.fillStyle = s } else { c.strokeStyle = s }
        case "linewidth":
            return a.setNumber {
                c.lineWidth = $0
            } valid: {
                $0 > 0
            }
        case "globalalpha":
            return a.setNumber {
                c.globalAlpha = $0
            } valid: {
                (0...1).contains($0)
            }
        case "shadowblur":
            return a.setNumber {
                c.shadowBlur = $0
            } valid: {
                $0 >= 0
            }
        case "shadowoffsetx":
            return a.setNumber {
                c.shadowOffsetX = $0
            } valid: { _ in
                true
            }
        case "shadowoffsety":
            return a.setNumber {
                c.shadowOffsetY = $0
            } valid: { _ in
                true
            }
        case "shadowcolor":
            guard a.count == 1, let s = a.string(0), let col = CanvasArgs.color(s) else { return "expected one colour" }
            c.shadowColor = col
        case "font":
            guard a.count == 1, let s = a.string(0) else { return a.countProblem("1 string") }
            guard let f = CanvasFont.parse(s) else {
                return "cannot parse font '\(s)' (expected [italic|oblique] [weight] SIZEpx FAMILY)"
            }
            c.font = f
            // Generic families (sans-serif, ...) map to Roboto silently; an unknown named family is worth a note.
            if let fonts = context.factory.text?.fonts, f.spec().family == f.family, !fonts.hasFamily(f.family) {
                return "font family '\(f.family)' is not bundled; using \(FontLibrary.defaultFamily)"
            }
        case "textalign":
            guard a.count == 1, let s = a.string(0), let v = CanvasTextAlign(rawValue: s.lowercased()) else {
                return "expected one of \(CanvasTextAlign.allCases.map(\.rawValue).joined(separator: ", "))"
            }
            c.textAlign = v
        case "textbaseline":
            guard a.count == 1, let s = a.string(0), let v = CanvasTextBaseline(rawValue: s.lowercased()) else {
                return "expected one of \(CanvasTextBaseline.allCases.map(\.rawValue).joined(separator: ", "))"
            }
            c.textBaseline = v
        case "imagesmoothingenabled":
            guard a.count == 1, let b = a.bool(0) else { return "expected true or false" }
            c.imageSmoothingEnabled = b
        case "setlinedash":
            let list: [CanvasArg]
            if a.count == 1, case .array(let items) = op.args[0] { list = items } else { list = op.args }
            let nums = list.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
            guard nums.count == list.count, c.setLineDash(nums) else {
                return "expected one array of non-negative numbers"
            }
        // Paths
        case "beginpath": c.beginPath()
        case "closepath": c.closePath()
        case "moveto":
            guard let n = a.numbers(2) else { return a.countProblem("2 numbers") }
            c.moveTo(n[0], n[1])
        case "lineto":
            guard let n = a.numbers(2) else { return a.countProblem("2 numbers") }
            c.lineTo(n[0], n[1])
        case "rect":
            guard let n = a.numbers(4) else { return a.countProblem("4 numbers") }
            c.rect(n[0], n[1], n[2], n[3])
        case "arc":
            guard let n = a.numbers(5, prefix: true), a.count <= 6 else {
                return a.countProblem("5 numbers and an optional boolean")
            }
            let ccw = a.count == 6 ? a.bool(5) : false
            guard let ccw else { return "the 6th argument (counterclockwise) must be a boolean" }
            guard c.arc(n[0], n[1], n[2], n[3], n[4], ccw) else { return "negative radius \(n[2])" }
        case "arcto":
            guard let n = a.numbers(5) else { return a.countProblem("5 numbers") }
            guard c.arcTo(n[0], n[1], n[2], n[3], n[4]) else { return "negative radius \(n[4])" }
        case "fill": c.fill()
        case "stroke": c.stroke()
        case "clip": c.clip()
        case "resetclip": c.resetClip()
        // Rectangles
        case "fillrect":
            guard let n = a.numbers(4) else { return a.countProblem("4 numbers") }
            c.fillRect(n[0], n[1], n[2], n[3])
        case "strokerect":
            guard let n = a.numbers(4) else { return a.countProblem("4 numbers") }
            c.strokeRect(n[0], n[1], n[2], n[3])
        case "clearrect":
            guard let n = a.numbers(4) else { return a.countProblem("4 numbers") }
            c.clearRect(n[0], n[1], n[2], n[3])
        // Text
        case "filltext", "stroketext":
            guard a.count == 3 || a.count == 4, let text = a.text(0), let x = a.number(1), let y = a.number(2) else {
                return a.countProblem("a string and 2 numbers")
            }
            var maxWidth: Double?
            if a.count == 4 {
                guard let m = a.number(3) else { return "maxWidth must be a number" }
                maxWidth = m
            }
            if op.name.lowercased() == "filltext" {
                c.fillText(text, x, y, maxWidth: maxWidth)
            } else {
                c.strokeText(text, x, y, maxWidth: maxWidth)
            }
        case "measuretext": break
        // Images
        case "drawimage":
            guard a.count == 3 || a.count == 5, let name = a.string(0), let x = a.number(1), let y = a.number(2) else {
                return a.countProblem("an asset name and 2 or 4 numbers")
            }
            let w = a.count == 5 ? a.number(3) : nil
            let h = a.count == 5 ? a.number(4) : nil
            if a.count == 5, w == nil || h == nil { return "width and height must be numbers" }
            let image: CanvasImage
            if let cached = images[name] {
                image = cached
            } else {
                do { image = try context.factory.loadImage(name) } catch { return "image not drawn: \(error)" }
                images[name] = image
            }
            c.drawImage(image, x, y, w, h)
        // Transforms
        case "save": c.save()
        case "restore": c.restore()
        case "translate":
            guard let n = a.numbers(2) else { return a.countProblem("2 numbers") }
            c.translate(n[0], n[1])
        case "scale":
            guard let n = a.numbers(2) else { return a.countProblem("2 numbers") }
            c.scale(n[0], n[1])
        case "rotate":
            guard let n = a.numbers(1) else { return a.countProblem("1 number") }
            c.rotate(n[0])
        case "transform":
            guard let n = a.numbers(6) else { return a.countProblem("6 numbers") }
            c.transform(n[0], n[1], n[2], n[3], n[4], n[5])
        case "settransform":
            guard let n = a.numbers(6) else { return a.countProblem("6 numbers") }
            c.setTransform(n[0], n[1], n[2], n[3], n[4], n[5])
        case "resettransform": c.resetTransform()
        default: return "unknown canvas call"
        }
        return nil
    }
}

import JSON
import Primitives

/// Decodes a `setSurface` payload: the size, and the `draw` list of `[name, args...]` canvas calls.
/// A malformed call is dropped with a warning (code `bad-canvas-op`); the other calls are kept,
/// so one typo does not blank a whole chart.
struct CanvasOpDecoder {
    let stepIndex: Int
    private(set) var diagnostics: [Diagnostic] = []

    init(stepIndex: Int) { self.stepIndex = stepIndex }

    /// The canvas `Context` calls of session-format.md section 2 with their argument counts.
    static let arity: [String: ClosedRange<Int>] = [
        "fillStyle": 1...1, "strokeStyle": 1...1, "lineWidth": 1...1, "globalAlpha": 1...1, "shadowBlur": 1...1,
        "shadowColor": 1...1, "shadowOffsetX": 1...1, "shadowOffsetY": 1...1, "font": 1...1, "textAlign": 1...1,
        "textBaseline": 1...1, "imageSmoothingEnabled": 1...1,
        "beginPath": 0...0, "closePath": 0...0, "moveTo": 2...2, "lineTo": 2...2, "arc": 5...6, "arcTo": 5...5,
        "rect": 4...4, "fill": 0...0, "stroke": 0...0, "clip": 0...0, "resetClip": 0...0,
        "fillRect": 4...4, "strokeRect": 4...4, "clearRect": 4...4, "fillText": 3...4, "strokeText": 3...4,
        "drawImage": 5...5, "save": 0...0, "restore": 0...0, "translate": 2...2, "scale": 2...2, "rotate": 1...1,
        "transform": 6...6, "setTransform": 6...6, "resetTransform": 0...0, "setLineDash": 0...64,
    ]

    /// Largest magnitude of a canvas number (coordinates, sizes, blur, widths): 10^6, over 100
    /// times the largest surface side (8192 dp).
    static let maxArgument = 1e6

    mutating func surface(_ r: FieldReader) throws -> SurfacePayload {
        let known: Set<String> = ["width", "height", "draw", "pixels"]
        for k in r.unknownKeys(known) {
            diagnostics.append(
                .warning("unknown-key", step: stepIndex, path: "\(r.path).\(k)", "unknown key \"\(k)\" ignored"))
        }
        let width = try r.double("width")
        let height = try r.double("height")
        guard width > 0, width <= 8192 else {
            throw r.problem("width", "surface width must be more than 0 and at most 8192 dp, found \(width)")
        }
        guard height > 0, height <= 8192 else {
            throw r.problem("height", "surface height must be more than 0 and at most 8192 dp, found \(height)")
        }
        if let p = r.object["pixels"] {
            if r.has("draw") { throw r.problem("pixels", "give either `draw` (canvas calls) or `pixels`, not both") }
            guard case .object(let obj) = p else {
                throw r.problem("pixels", "`pixels` must be an object, found \(p.typeName)")
            }
            return SurfacePayload(
                width: width, height: height, ops: [],
                pixels: try Self.pixels(FieldReader(obj, path: "\(r.path).pixels")))
        }
        var ops: [CanvasOp] = []
        if let d = r.object["draw"] {
            guard case .array(let items) = d else {
                throw r.problem("draw", "`draw` must be an array of [name, args...] calls, found \(d.typeName)")
            }
            ops.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                let path = "\(r.path).draw[\(i)]"
                do {
                    ops.append(try op(item))
                } catch let p as StepProblem {
                    diagnostics.append(
                        .warning("bad-canvas-op", step: stepIndex, path: path, "canvas call skipped: \(p.message)"))
                } catch {
                    diagnostics.append(
                        .warning("bad-canvas-op", step: stepIndex, path: path, "canvas call skipped: \(error)"))
                }
            }
        }
        return SurfacePayload(width: width, height: height, ops: ops)
    }

    /// `{"width": PX, "height": PX, "data": BASE64}`: premultiplied B, G, R, A bytes, rows with no
    /// padding (a Cairo ARGB32 surface's memory on a little-endian machine).
    static func pixels(_ r: FieldReader) throws -> Bitmap {
        if let k = r.unknownKeys(["width", "height", "data"]).first {
            throw r.problem(k, "unknown key `\(k)` in pixels (data, height, width)")
        }
        let w = try r.int("width", default: nil, in: 1...8192)
        let h = try r.int("height", default: nil, in: 1...8192)
        let bytes: [UInt8]
        do { bytes = try Base64.decode(try r.string("data", default: nil)) } catch let e as Base64Error {
            throw r.problem("data", e.message)
        }
        guard bytes.count == w * h * 4 else {
            throw r.problem(
                "data", "\(w) x \(h) pixels need \(w * h * 4) bytes (B, G, R, A each), found \(bytes.count)")
        }
        if let bad = Bitmap.firstUnpremultiplied(bytes) {
            throw r.problem(
                "data", "pixel \(bad % w), \(bad / w) has a colour above its alpha: pixels must be premultiplied")
        }
        return Bitmap(width: w, height: h, pixels: bytes)
    }

    private func op(_ v: JSONValue) throws -> CanvasOp {
        guard case .array(let items) = v, let first = items.first else {
            throw StepProblem(
                path: "", message: "a call must be a non-empty array [name, args...], found \(v.typeName)")
        }
        guard case .string(let name) = first else {
            throw StepProblem(
                path: "", message: "the first element of a call must be its name, found \(first.typeName)")
        }
        guard let range = Self.arity[name] else {
            throw StepProblem(path: "", message: "unknown canvas call \"\(name)\"")
        }
        var args = try items.dropFirst().map(arg)
        // `["setLineDash", 4, 2]` is the same as `["setLineDash", [4, 2]]` (the schema allows both).
        if name == "setLineDash",
            !(args.count == 1
                && {
                    if case .array = args[0] { return true }
                    return false
                }())
        {
            args = [.array(args)]
        }
        guard range.contains(args.count) else {
            let expected =
                range.lowerBound == range.upperBound
                ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw StepProblem(
                path: "",
                message:
                    "\"\(name)\" takes \(expected) argument\(range.upperBound == 1 ? "" : "s"), found \(args.count)")
        }
        return CanvasOp(name: name, args: args)
    }

    private func arg(_ v: JSONValue) throws -> CanvasArg {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(let n):
            guard n.double.isFinite else {
                throw StepProblem(path: "", message: "argument \(n.text) is not a finite number")
            }
            // Bounded where parsed (docs/limits.md): every canvas call can trust its numbers.
            guard abs(n.double) <= Self.maxArgument else {
                throw StepProblem(
                    path: "", message: "argument \(n.text) is out of range (canvas numbers must be within ±10^6)")
            }
            return .number(n.double)
        case .array(let a): return .array(try a.map(arg))
        case .object: throw StepProblem(path: "", message: "objects are not canvas arguments")
        }
    }
}

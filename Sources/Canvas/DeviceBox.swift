/// An axis-aligned box in device pixels, used to keep shadow masks as small as the shape.
struct DeviceBox: Hashable, Sendable {
    var x0, y0, x1, y1: Double

    /// The box around `points`; nil when there are none or any is not finite.
    init?(points: [(x: Double, y: Double)]) {
        guard let f = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        x0 = f.x
        x1 = f.x
        y0 = f.y
        y1 = f.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
    }

    /// The device box of the user-space rectangle (x, y, w, h) through `m`.
    init?(rect x: Double, _ y: Double, _ w: Double, _ h: Double, through m: CanvasTransform) {
        self.init(points: [m.apply(x, y), m.apply(x + w, y), m.apply(x, y + h), m.apply(x + w, y + h)])
    }

    /// The box around a path's points, control points included (a Bézier stays inside them).
    init?(path: CanvasPath) {
        var pts: [(x: Double, y: Double)] = []
        for s in path.segments {
            switch s {
            case .move(let x, let y), .line(let x, let y): pts.append((x, y))
            case .curve(let a, let b, let c, let d, let e, let f): pts += [(a, b), (c, d), (e, f)]
            case .close: break
            }
        }
        self.init(points: pts)
    }

    func outset(_ d: Double) -> DeviceBox { DeviceBox(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }
    func offset(_ dx: Double, _ dy: Double) -> DeviceBox {
        DeviceBox(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    private init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}

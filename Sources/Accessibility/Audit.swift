import Layout
import Painting
import Primitives
import Raster
import RenderPipeline
import SessionFormat
import WidgetTree

/// `render a11y`: the findings of every screen of a session (each named snapshot, then the final
/// frame), from the frames the pipeline renders anyway plus one glyph-only raster per screen.
package struct AccessibilityAudit {
    package let renderer: Renderer
    package var guideline: TargetGuideline
    /// Rasterizes each screen's glyphs alone (black on white): which pixels are text.
    private let maskRasterizer: Rasterizer
    /// Screens audited and text runs measured, for tests that count work.
    package private(set) var screens = 0
    /// The large-text pass (nil: skipped, `render a11y --no-large-text`).
    var largeTextPass: LargeTextPass? = LargeTextPass()
    /// Whether each screen is also laid out again at font scales 1.3 and 2.0 (LargeTextCheck).
    package var largeText: Bool {
        get { largeTextPass != nil }
        set { largeTextPass = newValue ? (largeTextPass ?? LargeTextPass()) : nil }
    }
    /// Second layouts the large-text pass made, for tests that count work.
    package var largeTextLayouts: Int { largeTextPass?.layouts ?? 0 }

    package init(renderer: Renderer) {
        self.renderer = renderer
        guideline = TargetGuideline.of(renderer.looks.profile.platform)
        // Incremental, as renders are (the same bytes as a full repaint): screens of one session
        // share most of their glyphs, so only what changed between them is painted again.
        maskRasterizer = Rasterizer(fonts: renderer.fonts, options: RasterOptions())
    }

    /// Every finding of `session`, screen by screen in capture order; and the diagnostics rendering gave.
    package mutating func run(_ session: Session) throws -> (findings: [Finding], diagnostics: [Diagnostic]) {
        let replay = renderer.replay(session)
        var findings: [Finding] = []
        var count = 0
        let r = try renderer.renderEach(session, replay, only: { c, _ in c.kind == .snapshot || c.kind == .final }) {
            frame, _ in
            count += 1
            findings += try self.findings(frame, device: session.device)
        }
        screens += count
        return (findings, replay.diagnostics + r.diagnostics)
    }

    /// One screen's findings: targets, then texts, each in paint order. `screen` names the screen in
    /// the findings (default: "final" or the capture's snapshot name; `render check --a11y` names a
    /// capture that is both a snapshot and the final frame once for each of its goldens).
    package func findings(_ frame: RenderedFrame, device: Device, screen name: String? = nil) throws -> [Finding] {
        let screen = name ?? (frame.capture.kind == .final ? "final" : (frame.capture.name ?? "snapshot"))
        let map = frame.layout.hitMap(screen: Rect(x: 0, y: 0, width: device.width, height: device.height))
        let resolver = LocatorResolver(tree: frame.capture.tree, map: map)
        func finding(
            _ e: HitMap.Entry, _ check: Finding.Check, _ frame: Rect, _ measured: Double, _ needed: Double,
            _ tail: String
        ) -> Finding {
            let text = resolver.text(e.id)
            return Finding(
                screen: screen, check: check, element: e.id, kind: e.kind, text: text, frame: frame,
                locator: resolver.plainestLocator(e), measured: measured, needed: needed,
                message: "\(Finding.label(e.kind, e.id, text)): \(tail)")
        }
        var out: [Finding] = []
        let targets = TargetCheck(map: map, guideline: guideline)
        for e in map.entries {
            guard let a = targets.area(e), let tail = targets.problem(a) else { continue }
            out.append(finding(e, .target, a, min(a.width, a.height), guideline.side, tail))
        }
        let mask = try maskRasterizer.render(
            Self.glyphsAlone(frame.displayList), images: ImageStore(), scale: device.scale,
            pixelWidth: frame.bitmap.width, pixelHeight: frame.bitmap.height)
        let contrast = ContrastCheck(
            layout: frame.layout, map: map, frame: frame.bitmap, glyphMask: mask, scale: device.scale)
        for e in map.entries {
            // Text a modal covers is dimmed by its scrim on purpose, and a finger cannot reach it.
            guard case .reachable = map.reach(e.id), let m = contrast.worst(e.id), m.ratio < m.needed else { continue }
            let tail = "contrast \(Contrast.text(m.ratio)):1 on \(Contrast.hex(m.background)), needs \(fmt(m.needed)):1"
            out.append(finding(e, .contrast, e.frame, m.ratio, m.needed, tail))
        }
        if let pass = largeTextPass {
            for (id, p) in pass.problems(frame, ids: Self.reachable(map), renderer: renderer, device: device) {
                guard let e = map.entry(id) else { continue }
                out.append(finding(e, .largeText, e.frame, p.measured, p.needed, p.tail))
            }
        }
        return out
    }

    /// The display list's glyphs alone, opaque black, with the clips, transforms and layers they are
    /// drawn under (a layer's opacity still leaves them non-white).
    static func glyphsAlone(_ list: DisplayList) -> DisplayList {
        var out = DisplayList(size: list.size)
        for item in list.items {
            switch item {
            case .save, .restore, .clip, .scale, .beginLayer, .endLayer: out.append(item)
            case .glyphs(var run, let origin):
                run.color = .black
                out.append(.glyphs(run, origin: origin))
            default: continue
            }
        }
        return out
    }
}

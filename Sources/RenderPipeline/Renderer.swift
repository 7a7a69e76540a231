import Foundation
import ImageAssets
import Layout
import PNG
import Painting
import Primitives
import Raster
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// One rendered frame: its pixels and the intermediate results (for dumps, tests and diffs).
public struct RenderedFrame {
    package var capture: Capture
    package var layout: LayoutResult
    package var displayList: DisplayList
    public var bitmap: Bitmap
    /// The images the frame was laid out with (a second layout of the same tree, as the
    /// accessibility large-text pass makes, sizes image views the same way).
    package var images = ImageStore()
}

/// The whole pipeline: decode -> replay -> resources -> layout -> paint -> raster -> encode.
/// Holds what is worth keeping between renders (theme, fonts, shaped-text cache).
package final class Renderer {
    package let options: RenderOptions
    /// The theme (the session's own, when `options.sessionThemeApplies` and it names one).
    package private(set) var theme: Theme
    /// The theme's looks and settings as Styles resolves them (the replay's click value, toast
    /// duration and platform, the assets' density); made once per theme.
    package var looks: ThemeLooks { StyleResolver.shared(for: theme).looks }
    /// The font library: bundled fonts plus the app's own (`--fonts`, else the session's `fonts` folder).
    package private(set) var fonts: FontLibrary
    package private(set) var text: TextEngine
    /// The app fonts folder the library was opened with.
    private var appFonts: String?
    package private(set) var timings = StageTimings()
    /// One rasterizer per renderer, so blurred shadows and image surfaces are reused between frames.
    private var rasterizer: Rasterizer
    /// The device-pixel box the last frame repainted over the frame before it (the whole frame after
    /// a full repaint; empty when nothing changed): the live page's worker sends only that box.
    package var lastDamage: Rect { rasterizer.lastDamage }

    /// Loads the theme and opens the font library (fonts themselves open lazily).
    package init(options: RenderOptions) throws {
        self.options = options
        theme = try options.themeValue ?? ThemeLoader.load(options.theme)
        appFonts = options.appFontsDirectory
        fonts = try FontLibrary(fontsDirectory: options.fontsDirectory, appFontsDirectory: appFonts)
        text = TextEngine(fonts: fonts, fontScale: options.fontScale)
        rasterizer = Rasterizer(fonts: fonts)
    }

    /// Uses the session's own `fonts` folder (when `--fonts` did not name one): reopens the library,
    /// the text engine and the rasterizer only when the folder changes.
    private func useAppFonts(of session: Session) throws {
        guard options.appFontsDirectory == nil else { return }
        var dir: String? = nil
        var isDir: ObjCBool = false
        if let d = session.fontsDirectory, FileManager.default.fileExists(atPath: d, isDirectory: &isDir),
            isDir.boolValue
        {
            dir = d
        }
        guard dir != appFonts else { return }
        appFonts = dir
        fonts = try FontLibrary(fontsDirectory: options.fontsDirectory, appFontsDirectory: dir)
        text = TextEngine(fonts: fonts, fontScale: options.fontScale)
        rasterizer = Rasterizer(fonts: fonts)
    }

    /// Decodes a session file; applies the `--device` override.
    package func load(path: String) throws -> (Session, [Diagnostic]) {
        let decoded = try timed(&timings.decode) { try SessionDecoder().decode(fileAt: path) }
        return try adopt(decoded)
    }

    /// The same through `decoder`, which decodes only the steps a file it read before has gained.
    package func load(path: String, growing decoder: GrowingSessionDecoder) throws -> (Session, [Diagnostic]) {
        let decoded = try timed(&timings.decode) { try decoder.decode(fileAt: path) }
        return try adopt(decoded)
    }

    /// Makes a renderer and decodes the session at `path` at the same time, the decoding on a
    /// second thread: a `render` process otherwise spends its first milliseconds on one core,
    /// loading the theme and the font list and then parsing the session. Returns both outcomes
    /// (the caller reports a renderer failure before a session one, as `init` then `load` would);
    /// pass the session to `adopt`.
    package static func start(options: RenderOptions, decoding path: String)
        -> (renderer: Result<Renderer, Error>, session: Result<(Session, [Diagnostic]), Error>)
    {
        final class Slot: @unchecked Sendable {
            var result: Result<(Session, [Diagnostic]), Error> = .failure(CancellationError())
            var seconds = 0.0
        }
        let slot = Slot()
        let decoded = DispatchSemaphore(value: 0)
        // The decoding thread then fills the first frame's white pixels, now that it knows the
        // device, while this thread replays: the other core is free again by layout time.
        let white = WhiteFrame()
        DispatchQueue.global().async {
            let result = Result { try timed(&slot.seconds) { try SessionDecoder().decode(fileAt: path) } }
            slot.result = result
            decoded.signal()
            if case .success(let (session, _)) = result, Workers.limit > 1 {
                let device = options.device ?? session.device
                white.fill(count: device.pixelWidth * device.pixelHeight * 4)
            } else {
                white.cancel()
            }
        }
        let made = Result { try Renderer(options: options) }
        decoded.wait()
        if case .success(let r) = made {
            r.timings.decode += slot.seconds
            r.rasterizer.adoptWhiteFrame(white)
        }
        return (made, slot.result)
    }

    /// Takes a decoded session (from `start`): applies the `--device` override and opens the
    /// session's own fonts folder when it has one.
    package func adopt(_ decoded: (Session, [Diagnostic])) throws -> (Session, [Diagnostic]) {
        var (session, diags) = decoded
        if let d = options.device { session.device = d }
        if options.sessionThemeApplies, options.themeValue == nil, let t = session.theme, t != options.theme {
            theme = try ThemeLoader.load(t)
        }
        try useAppFonts(of: session)
        // Font files the app folder holds but may not be read (FontFolder): named, never followed.
        diags += fonts.refusedAppFonts.map { Diagnostic.warning("font-refused", step: nil, $0) }
        return (session, diags)
    }

    /// Forgets the last frame's pixels, so the next frame is painted in full, the text the last
    /// session laid out, and its stage timings: a batch worker calls it before each session, so no
    /// session's picture or paragraphs are built on another's (caches of glyphs, shadow masks and
    /// fonts stay warm) and `-v` prints each session's own times, not the worker's running totals.
    package func forgetLastFrame() {
        timings = StageTimings()
        rasterizer.forgetLastFrame()
        text.forgetLaidOutText()
    }

    /// Replays a session into captures, events and diagnostics.
    package func replay(_ session: Session) -> ReplayResult {
        var opts = replayOptions
        opts.hitMaps = hitMapSource(for: session)
        return timed(&timings.replay) { Replayer(session: session, options: opts).run() }
    }

    /// Runs `body` as replay time (`LiveReplay`'s steps count in the replay stage).
    func timedReplay<T>(_ body: () throws -> T) rethrows -> T { try timed(&timings.replay, body) }

    /// The state at virtual time `ms` (`--at`, semantics.md 7 item 34) as a `.final` capture.
    package func state(_ session: Session, at ms: Int) -> Capture {
        var opts = replayOptions
        opts.hitMaps = hitMapSource(for: session)
        return timed(&timings.replay) { Replayer(session: session, options: opts).state(at: ms).capture }
    }

    /// The replay options this renderer's theme and options give.
    package var replayOptions: ReplayOptions {
        var o = ReplayOptions(
            clickValue: looks.clickValue, toastDuration: looks.toast.defaultDuration,
            captureTicks: options.captureTicks, fps: options.fps, platform: looks.profile)
        let fonts = self.fonts
        o.fontFamilyKnown = { fonts.hasFamily($0) }
        return o
    }

    /// Renders every capture of a replay in order. Also returns the image requests the layout
    /// triggers (an `ImageRequestEvent` when an image view without a static image gets its size or a
    /// new width, semantics.md 7 item 38), merged into the replay's events, and resource diagnostics.
    package func renderAll(
        _ session: Session, _ replay: ReplayResult,
        only: (Capture) -> Bool = { _ in true }
    ) throws -> (frames: [RenderedFrame], events: [AppEvent], diagnostics: [Diagnostic]) {
        var frames: [RenderedFrame] = []
        let r = try renderEach(session, replay, only: { c, _ in only(c) }) { frame, _ in frames.append(frame) }
        return (frames, r.events, r.diagnostics)
    }

    /// Like `renderAll`, but hands each wanted frame to `body` as soon as it is rendered (with the
    /// capture's index) instead of keeping them: memory stays at one frame for any session length.
    /// `isolating`: paint only that element and its subtree, as `RenderOptions.isolatedElement` does
    /// (the gallery's state cells pick a different element per render with one renderer).
    package func renderEach(
        _ session: Session, _ replay: ReplayResult, only: (Capture, Int) -> Bool = { _, _ in true },
        isolating: Int? = nil,
        body: (RenderedFrame, Int) throws -> Void
    ) throws -> (events: [AppEvent], diagnostics: [Diagnostic]) {
        rasterizer.prepareWhiteFrame(pixelWidth: session.device.pixelWidth, pixelHeight: session.device.pixelHeight)
        let resources = ResourceLoader(session: session, fonts: fonts, assetDensity: looks.assetDensity)
        var requests = ImageRequestTracker(scale: session.device.scale, format: looks.profile.imageRequestFormat)
        var replayEvents = replay.events
        var budgetNotes: [Diagnostic] = []
        var warnedText = false
        completeScrollEvents(&replayEvents, replay.scrollStates, resources: resources, device: session.device)
        for (index, capture) in replay.captures.enumerated() {
            let wanted = only(capture, index)
            // Image requests follow layout; lay out every capture so events do not depend on which are saved.
            let (layout, images) = layOut(capture.tree, resources: resources, device: session.device)
            requests.observe(capture.tree, layout: layout, images: images)
            defer { text.endFrame() }  // text only this frame used does not pile up over many frames
            guard wanted else { continue }
            try body(
                try renderFrame(capture, layout: layout, images: images, device: session.device, isolating: isolating),
                index)
            if rasterizer.skippedText > 0 && !warnedText {
                warnedText = true
                budgetNotes.append(
                    .warning(
                        "budget", step: capture.step,
                        """
                        \(rasterizer.skippedText) text run\(rasterizer.skippedText == 1 ? "" : "s") larger than \
                        \(CheckedInt.text(Rasterizer.maxTextPixelSize)) device pixels per em (zoomed) not drawn \
                        (docs/limits.md)
                        """
                    ))
            }
        }
        let events = Self.mergeEvents(replayEvents, requests.events)
        return (events, resources.diagnostics + budgetNotes + fontDiagnostics())
    }

    /// One error per bundled font file refused because its bytes differ from `fonts.lock` (a file read
    /// from its Debian install path after the package changed): its text is missing from the picture.
    func fontDiagnostics() -> [Diagnostic] {
        fonts.refusedFiles.map {
            .error(
                "font-checksum", step: nil,
                """
                \($0) differs from fonts.lock (its Debian package changed?): text in that font is not drawn; \
                install the locked version or fill the fonts folder with scripts/fonts.sh
                """
            )
        }
    }

    /// Lays out one tree with the images it shows.
    func layOut(_ tree: WidgetTree, resources: ResourceLoader, device: Device) -> (LayoutResult, ImageStore) {
        let images = timed(&timings.resources) {
            resources.images(for: tree, launchScreen: device.launchScreen)
        }
        let layout = timed(&timings.layout) {
            LayoutEngine(theme: theme, text: text, images: images).layout(tree, device: device)
        }
        return (layout, images)
    }

    /// Fills in each scroll step's ScrollChangedEvent from the layout of the tree at that step.
    func completeScrollEvents(
        _ events: inout [AppEvent], _ states: [ScrollState], resources: ResourceLoader, device: Device
    ) {
        for s in states where events.indices.contains(s.event) {
            let (layout, _) = layOut(s.tree, resources: resources, device: device)
            ScrollEventCompleter.complete(&events[s.event], id: s.id, layout: layout)
        }
    }

    /// Paints and rasterizes one laid-out capture.
    func renderFrame(
        _ capture: Capture, layout: LayoutResult, images: ImageStore, device: Device, isolating: Int? = nil
    ) throws -> RenderedFrame {
        let isolated = isolating ?? options.isolatedElement
        let list = timed(&timings.paint) {
            let painter = Painter()
            var list =
                isolated.map { painter.paintAlone($0, layout: layout, device: device) }
                ?? painter.paint(layout, device: device)
            if options.showBounds {  // --bounds: after the frame's own items, through the same raster path
                let text = self.text
                let tagStyle = ParagraphStyle(
                    font: FontSpec(family: "Roboto", weight: 700), size: BoundsOverlay.tagSize,
                    color: .white, noWrap: true)
                let tag = { (s: String) in
                    text.layout(AttributedText(s), style: tagStyle, maxWidth: nil, deviceScale: device.scale)
                }
                list.items += BoundsOverlay(tag: tag, spacing: options.boundsSpacing).items(
                    layout: layout, screen: Rect(x: 0, y: 0, width: device.width, height: device.height),
                    scale: device.scale,
                    subtree: isolated)
            }
            return list
        }
        let bitmap = try timed(&timings.raster) {
            try rasterizer.render(
                list, images: images, scale: device.scale,
                pixelWidth: device.pixelWidth, pixelHeight: device.pixelHeight)
        }
        return RenderedFrame(capture: capture, layout: layout, displayList: list, bitmap: bitmap, images: images)
    }

    /// PNG bytes of a frame.
    package func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        try timed(&timings.encode) { try PNGCodec.encode(bitmap, compressionLevel: options.compressionLevel) }
    }

    /// Writes bytes atomically (temporary file in the same folder, then rename): never a half-written file.
    package func write(_ bytes: [UInt8], to path: String) throws {
        try timed(&timings.write) { try AtomicFile.write(bytes, to: path) }
    }

    /// Events in time order; events at the same time keep replay order first (stable).
    static func mergeEvents(_ a: [AppEvent], _ b: [AppEvent]) -> [AppEvent] {
        if b.isEmpty { return a }
        var out: [AppEvent] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j >= b.count || (i < a.count && a[i].time <= b[j].time) {
                out.append(a[i])
                i += 1
            } else {
                out.append(b[j])
                j += 1
            }
        }
        return out
    }
}

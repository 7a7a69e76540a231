import Foundation

/// A session file rendered in process: the pixels of one frame, its PNG bytes and the events the
/// app would receive, as `render SESSION -o OUT.png --events FILE` gives them.
public struct RenderedSession {
    /// The frame's pixels (premultiplied BGRA, device pixels).
    public var bitmap: Bitmap
    /// The frame as PNG bytes (the options' compression level).
    public var png: [UInt8]
    /// Every event of the whole replay, in time order.
    public var events: [AppEvent]
    /// Problems found while decoding, replaying and loading resources (a step that could not be
    /// applied is skipped with one of these; the rest is drawn).
    public var diagnostics: [Diagnostic]
}

/// Why `renderSession` produced no picture.
public enum SessionRenderingError: Error, CustomStringConvertible {
    case noSuchSnapshot(session: String, name: String)
    case noFrame(session: String)
    public var description: String {
        switch self {
        case .noSuchSnapshot(let s, let n): return "\(s): no snapshot step named '\(n)'"
        case .noFrame(let s): return "\(s): the session has no frame"
        }
    }
}

/// Renders the final frame (or the last `snapshot` step named `snapshot`) of the session file at
/// `path`. `options` default to the built-in theme and the bundled fonts found as
/// `RenderOptions()` finds them.
public func renderSession(
    _ path: String, snapshot: String? = nil,
    options: RenderOptions = RenderOptions()
) throws -> RenderedSession {
    let renderer = try Renderer(options: options)
    let (session, decodeDiagnostics) = try renderer.load(path: path)
    let replay = renderer.replay(session)
    var wanted: Int?
    for (i, c) in replay.captures.enumerated() {
        if let name = snapshot { if c.kind == .snapshot && c.name == name { wanted = i } } else { wanted = i }
    }
    guard let index = wanted else {
        if let name = snapshot { throw SessionRenderingError.noSuchSnapshot(session: path, name: name) }
        throw SessionRenderingError.noFrame(session: path)
    }
    var frame: RenderedFrame?
    let result = try renderer.renderEach(session, replay, only: { _, i in i == index }) { f, _ in frame = f }
    guard let bitmap = frame?.bitmap else { throw SessionRenderingError.noFrame(session: path) }
    return RenderedSession(
        bitmap: bitmap, png: try renderer.encode(bitmap), events: result.events,
        diagnostics: decodeDiagnostics + replay.diagnostics + result.diagnostics)
}

extension HeadlessBackend {
    /// A backend for `device` with the built-in theme (`default`, `ios`, `android`) or a theme file,
    /// the bundled fonts found as `RenderOptions()` finds them unless `fontsDirectory` names them, the app's own
    /// fonts, and asset names resolved in `assetsDirectory`.
    public convenience init(
        device: Device, theme: String = "default", fontsDirectory: String? = nil,
        appFontsDirectory: String? = nil, assetsDirectory: String = ""
    ) throws {
        var options = RenderOptions(fontsDirectory: fontsDirectory)
        options.theme = theme
        options.appFontsDirectory = appFontsDirectory
        try self.init(device: device, options: options, assetsDirectory: assetsDirectory)
    }
}

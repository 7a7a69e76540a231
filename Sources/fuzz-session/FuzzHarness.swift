import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import WidgetTree

/// The work done on one fuzz input; also usable without libFuzzer (a plain build runs the inputs
/// named on the command line, see `FuzzMain`). The whole pipeline, as `render` runs it: decode,
/// replay (plain, with 60 fps tick captures, and `state(at:)`), resources (assets, packed images,
/// the canvas player on every `setSurface`), layout, paint, raster and PNG encoding of the final
/// frame. Any crash, trap, sanitizer report or timeout is a bug; thrown `SessionError`s and
/// diagnostics are the expected outcome.
enum FuzzHarness {
    /// One renderer for the whole run (theme and font list loaded once), drawing on a small device
    /// so that an input costs milliseconds: layout and paint do not depend on the device's size.
    static let renderer: Renderer? = {
        let fonts = ProcessInfo.processInfo.environment["PREVIEW_RENDERER_FONTS"] ?? "Fonts"
        var o = RenderOptions(fontsDirectory: fonts)
        o.device = Device(width: 160, height: 240, scale: 1)
        guard let r = try? Renderer(options: o) else {
            FileHandle.standardError.write(
                Data(
                    """
                    fuzz-session: no fonts at '\(fonts)' (run from the repository root or set \
                    PREVIEW_RENDERER_FONTS); decode and replay only\n
                    """
                    .utf8))
            return nil
        }
        return r
    }()

    static func run(_ bytes: [UInt8]) {
        // Each input is its own session, as in a batch worker: nothing drawn for one input is kept
        // for the next, so a crash reproduces from its file alone, and nothing of the last input is
        // alive when LeakSanitizer checks at exit (it cannot follow references Swift keeps with enum
        // tags in a pointer's spare bits, llvm/llvm-project#56751, and reported the last frame's
        // display list as leaked).
        defer { renderer?.forgetLastFrame() }
        guard let (decoded, diagnostics) = try? SessionDecoder().decode(data: bytes, path: "") else { return }
        _ = Replayer(session: decoded, options: ReplayOptions(captureTicks: true, fps: 60)).run()
        _ = Replayer(session: decoded).state(at: 1_500)
        guard let r = renderer, let (session, _) = try? r.adopt((decoded, diagnostics)) else {
            _ = Replayer(session: decoded).run()
            return
        }
        let replay = r.replay(session)
        guard let result = try? r.renderAll(session, replay, only: { $0.kind == .final }),
            let frame = result.frames.last
        else { return }
        _ = try? r.encode(frame.bitmap)
    }
}

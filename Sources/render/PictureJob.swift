import Foundation
import Primitives
import RenderPipeline
import SessionFormat
import struct WidgetTree.ReplayResult

/// One picture of a session, as `render watch` makes it on every change: the final frame, a named
/// snapshot or the state at a time, optionally one element alone; encoded and written atomically.
/// A new Renderer each time, so an edited theme file is read again.
struct PictureJob {
    struct Failure: Error { var code: Int32; var message: String }

    var session: String
    var output: String
    var snapshot: String?
    var at: Int?
    var element: Int?
    var options: RenderOptions

    /// Renders and writes; returns `WxH px` and the diagnostics of decoding, replay and resources.
    func run() throws -> (size: String, diagnostics: [Diagnostic]) {
        var o = options
        o.isolatedElement = element
        let renderer: Renderer
        do { renderer = try Renderer(options: o) } catch { throw Failure(code: ExitCodes.renderFailed, message: "render: error: \(error)") }
        let (sess, decodeDiags): (Session, [Diagnostic])
        do { (sess, decodeDiags) = try renderer.load(path: session) } catch {
            throw Failure(code: ExitCodes.forRejection(error), message: "\(error)")
        }
        let replay = renderer.replay(sess)
        var target: RenderedFrame?
        var diags = decodeDiags + replay.diagnostics
        do {
            if let ms = at {
                let c = renderer.state(sess, at: ms)
                let one = ReplayResult(captures: [c], events: [], diagnostics: [], final: c.tree)
                diags += try renderer.renderEach(sess, one) { f, _ in target = f }.diagnostics
            } else {
                var index = replay.captures.indices.last
                if let name = snapshot {
                    guard let i = replay.captures.lastIndex(where: { $0.kind == .snapshot && $0.name == name }) else {
                        throw Failure(code: ExitCodes.noSuchSnapshot, message: "\(session): error: no snapshot named '\(name)'")
                    }
                    index = i
                }
                diags += try renderer.renderEach(sess, replay, only: { _, i in i == index }) { f, _ in target = f }.diagnostics
            }
        } catch let f as Failure { throw f } catch {
            throw Failure(code: ExitCodes.renderFailed, message: "\(session): error: rendering failed: \(error)")
        }
        guard var frame = target else { throw Failure(code: ExitCodes.renderFailed, message: "\(session): error: nothing was rendered") }
        if let id = element {
            do { frame.bitmap = try ElementCrop.crop(id, from: frame, scale: sess.device.scale) } catch {
                throw Failure(code: ExitCodes.usage, message: "\(session): error: --element \(id): \(error)")
            }
        }
        do { try renderer.write(try renderer.encode(frame.bitmap), to: output) } catch {
            throw Failure(code: ExitCodes.unwritable, message: "render: error: \(error)")
        }
        return ("\(frame.bitmap.width)x\(frame.bitmap.height) px", diags)
    }
}

import Foundation
import JSON
import Primitives

/// Writes a `Session` as a session file (session-format.md), the inverse of `SessionDecoder`:
/// decoding the output gives the same steps, so a live run recorded through the C API replays to
/// the same pixels. Fields at their default (0, "") are left out, as a hand-written file would.
package enum SessionWriter {
    /// The session as JSON bytes. Folders are written relative to `folder` (the folder the file
    /// will be in) when they are inside it, else as absolute paths.
    package static func encode(_ session: Session, folder: String) -> [UInt8] {
        var bytes = header(session, folder: folder)
        for (i, s) in session.steps.enumerated() {
            bytes += stepSeparator(first: i == 0)
            bytes += step(s.kind, address: s.address)
        }
        return bytes + footer
    }

    // The file in pieces, so a long recording is written a step at a time (HeadlessBackend's
    // recording keeps its pixels on disk): header, then each step after its separator, then footer.

    /// Everything before the first step: the format, name, device, folders, theme, `notExact`.
    package static func header(_ session: Session, folder: String) -> [UInt8] {
        var w = JSONWriter()
        w.raw("{\"format\":\"framework-session\",\"version\":1,\"name\":")
        w.string(session.name)
        if let d = session.description {
            w.raw(",\"description\":")
            w.string(d)
        }
        w.raw(",\"device\":")
        device(session.device, &w)
        if !session.assetsDirectory.isEmpty {
            w.raw(",\"assets\":")
            w.string(relative(session.assetsDirectory, to: folder))
        }
        if let f = session.fontsDirectory {
            w.raw(",\"fonts\":")
            w.string(relative(f, to: folder))
        }
        if let t = session.theme {
            w.raw(",\"theme\":")
            // A theme file is written as a path (relative when it can be); a bundled name as it is.
            w.string(t.hasSuffix(".json") || t.contains("/") ? relative(t, to: folder) : t)
        }
        if let n = session.notExact {
            w.raw(",\"notExact\":")
            w.string(n)
        }
        w.raw(",\"steps\":[")
        return w.bytes
    }

    /// What goes before a step: a newline, after a comma unless it is the first.
    package static func stepSeparator(first: Bool) -> [UInt8] { first ? [0x0A] : [0x2C, 0x0A] }

    /// One step as JSON (an input step with its `target` or point, if it has one).
    package static func step(_ kind: StepKind, address: InputAddress? = nil) -> [UInt8] {
        var w = JSONWriter()
        step(kind, &w, address: address)
        return w.bytes
    }

    /// What closes the file after the last step.
    package static let footer: [UInt8] = Array("\n]}\n".utf8)

    static func device(_ d: Device, _ w: inout JSONWriter) {
        w.raw("{\"width\":")
        w.number(d.width)
        w.raw(",\"height\":")
        w.number(d.height)
        w.raw(",\"scale\":")
        w.number(d.scale)
        if d.statusBar != 0 {
            w.raw(",\"statusBar\":")
            w.number(d.statusBar)
        }
        if d.safeAreaBottom != 0 {
            w.raw(",\"safeAreaBottom\":")
            w.number(d.safeAreaBottom)
        }
        if let l = d.launchScreen {
            w.raw(",\"launchScreen\":")
            w.string(l)
        }
        w.raw("}")
    }

    static func step(_ kind: StepKind, _ w: inout JSONWriter, address: InputAddress? = nil) {
        switch kind {
        case .command(let c): command(c, &w)
        case .batch(let inner):
            w.raw("{\"type\":\"batch\",\"steps\":[")
            for (i, s) in inner.enumerated() {
                if i > 0 { w.raw(",") }
                step(s.kind, &w)
            }
            w.raw("]}")
        case .setImageData(let id, let image):
            w.raw("{\"type\":\"setImageData\",\"internalId\":\(id),\"image\":{\"format\":\"\(image.format.name)\"")
            w.raw(",\"width\":\(image.width),\"height\":\(image.height),\"levels\":\(image.levels)")
            if let f = image.file {
                w.raw(",\"file\":")
                w.string(f)
            } else {
                w.raw(",\"data\":\"")
                w.raw(Data(image.data).base64EncodedString())
                w.raw("\"")
            }
            w.raw("}}")
        case .setSurface(let id, let s):
            w.raw("{\"type\":\"setSurface\",\"internalId\":\(id),\"surface\":{\"width\":")
            w.number(s.width)
            w.raw(",\"height\":")
            w.number(s.height)
            if let p = s.pixels {
                w.raw(",\"pixels\":{\"width\":\(p.width),\"height\":\(p.height),\"data\":\"")
                w.raw(Data(p.pixels).base64EncodedString())
                w.raw("\"}")
            } else {
                w.raw(",\"draw\":[")
                for (i, op) in s.ops.enumerated() {
                    if i > 0 { w.raw(",") }
                    w.raw("[")
                    w.string(op.name)
                    for a in op.args {
                        w.raw(",")
                        arg(a, &w)
                    }
                    w.raw("]")
                }
                w.raw("]")
            }
            w.raw("}}")
        case .tick(let ms): w.raw("{\"type\":\"tick\",\"ms\":\(ms)}")
        case .input(let k, let id, let value, let text):
            w.raw("{\"type\":\"\(k.rawValue)\"")
            // The id the target or point resolved to is kept beside it: on replay it wins.
            if id != InputAddress.unresolvedId || address == nil { w.raw(",\"internalId\":\(id)") }
            switch address {
            case .target(let l)?:
                w.raw(",\"target\":")
                l.write(&w)
            case .point(let x, let y)?:
                w.raw(",\"x\":")
                w.number(x)
                w.raw(",\"y\":")
                w.number(y)
            case nil: break
            }
            switch k {
            case .select, .scroll: w.raw(",\"value\":\(value)")
            case .input:
                w.raw(",\"textValue\":")
                w.string(text)
            case .press, .release, .tap:
                if !text.isEmpty {
                    w.raw(",\"textValue\":")
                    w.string(text)
                }
                if k == .tap && value > 0 { w.raw(",\"row\":\(value - 1)") }  // an action sheet's row
            }
            w.raw("}")
        case .sys(let t):
            w.raw(
                SystemEventTypes.isSysEvent(t)
                    ? "{\"type\":\"sys\",\"event\":\"SysEvent\",\"textValue\":" : "{\"type\":\"sys\",\"textValue\":")
            w.string(t)
            w.raw("}")
        case .back: w.raw("{\"type\":\"back\"}")
        case .snapshot(let name):
            w.raw("{\"type\":\"snapshot\",\"name\":")
            w.string(name)
            w.raw("}")
        }
    }

    static func command(_ c: Command, _ w: inout JSONWriter) {
        w.raw("{\"type\":\"\(c.type.name)\"")
        func int(_ key: String, _ v: Int) { if v != 0 { w.raw(",\"\(key)\":\(v)") } }
        func text(_ key: String, _ v: String) {
            if !v.isEmpty {
                w.raw(",\"\(key)\":")
                w.string(v)
            }
        }
        int("internalId", c.internalId)
        int("childInternalId", c.childInternalId)
        int("value", c.value)
        text("textValue", c.textValue)
        text("textValue2", c.textValue2)
        int("width", c.width)
        int("height", c.height)
        int("row", c.row)
        int("column", c.column)
        int("sheet", c.sheet)
        int("flags", c.flags)
        w.raw("}")
    }

    static func arg(_ a: CanvasArg, _ w: inout JSONWriter) {
        switch a {
        case .number(let n): w.number(n)
        case .string(let s): w.string(s)
        case .bool(let b): w.raw(b ? "true" : "false")
        case .null: w.raw("null")
        case .array(let items):
            w.raw("[")
            for (i, x) in items.enumerated() {
                if i > 0 { w.raw(",") }
                arg(x, &w)
            }
            w.raw("]")
        }
    }

    /// `path` relative to `folder` when inside it (the decoder resolves it back), else unchanged.
    static func relative(_ path: String, to folder: String) -> String {
        let f = folder.hasSuffix("/") ? folder : folder + "/"
        if path == folder || path + "/" == f { return "." }
        return path.hasPrefix(f) ? String(path.dropFirst(f.count)) : path
    }
}

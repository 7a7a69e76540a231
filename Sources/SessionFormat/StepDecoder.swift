import JSON
import Primitives

/// Decodes the entries of `steps` (session-format.md "Steps"). A step that cannot be decoded is
/// dropped with an error diagnostic (code `bad-step`) carrying its top-level index and JSON path;
/// unknown keys inside a step are warnings and the step is kept.
struct StepDecoder {
    private(set) var diagnostics: [Diagnostic] = []
    /// Steps decoded so far, batch entries included (limit `SessionLimits.maxSteps`).
    private(set) var decodedSteps = 0
    let maxSteps: Int
    init(maxSteps: Int = SessionLimits.maxSteps) { self.maxSteps = maxSteps }

    /// The non-command step kinds, by lower-cased name.
    enum Kind: String, CaseIterable {
        case batch, setimagedata, setsurface, tick, press, release, tap, select, scroll, input, sys, back, snapshot
        /// As written in files (session-format.md), for messages.
        static let names = [
            "batch", "setImageData", "setSurface", "tick", "press", "release", "tap", "select", "scroll", "input",
            "sys",
            "back", "snapshot",
        ]
    }

    static let commandKeys = FieldSet([
        .type, .internalId, .childInternalId, .value, .textValue, .textValue2,
        .key, .width, .height, .row, .column, .sheet, .flags,
    ])
    static let barButtons = ["back", "menu", "save", "compose"]

    /// The last command name looked up and its type: runs of one command (SET_STYLE) are the
    /// common case, and comparing two small strings costs less than hashing one.
    private var lastName = ""
    private var lastNamedType: CommandType?

    /// `CommandType.named(exactly:)`, remembering the last answer.
    private mutating func lastType(named name: String) -> CommandType? {
        if name == lastName, let t = lastNamedType { return t }
        let t = CommandType.named(exactly: name)
        if t != nil {
            lastName = name
            lastNamedType = t
        }
        return t
    }

    /// A top-level step, or nil (with a diagnostic) when it cannot be decoded.
    mutating func decodeTopLevel(_ value: JSONValue, index: Int) -> Step? {
        decode(value, index: index, path: Self.topPath(index), inBatch: false)
    }

    /// `steps[index]`, written out byte by byte: the same text as `"steps[\(index)]"` without
    /// string interpolation, which cost more than the rest of decoding a small step.
    static func topPath(_ index: Int) -> String {
        guard index >= 0 else { return "steps[\(index)]" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buf in
            let prefix: StaticString = "steps["
            var n = 0
            for i in 0..<prefix.utf8CodeUnitCount {
                buf[n] = prefix.utf8Start[i]
                n += 1
            }
            var digits = 1
            var rest = index
            while rest >= 10 {
                rest /= 10
                digits += 1
            }
            var v = index
            for i in stride(from: n + digits - 1, through: n, by: -1) {
                buf[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            n += digits
            buf[n] = UInt8(ascii: "]")
            return String(decoding: UnsafeBufferPointer(rebasing: buf[0...n]), as: UTF8.self)
        }
    }

    /// A top-level step the parser read as a plain command (`JSONParser.stepCommand()`): what
    /// `decodeTopLevel(_:index:)` makes of the same entry, which for such an entry is the command
    /// with its texts limited (as `command` does when every field has its type).
    mutating func decodeTopLevel(command: Command, index: Int) -> Step? {
        let path = Self.topPath(index)
        guard countStep(index: index, path: path) else { return nil }
        var c = command
        c.textValue = limitText(c.textValue, path, "textValue")
        c.textValue2 = limitText(c.textValue2, path, "textValue2")
        return Step(.command(c), index: index, path: path)
    }

    /// Counts one more step; false (with the error at the first) once past `maxSteps`.
    private mutating func countStep(index: Int, path: String) -> Bool {
        decodedSteps += 1
        guard decodedSteps > maxSteps else { return true }
        if decodedSteps == maxSteps + 1 {
            diagnostics.append(
                .error(
                    "too-many-steps", step: index, path: path,
                    "more than \(maxSteps) steps (batch entries included); the rest are dropped"))
        }
        return false
    }

    private mutating func decode(_ value: JSONValue, index: Int, path: String, inBatch: Bool) -> Step? {
        guard countStep(index: index, path: path) else { return nil }
        do {
            guard case .object(let obj) = value else {
                throw StepProblem(path: path, message: "a step must be an object, found \(value.typeName)")
            }
            let r = FieldReader(obj, path: path)
            guard let typeValue = obj[.type] else { throw r.problem("type", "the step has no `type`") }
            switch typeValue {
            case .number(let n):
                guard let ord = n.int, let type = CommandType(rawValue: ord) else {
                    throw r.problem(
                        "type", "unknown command ordinal \(n.text) (0 ... \(CommandType.allCases.count - 1))")
                }
                return Step(.command(try command(type, r)), index: index, path: path)
            case .string(let name):
                // The canonical spelling first: an exact upper-case command name is a command
                // (what the general rule below gives too), without case folding every name.
                if let type = lastType(named: name) {
                    return Step(.command(try command(type, r)), index: index, path: path)
                }
                // RELEASE is both a command and a step kind: upper case means the command
                // (the files' canonical spelling), any other case the step.
                let kind = Kind(rawValue: name.lowercased())
                if let type = CommandType(name: name), kind == nil || name == name.uppercased() {
                    return Step(.command(try command(type, r)), index: index, path: path)
                }
                guard let kind else {
                    let hint = NearestName.hint(for: name, in: CommandType.allCases.map(\.name) + Kind.names)
                    throw r.problem(
                        "type",
                        """
                        unknown step type \"\(name)\"\(hint) (a command name such as CREATE_BUTTON, an ordinal, or \
                        one of \(Kind.names.joined(separator: ", ")))
                        """
                    )
                }
                if inBatch {
                    throw r.problem("type", "a batch holds only commands; \"\(name)\" is not allowed inside one")
                }
                let stepKind = try other(kind, r, index: index)
                return Step(stepKind, index: index, path: path, address: try Self.inputAddress(kind, r))
            default:
                throw r.problem(
                    "type", "`type` must be a command name or ordinal, found \(FieldReader.describe(typeValue))")
            }
        } catch let p as StepProblem {
            let label = inBatch ? "batch entry skipped" : "step skipped"
            diagnostics.append(.error("bad-step", step: index, path: p.path, "\(label): \(p.message)"))
            return nil
        } catch {
            diagnostics.append(.error("bad-step", step: index, path: path, "step skipped: \(error)"))
            return nil
        }
    }

    // MARK: - Commands

    private mutating func command(_ type: CommandType, _ r: FieldReader) throws -> Command {
        var c = Command(type: type)
        let fast = Self.wellTyped(type, r.object)
        if let fast {
            // Every field has its type: the reads below would take the same values in this order.
            c = fast
            c.textValue = limitText(c.textValue, r.path, "textValue")
            c.textValue2 = limitText(c.textValue2, r.path, "textValue2")
        } else {
            c.internalId = try r.int(.internalId)
            c.childInternalId = try r.int(.childInternalId)
            c.textValue = limitText(try r.string(.textValue), r.path, "textValue")
            c.textValue2 = limitText(try r.string(.textValue2), r.path, "textValue2")
            _ = try r.string(.key)  // accepted and ignored, but still must be a string
            c.width = try r.int(.width)
            c.height = try r.int(.height)
            c.row = try r.int(.row)
            c.column = try r.int(.column)
            c.sheet = try r.int(.sheet)
            c.flags = try r.int(.flags)
        }
        if type == .SET_STYLE {
            // The selector travels in `value`: an ordinal, or its name in any case.
            if case .string(let s)? = r.object[.value] {
                guard let sel = Selector(name: s) else {
                    throw r.problem(
                        "value",
                        "unknown selector \"\(s)\" (NORMAL, ACTIVE, HOVER, SELECTED, DISABLED, LINK or 0 ... 5)")
                }
                c.selector = sel
                c.value = sel.rawValue
            } else {
                if fast == nil { c.value = try r.int(.value) }
                guard let sel = Selector(rawValue: c.value) else {
                    throw r.problem(
                        "value",
                        "unknown selector \(c.value) (0 NORMAL, 1 ACTIVE, 2 HOVER, 3 SELECTED, 4 DISABLED, 5 LINK)")
                }
                c.selector = sel
            }
        } else if fast == nil {
            c.value = try r.int(.value)
        }
        warnUnknownKeys(r, known: Self.commandKeys, index: nil)
        return c
    }

    /// The command's fields read in one pass over the members, when each field the command
    /// reads is absent, null, or of its type (an integer `value` too, or a string one on SET_STYLE,
    /// which `command` reads as a selector); nil when any is not, and `command` then reads them
    /// one by one, throwing the first problem in its fixed order. Texts are not limited here.
    private static func wellTyped(_ type: CommandType, _ object: JSONObject) -> Command? {
        var c = Command(type: type)
        for m in object.members {
            guard let f = m.field else { continue }
            switch (f, m.value) {
            case (_, .null), (.type, _): continue
            case (.textValue, .string(let s)): c.textValue = s
            case (.textValue2, .string(let s)): c.textValue2 = s
            case (.key, .string): continue
            case (.value, .string) where type == .SET_STYLE: continue
            case (_, .number(let n)):
                guard let i = n.int else { return nil }
                if c.setInteger(f, i) { continue }
                // A text field with a number is wrong; other names are not command fields (an
                // unknown key, warned about later).
                if f == .textValue || f == .textValue2 || f == .key { return nil }
            default:
                if commandKeys.contains(f) { return nil }
            }
        }
        return c
    }

    // MARK: - Other step kinds

    private mutating func other(_ kind: Kind, _ r: FieldReader, index: Int) throws -> StepKind {
        switch kind {
        case .batch:
            warnUnknownKeys(r, known: FieldSet([.type, .steps]), index: index)
            guard let v = r.object[.steps] else { throw r.problem("steps", "a batch needs a `steps` array") }
            guard case .array(let items) = v else {
                throw r.problem("steps", "`steps` must be an array, found \(v.typeName)")
            }
            var inner: [Step] = []
            for (j, item) in items.enumerated() {
                if let s = decode(item, index: index, path: "\(r.path).steps[\(j)]", inBatch: true) { inner.append(s) }
            }
            return .batch(inner)
        case .setimagedata:
            warnUnknownKeys(r, known: FieldSet([.type, .internalId, .image]), index: index)
            let id = try r.int(.internalId, default: nil)
            guard let v = r.object[.image] else { throw r.problem("image", "`image` is missing") }
            guard case .object(let img) = v else {
                throw r.problem("image", "`image` must be an object, found \(v.typeName)")
            }
            return .setImageData(
                internalId: id, image: try packedImage(FieldReader(img, path: "\(r.path).image"), index: index))
        case .setsurface:
            warnUnknownKeys(r, known: FieldSet([.type, .internalId, .surface]), index: index)
            let id = try r.int(.internalId, default: nil)
            guard let v = r.object[.surface] else { throw r.problem("surface", "`surface` is missing") }
            guard case .object(let s) = v else {
                throw r.problem("surface", "`surface` must be an object, found \(v.typeName)")
            }
            var decoder = CanvasOpDecoder(stepIndex: index)
            let surface = try decoder.surface(FieldReader(s, path: "\(r.path).surface"))
            diagnostics.append(contentsOf: decoder.diagnostics)
            return .setSurface(internalId: id, surface: surface)
        case .tick:
            warnUnknownKeys(r, known: FieldSet([.type, .ms]), index: index)
            let ms = try r.double(.ms)
            guard ms >= 0 else {
                throw r.problem("ms", "`ms` must not be negative (time only moves forward), found \(ms)")
            }
            guard ms <= 1e12 else { throw r.problem("ms", "`ms` = \(ms) is too large (at most 10^12 ms per tick)") }
            return .tick(ms: CheckedInt.int(ms, .toNearestOrAwayFromZero))
        case .press, .release, .tap:
            warnUnknownKeys(
                r, known: FieldSet([.type, .internalId, .textValue, .row]), index: index, extra: Self.addressKeys)
            let id = try r.int(.internalId, default: Self.needsInternalId(r) ? nil : InputAddress.unresolvedId)
            let text = try r.string(.textValue).lowercased()
            guard text.isEmpty || Self.barButtons.contains(text) else {
                throw r.problem(
                    "textValue",
                    "`textValue` names an action bar button: back, menu, save or compose (found \"\(text)\")")
            }
            let k: InputKind = kind == .press ? .press : kind == .release ? .release : .tap
            return .input(k, internalId: id, value: try Self.sheetRow(k, r), text: text)
        case .select:
            warnUnknownKeys(r, known: FieldSet([.type, .internalId, .value]), index: index, extra: Self.addressKeys)
            let id = try r.int(.internalId, default: Self.needsInternalId(r) ? nil : InputAddress.unresolvedId)
            let v = try r.int(.value, default: nil, in: 0...1)
            return .input(.select, internalId: id, value: v, text: "")
        case .scroll:
            warnUnknownKeys(r, known: FieldSet([.type, .internalId, .value]), index: index, extra: Self.addressKeys)
            let id = try r.int(.internalId, default: Self.needsInternalId(r) ? nil : InputAddress.unresolvedId)
            let v = try r.double(.value)
            guard abs(v) <= 1e9 else { throw r.problem("value", "scroll offset \(v) is out of range") }
            return .input(.scroll, internalId: id, value: CheckedInt.int(v, .toNearestOrAwayFromZero), text: "")
        case .input:
            warnUnknownKeys(
                r, known: FieldSet([.type, .internalId, .textValue]), index: index, extra: Self.addressKeys)
            let id = try r.int(.internalId, default: Self.needsInternalId(r) ? nil : InputAddress.unresolvedId)
            let text = try r.string(.textValue, default: nil)
            return .input(.input, internalId: id, value: 0, text: text)
        case .sys:
            // `event` tells a SysEvent from a SysInfoEvent (SystemEventTypes); SysEvent BACK is the back step.
            warnUnknownKeys(r, known: FieldSet([.type, .textValue]), index: index, extra: ["event"])
            let t = try r.string(.textValue, default: nil).uppercased()
            let eventClass = try r.string("event", default: SystemEventTypes.sysInfoEventClass)
            if let why = SystemEventTypes.problem(eventClass: eventClass, type: t) {
                let known = [SystemEventTypes.sysInfoEventClass, SystemEventTypes.sysEventClass].contains(eventClass)
                throw r.problem(known ? "textValue" : "event", why)
            }
            return t == "BACK" ? .back : .sys(t)
        case .back:
            warnUnknownKeys(r, known: FieldSet([.type]), index: index)
            return .back
        case .snapshot:
            warnUnknownKeys(r, known: FieldSet([.type, .name]), index: index)
            let name = try r.string(.name, default: nil)
            guard !name.isEmpty else { throw r.problem("name", "a snapshot needs a non-empty `name`") }
            return .snapshot(name: name)
        }
    }

    private func packedImage(_ r: FieldReader, index: Int) throws -> PackedImage {
        let known: Set<String> = ["format", "width", "height", "levels", "data", "file"]
        if let k = r.unknownKeys(known).first {
            throw r.problem(k, "unknown key `\(k)` in image (\(known.sorted().joined(separator: ", ")))")
        }
        if r.has("file") {
            if r.has("data") { throw r.problem("file", "give either `data` or `file`, not both") }
            let file = try r.string("file", default: nil)
            guard !file.isEmpty else { throw r.problem("file", "`file` must name a PNG in the assets folder") }
            // Size and format come from the PNG (semantics.md section 7 item 10); given values are kept.
            let format = r.has("format") ? try pixelFormat(r) : .RGBA8
            return PackedImage(
                format: format, width: try r.int("width", in: 0...65535), height: try r.int("height", in: 0...65535),
                levels: try r.int("levels", default: 1, in: 1...16), data: [], file: file)
        }
        guard r.has("data") else {
            throw r.problem("data", "an image needs `data` (base64 pixels) or `file` (a PNG in the assets folder)")
        }
        let format = try pixelFormat(r)
        let width = try r.int("width", default: nil, in: 1...65535)
        let height = try r.int("height", default: nil, in: 1...65535)
        let levels = try r.int("levels", default: 1, in: 1...16)
        let text = try r.string("data", default: nil)
        let bytes: [UInt8]
        do { bytes = try Base64.decode(text) } catch let e as Base64Error { throw r.problem("data", e.message) }
        return PackedImage(format: format, width: width, height: height, levels: levels, data: bytes)
    }

    private func pixelFormat(_ r: FieldReader) throws -> PixelFormat {
        guard let v = r.object["format"] else {
            throw r.problem("format", "`format` is missing (a pixel format name such as RGBA8, or its ordinal)")
        }
        switch v {
        case .string(let s):
            guard let f = PixelFormat(name: s), f != .NO_FORMAT else {
                throw r.problem("format", "unknown pixel format \"\(s)\"")
            }
            return f
        case .number(let n):
            guard let i = n.int, let f = PixelFormat(rawValue: i), f != .NO_FORMAT else {
                throw r.problem("format", "unknown pixel format ordinal \(n.text) (1 ... 16)")
            }
            return f
        default:
            throw r.problem("format", "`format` must be a name or an ordinal, found \(v.typeName)")
        }
    }

    /// Text over `SessionLimits.maxTextBytes` is cut, with the warning `text-too-long`.
    private mutating func limitText(_ text: String, _ path: String, _ key: String) -> String {
        var text = text
        if let cut = SessionLimits.truncatedText(text) {
            diagnostics.append(
                .warning(
                    "text-too-long", step: Self.stepIndex(path), path: "\(path).\(key)",
                    """
                    `\(key)` is \(text.utf8.count) bytes; cut to the first \(SessionLimits.maxTextBytes) (see \
                    docs/limits.md)
                    """
                ))
            text = cut
        }
        if let (kept, dropped) = SessionLimits.limitedCombiningMarks(text) {
            diagnostics.append(
                .warning(
                    "combining-marks", step: Self.stepIndex(path), path: "\(path).\(key)",
                    """
                    `\(key)` has runs of more than \(SessionLimits.maxCombiningRun) combining marks; \(dropped) \
                    marks dropped (see docs/limits.md)
                    """
                ))
            text = kept
        }
        return text
    }

    private mutating func warnUnknownKeys(_ r: FieldReader, known: FieldSet, index: Int?, extra: Set<String> = []) {
        for k in r.unknownKeys(known) where !extra.contains(k) {
            // The nearest key this step allows: `childInternalID` -> `childInternalId`.
            let hint = NearestName.hint(for: k, in: FieldName.allCases.filter { known.contains($0) }.map(\.name))
            diagnostics.append(
                .warning(
                    "unknown-key", step: index ?? Self.stepIndex(r.path), path: "\(r.path).\(k)",
                    "unknown key \"\(k)\" ignored\(hint)"))
        }
    }

    /// The top-level index in a path such as `steps[4].steps[2]`.
    static func stepIndex(_ path: String) -> Int? {
        guard path.hasPrefix("steps["), let close = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: 6)..<close])
    }
}

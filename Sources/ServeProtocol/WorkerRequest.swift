/// The server's requests to its `render --serve-worker` processes: written as the fields of one
/// `WorkerWire` job by the server (`fields`), read back by the worker (`init(fields:)`). The worker's
/// answer is a `FrameAnswer` (its JSON, and for a frame the PNG or the changed rectangle).
public enum WorkerRequest: Equatable, Sendable {
    /// One capture of a state; the PNG is the whole frame, or none when the changed rectangle over the
    /// worker's previous state goes with it.
    case frame(StateSpec)
    /// The same frame as a whole PNG, never a rectangle.
    case whole(StateSpec)
    /// The final frame, shrunk to at most 160 px wide.
    case thumb(StateSpec)
    /// A frame's answer (with its tree) and its whole PNG shrunk by a whole factor until its longest side
    /// is at most `maxSide` pixels (`render mcp`'s pictures for agents, docs/mcp.md); never a rectangle.
    case scaled(StateSpec, maxSide: Int)
    /// What a touch at x, y dp reaches, and `render inspect --point`'s text for it.
    case hit(StateSpec, x: Double, y: Double)
    /// The same for one element of the tree.
    case element(StateSpec, id: Int)
    /// The plainest locator of every reachable element (while the live page records).
    case locators(StateSpec)
    /// The accessibility findings of the shown capture.
    case a11y(StateSpec)
    /// The measured portability report of a session file.
    case portability(path: String, theme: String, device: String, fontScale: String)
    /// The names of the device presets.
    case devices
    /// The folder's goldens checked as `render check` checks them, changes grouped by cause (CheckAnswer.swift).
    case check(CheckSpec)

    /// The operation's name, the job's first field.
    public var op: String {
        switch self {
        case .frame: return "frame"
        case .whole: return "whole"
        case .thumb: return "thumb"
        case .scaled: return "scaled"
        case .hit: return "hit"
        case .element: return "element"
        case .locators: return "locators"
        case .a11y: return "a11y"
        case .portability: return "portability"
        case .devices: return "devices"
        case .check: return "check"
        }
    }

    /// The job's fields: the operation, then its values.
    public var fields: [String] {
        switch self {
        case .frame(let s), .whole(let s), .thumb(let s), .locators(let s), .a11y(let s): return [op] + s.fields
        case .hit(let s, let x, let y): return [op] + s.fields + [String(x), String(y)]
        case .element(let s, let id): return [op] + s.fields + [String(id)]
        case .scaled(let s, let side): return [op] + s.fields + [String(side)]
        case .portability(let path, let theme, let device, let fontScale): return [op, path, theme, device, fontScale]
        case .devices: return [op]
        case .check(let c): return [op] + c.fields
        }
    }

    /// The request a job's fields hold, or why they hold none (the worker answers that as an error).
    public static func parse(_ fields: [String]) -> Result<WorkerRequest, MessageError> {
        let spec = fields.count >= 8 ? StateSpec(fields: Array(fields[1...7])) : nil
        switch (fields.first, fields.count) {
        case ("frame", 8): return .success(.frame(spec!))
        case ("whole", 8): return .success(.whole(spec!))
        case ("thumb", 8): return .success(.thumb(spec!))
        case ("locators", 8): return .success(.locators(spec!))
        case ("a11y", 8): return .success(.a11y(spec!))
        case ("hit", 10):
            guard let x = Double(fields[8]), let y = Double(fields[9]), x.isFinite, y.isFinite else {
                return .failure(MessageError("bad point"))
            }
            return .success(.hit(spec!, x: x, y: y))
        case ("scaled", 9):
            guard let side = Int(fields[8]), side > 0 else { return .failure(MessageError("bad size")) }
            return .success(.scaled(spec!, maxSide: side))
        case ("element", 9):
            guard let id = Int(fields[8]) else { return .failure(MessageError("bad id")) }
            return .success(.element(spec!, id: id))
        case ("portability", 5):
            return .success(.portability(path: fields[1], theme: fields[2], device: fields[3], fontScale: fields[4]))
        case ("devices", _): return .success(.devices)
        case ("check", _):
            guard let c = CheckSpec(fields: Array(fields.dropFirst())) else {
                return .failure(MessageError("bad check"))
            }
            return .success(.check(c))
        default: return .failure(MessageError("unknown request"))
        }
    }
}

/// A state the server has seen, as it names it to the worker: STATE (its key: the session's version, the
/// other values, the assets' generation), PATH, THEME (a name or file), THEMEGEN, DEVICE (`session`, a
/// preset or WxH@S), FONTSCALE and CAPTURE (`final`, `capture:N`, `at:MS`). The worker keeps the last few
/// states laid out by STATE, and rebuilds one from the other values when it has been dropped.
public struct StateSpec: Equatable, Sendable {
    public var state: String
    public var path: String
    public var theme: String
    public var themeGeneration: String
    public var device: String
    public var fontScale: String
    public var capture: String

    public init(
        state: String, path: String, theme: String, themeGeneration: String, device: String, fontScale: String,
        capture: String
    ) {
        self.state = state
        self.path = path
        self.theme = theme
        self.themeGeneration = themeGeneration
        self.device = device
        self.fontScale = fontScale
        self.capture = capture
    }

    init(fields f: [String]) {
        self.init(
            state: f[0], path: f[1], theme: f[2], themeGeneration: f[3], device: f[4], fontScale: f[5], capture: f[6])
    }

    public var fields: [String] { [state, path, theme, themeGeneration, device, fontScale, capture] }
}

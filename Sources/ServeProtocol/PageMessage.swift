import Foundation

/// The version of `render serve`'s protocol: the page's and the server's messages (this file,
/// ServerMessage.swift) and the worker's requests and answers (WorkerRequest.swift, FrameAnswer.swift).
/// Bumped when a message changes shape; the server sends it in its first message (`sessions`).
public enum ProtocolVersion {
    public static let current = 1
}

/// Why a page's message is not one the server understands (the server closes that page's connection
/// with code 1003 and `malformed message: REASON`).
public struct MessageError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// A message from a page (a WebSocket text message, a JSON object with a `type`). Decoded once, where
/// it arrives; the server dispatches on the case. Fields of the wrong type count as missing, as the
/// server has always read them.
public enum PageMessage: Equatable, Sendable {
    /// What the page shows (`ViewRequest`; the server checks its values against what it offers).
    case view(ViewRequest)
    /// The pointer over a picture at x, y dp: the inspector's hit test.
    case hover(slot: String, x: Double, y: Double)
    /// An element picked in the tree.
    case element(slot: String, id: Int)
    /// The accessibility findings of a picture (the page's Accessibility panel is open).
    case a11y(slot: String)
    /// The state a picture now shows (its next frame may be a changed rectangle over it).
    case painted(slot: String?, state: String?)
    /// `render serve --app`: a step for the app, Restart, Record or Stop.
    case live(LiveRequest)
    /// The Groups pane opened (the folder's changes by cause, sent now and after every change) or closed.
    case groups(open: Bool)

    /// The message in a WebSocket text message's bytes, or why it is not one.
    public static func decode(_ bytes: [UInt8]) -> Result<PageMessage, MessageError> {
        do {
            return .success(try JSONDecoder().decode(PageMessage.self, from: Data(bytes)))
        } catch let e as MessageError {
            return .failure(e)
        } catch {
            return .failure(MessageError("not a JSON object"))
        }
    }
}

extension PageMessage: Decodable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        func field<T: Decodable>(_ name: String, _: T.Type = T.self) -> T? {
            (try? c.decodeIfPresent(T.self, forKey: AnyKey(name))) ?? nil
        }
        switch field("type", String.self) {
        case "view":
            self = .view(
                ViewRequest(
                    session: field("session"), look: field("look"), device: field("device"),
                    fontScale: field("fontScale", Double.self) ?? field("fontScale", String.self).map { Double($0) }
                        ?? nil,
                    capture: field("capture"),
                    sideBySide: field("sideBySide")))
        case "hover":
            guard let slot = field("slot", String.self), let x = field("x", Double.self),
                let y = field("y", Double.self),
                x.isFinite, y.isFinite
            else { throw MessageError("hover: needs slot, x and y") }
            self = .hover(slot: slot, x: x, y: y)
        case "element":
            guard let slot = field("slot", String.self), let id = field("id", Int.self) else {
                throw MessageError("element: needs slot and id")
            }
            self = .element(slot: slot, id: id)
        case "a11y":
            guard let slot = field("slot", String.self) else { throw MessageError("a11y: needs slot") }
            self = .a11y(slot: slot)
        case "painted":
            self = .painted(slot: field("slot"), state: field("state"))
        case "groups":
            self = .groups(open: field("open") ?? true)
        case "live":
            switch field("op", String.self) {
            case "step": self = .live(.step(field("step", JSONValue.self)))
            case "restart": self = .live(.restart)
            case "look": self = .live(.look(look: field("look")))
            case "record": self = .live(.record)
            case "stop": self = .live(.stop(name: field("name"), overwrite: field("overwrite") ?? false))
            default: self = .live(.unknown)
            }
        default: throw MessageError("unknown message type")
        }
    }
}

/// The page's `view` message as it came: each value checked by the server (a look it offers, a device
/// name or WxH@S, a capture `final`, `capture:N` or `at:MS`, a font scale 0.5...3).
public struct ViewRequest: Equatable, Sendable {
    public var session: String?
    public var look: String?
    public var device: String?
    /// A number, or a string holding one (nil when it holds none or is absent: 1).
    public var fontScale: Double?
    public var capture: String?
    public var sideBySide: Bool?

    public init(
        session: String?, look: String? = nil, device: String? = nil, fontScale: Double? = nil,
        capture: String? = nil, sideBySide: Bool? = nil
    ) {
        self.session = session
        self.look = look
        self.device = device
        self.fontScale = fontScale
        self.capture = capture
        self.sideBySide = sideBySide
    }
}

/// The live page's operations (`{"type": "live", "op": ...}`). An unknown op, or a step that is not one,
/// is refused by the server only once it knows it plays an app.
public enum LiveRequest: Equatable, Sendable {
    /// A step as the page sent it (`LiveStep.checked` says whether it is one).
    case step(JSONValue?)
    case restart
    /// Restart the app in a look the server offers (its `--theme`), the walk played again (LiveHub+Look.swift).
    case look(look: String?)
    case record
    /// Stop recording: the recording's file name (nil: none given), and whether to replace existing files.
    case stop(name: String?, overwrite: Bool)
    case unknown
}

/// A live step the page sends (session-format.md's inputs: a tap, a scroll, a text input, a tick...),
/// checked and rebuilt from known keys only.
public enum LiveStep {
    /// The kinds of step a page may send.
    public static let types: Set<String> = [
        "tap", "press", "release", "scroll", "input", "tick", "back", "sys", "snapshot",
    ]

    /// The step with only its known keys (x and y to the hundredth of a dp), or why it is not a step.
    public static func checked(_ value: JSONValue?) -> Result<[String: JSONValue], MessageError> {
        guard let s = value?.object, let type = s["type"]?.string, types.contains(type) else {
            return .failure(MessageError("live step: needs a type (\(types.sorted().joined(separator: ", ")))"))
        }
        var out: [String: JSONValue] = ["type": .string(type)]
        for key in ["x", "y"] {
            guard let v = s[key] else { continue }
            guard let d = v.number, d.isFinite, abs(d) < 1e6 else {
                return .failure(MessageError("live step: bad \(key)"))
            }
            out[key] = .double((d * 100).rounded() / 100)  // dp to the hundredth: the script stays readable
        }
        for key in ["value", "ms", "internalId"] {
            guard let v = s[key] else { continue }
            guard let i = v.integer, abs(i) < 1 << 40, key != "ms" || i >= 0 else {
                return .failure(MessageError("live step: bad \(key)"))
            }
            out[key] = .int(i)
        }
        for key in ["textValue", "name", "event"] {
            guard let v = s[key] else { continue }
            guard let t = v.string, t.utf8.count <= 4096 else { return .failure(MessageError("live step: bad \(key)")) }
            out[key] = .string(t)
        }
        return .success(out)
    }
}

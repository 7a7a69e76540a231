import Foundation

/// The server's messages to a page. Text messages are JSON objects with a `type`; a frame is a binary
/// message (`FrameMessage`). Where a message carries the worker's own JSON (a frame's `meta`, an
/// inspection's `data`), that JSON goes in as the worker wrote it (`MessageJSON.spliced`), never parsed
/// and written again. Serve/Page/types.d.ts is the page's side of these shapes.
public enum MessageJSON {
    /// A message's JSON, keys in sorted order (the same message, the same bytes).
    public static func bytes<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    public static func text<T: Encodable>(_ value: T) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// `head`'s JSON object with one more key, `key`, whose value is `raw` (JSON bytes), last.
    public static func spliced<T: Encodable>(_ head: T, _ key: String, _ raw: [UInt8]) -> [UInt8] {
        var out = bytes(head)
        out.removeLast()  // the closing brace
        if out.count > 1 { out.append(UInt8(ascii: ",")) }
        return out + Array("\"\(key)\":".utf8) + raw + [UInt8(ascii: "}")]
    }

    public static func splicedText<T: Encodable>(_ head: T, _ key: String, _ raw: [UInt8]) -> String {
        String(decoding: spliced(head, key, raw), as: UTF8.self)
    }
}

/// The session list, a page's first message and again after every change: the names and versions (the
/// thumbnails' addresses), and what the page may choose.
public struct SessionsMessage: Codable, Equatable, Sendable {
    public var type = "sessions"
    /// `ProtocolVersion.current`.
    public var `protocol` = ProtocolVersion.current
    public var folder: String
    public var items: [SessionItem]
    public var looks: [String]
    public var look: String
    public var devices: [String]
    public var device: String
    public var fontScale: Double
    /// The goldens' root when there is one (`render serve --snapshots DIR`, default `Snapshots`): the page
    /// then offers its Groups pane (CheckAnswer.swift). Absent otherwise.
    public var goldens: String?

    public init(
        folder: String, items: [SessionItem], looks: [String], look: String, devices: [String], device: String,
        fontScale: Double, goldens: String? = nil
    ) {
        self.folder = folder
        self.items = items
        self.looks = looks
        self.look = look
        self.devices = devices
        self.device = device
        self.fontScale = fontScale
        self.goldens = goldens
    }
}

public struct SessionItem: Codable, Equatable, Sendable {
    public var name: String
    /// The session's version times 1000 plus the assets' generation.
    public var version: Int
    public init(name: String, version: Int) {
        self.name = name
        self.version = version
    }
}

/// A view naming a session the server does not have.
public struct ErrorMessage: Codable, Equatable, Sendable {
    public var type = "error"
    public var message: String
    public init(message: String) { self.message = message }
}

/// The head of an inspector answer; the worker's answer follows as `data` (a hit test or an element).
public struct InspectMessage: Codable, Equatable, Sendable {
    public var type = "inspect"
    public var slot: String
    /// What asked: `hover` or `tree`.
    public var source: String
    public init(slot: String, source: String) {
        self.slot = slot
        self.source = source
    }
}

/// The head of a portability report; the worker's report follows as `data`.
public struct PortabilityMessage: Codable, Equatable, Sendable {
    public var type = "portability"
    public var session: String
    public init(session: String) { self.session = session }
}

/// The head of a picture's accessibility findings; the worker's findings follow as `data`.
public struct A11yMessage: Codable, Equatable, Sendable {
    public var type = "a11y"
    public var slot: String
    public var state: String
    public init(slot: String, state: String) {
        self.slot = slot
        self.state = state
    }
}

/// The head of the live app's state (`render serve --app`); its log's entries (the app's answers, as
/// they were made) follow as `log`.
public struct LiveMessage: Codable, Equatable, Sendable {
    public var type = "live"
    /// Numbers the live messages (a page's test waits for one newer than it has seen).
    public var seq: Int
    public var running: Bool
    public var sessionName: String
    public var canRecord: Bool
    /// The answer that ended the run, when the app is not running.
    public var ended: JSONValue?
    public var recording: Recording?
    /// The last recording's result (written, or why not).
    public var recordNote: String?
    /// The look the app was last restarted in by the page (`op` `look`), and how its walk's replay went.
    public var appLook: String?
    public var restartNote: String?

    public struct Recording: Codable, Equatable, Sendable {
        public var steps: Int
        public var snapshots: [String]
        public init(steps: Int, snapshots: [String]) {
            self.steps = steps
            self.snapshots = snapshots
        }
    }

    public init(
        seq: Int, running: Bool, sessionName: String, canRecord: Bool, ended: JSONValue? = nil,
        recording: Recording? = nil, recordNote: String? = nil, appLook: String? = nil, restartNote: String? = nil
    ) {
        self.seq = seq
        self.running = running
        self.sessionName = sessionName
        self.canRecord = canRecord
        self.ended = ended
        self.recording = recording
        self.recordNote = recordNote
        self.appLook = appLook
        self.restartNote = restartNote
    }
}

/// A frame for a picture of the page: a binary message, 4 bytes of head length (big-endian), the head's
/// JSON with the worker's JSON as `meta`, then the picture's bytes: a PNG, or the changed rectangle's
/// (a PNG or pixel runs, `patchFormat`) to draw over the state `base` the page painted.
public struct FrameMessage: Codable, Equatable, Sendable {
    public var type = "frame"
    public var slot: String
    public var session: String
    public var look: String
    public var state: String
    public var version: Int
    /// When the server sent it and noticed the session's change (ms since 1970; the bench's breakdown).
    public var sent: Double
    public var noticed: Double
    /// The changed rectangle, device pixels: x, y, width, height.
    public var patch: [Int]?
    public var base: String?
    /// `runs` for pixel runs; absent for a PNG.
    public var patchFormat: String?

    public init(
        slot: String, session: String, look: String, state: String, version: Int, sent: Double, noticed: Double,
        patch: FramePatch? = nil
    ) {
        self.slot = slot
        self.session = session
        self.look = look
        self.state = state
        self.version = version
        self.sent = sent
        self.noticed = noticed
        self.patch = patch?.rect
        self.base = patch?.base
        self.patchFormat = patch?.runs == true ? "runs" : nil
    }

    /// The binary message: the head's length, the head with `meta` (the worker's JSON), the picture's bytes.
    public func encoded(meta: [UInt8], picture: [UInt8]) -> [UInt8] {
        let head = MessageJSON.spliced(self, "meta", meta)
        let n = UInt32(head.count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)] + head + picture
    }
}

/// The JSON of the worker's answers (the `JSON` part of a `FrameAnswer`): what the worker
/// (Sources/ServeWorker) writes, the server reads (Serve/Sources/ServeCore) and forwards to pages as a
/// frame's `meta` or a message's `data`. Each answer has `ok`: true with the answer's fields, or false
/// with the diagnostics (`WorkerFailure`, `WorkerReply`). The worker writes the keys in the order the
/// properties are declared (ServeWorker+JSON.swift; the same answer, the same bytes); Serve/Page/types.d.ts
/// is the page's side, Serve/Page/messages.schema.json is written from these types.

/// A diagnostic as an answer carries it (the engine's `Diagnostic`: semantics.md's codes).
public struct AnswerDiagnostic: Codable, Equatable, Sendable {
    /// `info`, `warning` or `error`.
    public var severity: String
    public var code: String
    public var message: String
    /// The index of the step in the session's top-level `steps`.
    public var step: Int?
    /// The JSON path of the offending value.
    public var path: String?

    public init(severity: String, code: String, message: String, step: Int? = nil, path: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.step = step
        self.path = path
    }

    /// An error of the serve machinery itself (`serve` from the worker, `worker` from the server).
    public static func error(_ message: String, code: String = "serve") -> AnswerDiagnostic {
        AnswerDiagnostic(severity: "error", code: code, message: message)
    }
}

/// Whether an answer worked: the one field every answer has (what the server reads of most).
public struct AnswerStatus: Codable, Equatable, Sendable {
    public var ok: Bool
}

/// Any request's answer when it failed: the session did not load, a request no server sends, or the
/// worker died or timed out on it (the server writes that one, code `worker`).
public struct WorkerFailure: Codable, Equatable, Sendable {
    public var ok = false
    public var diagnostics: [AnswerDiagnostic]

    public init(diagnostics: [AnswerDiagnostic]) { self.diagnostics = diagnostics }
    public init(_ message: String, code: String = "serve") { diagnostics = [.error(message, code: code)] }
}

/// One request's answer: `Answer` (`ok` true) or the failure (`ok` false).
public enum WorkerReply<Answer: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    case ok(Answer)
    case failed(WorkerFailure)

    public init(from decoder: Decoder) throws {
        self = try AnswerStatus(from: decoder).ok ? .ok(Answer(from: decoder)) : .failed(WorkerFailure(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .ok(let a): try a.encode(to: encoder)
        case .failed(let f): try f.encode(to: encoder)
        }
    }

    /// The answer, nil when it failed.
    public var answer: Answer? {
        if case .ok(let a) = self { return a }
        return nil
    }
}

/// A rectangle in dp as answers write it: x, y, width, height.
public typealias AnswerRect = [Double]

// MARK: frames

/// A frame's answer (`frame` and `whole`), the frame message's `meta`: the picture's size and
/// diagnostics, the session's device and timeline, the capture shown, the elements, the time spent.
public struct FrameMeta: Codable, Equatable, Sendable {
    public var ok = true
    /// The session's diagnostics and the frame's (decode, replay, render).
    public var diagnostics: [AnswerDiagnostic]
    /// How many of `diagnostics` are errors.
    public var errors: Int
    /// The picture's size in device pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var device: DeviceSize
    /// Every capture of the replay: snapshots, ticks, the final frame.
    public var timeline: [TimelineEntry]
    /// The capture the frame shows.
    public var shown: ShownCapture
    /// The elements in paint order.
    public var tree: [TreeEntry]
    public var timing: FrameTiming

    public init(
        diagnostics: [AnswerDiagnostic], errors: Int, pixelWidth: Int, pixelHeight: Int, device: DeviceSize,
        timeline: [TimelineEntry], shown: ShownCapture, tree: [TreeEntry], timing: FrameTiming
    ) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.device = device
        self.timeline = timeline
        self.shown = shown
        self.tree = tree
        self.timing = timing
    }
}

/// A thumbnail's answer (`thumb`): a frame's without the device, timeline, capture and tree (the
/// server serves only its PNG, and reads `ok`).
public struct ThumbnailMeta: Codable, Equatable, Sendable {
    public var ok = true
    public var diagnostics: [AnswerDiagnostic]
    public var errors: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var timing: FrameTiming

    public init(diagnostics: [AnswerDiagnostic], errors: Int, pixelWidth: Int, pixelHeight: Int, timing: FrameTiming) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.timing = timing
    }
}

/// The session's device: size in dp and pixels per dp.
public struct DeviceSize: Codable, Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public init(width: Double, height: Double, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// One capture of the replay, as the timeline offers it (`capture:INDEX`).
public struct TimelineEntry: Codable, Equatable, Sendable {
    public var index: Int
    /// `snapshot`, `tick`, `final` or `launch`.
    public var kind: String
    /// The virtual clock in ms.
    public var time: Int
    public var step: Int
    /// A snapshot's name.
    public var name: String?
    public init(index: Int, kind: String, time: Int, step: Int, name: String? = nil) {
        self.index = index
        self.kind = kind
        self.time = time
        self.step = step
        self.name = name
    }
}

/// The capture a frame shows.
public struct ShownCapture: Codable, Equatable, Sendable {
    public var kind: String
    public var time: Int
    public var step: Int
    public init(kind: String, time: Int, step: Int) {
        self.kind = kind
        self.time = time
        self.step = step
    }
}

/// One element of a frame's tree (the engine's hit map), in paint order. Not its locator: finding
/// every element's costs more than the frame (`LocatorsAnswer` has them, asked for apart).
public struct TreeEntry: Codable, Equatable, Sendable {
    public var id: Int
    public var kind: String
    public var frame: AnswerRect
    /// The element's own text.
    public var text: String
    public var parent: Int?
    /// The part of the frame not clipped away, when some is.
    public var visible: AnswerRect?
    /// An action bar's buttons (`back` or `menu`, `save` or `compose`), which a live page offers.
    public var barButtons: [String]?
    /// Whether a touch reaches it; `why` not, when it does not.
    public var reachable: Bool
    public var why: String?

    public init(
        id: Int, kind: String, frame: AnswerRect, text: String, parent: Int? = nil, visible: AnswerRect? = nil,
        barButtons: [String]? = nil, reachable: Bool, why: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.text = text
        self.parent = parent
        self.visible = visible
        self.barButtons = barButtons
        self.reachable = reachable
        self.why = why
    }
}

/// Where a frame's time went, ms to the tenth (docs/serve.md; the bench reads it): the state (loading,
/// replaying; nothing when it was in memory), each render stage, the inspection and the tree, all.
public struct FrameTiming: Codable, Equatable, Sendable {
    public var state: Double
    public var resources: Double
    public var layout: Double
    public var paint: Double
    public var raster: Double
    public var encode: Double
    public var inspect: Double
    public var tree: Double
    public var total: Double
    /// When the state was built: decoding and replaying it, and whether only a session's new steps
    /// were applied (a live app's session that grew).
    public var decode: Double?
    public var replay: Double?
    public var incremental: Bool?

    public init(
        state: Double, resources: Double, layout: Double, paint: Double, raster: Double, encode: Double,
        inspect: Double, tree: Double, total: Double, decode: Double? = nil, replay: Double? = nil,
        incremental: Bool? = nil
    ) {
        (self.state, self.resources, self.layout, self.paint, self.raster) = (state, resources, layout, paint, raster)
        (self.encode, self.inspect, self.tree, self.total) = (encode, inspect, tree, total)
        (self.decode, self.replay, self.incremental) = (decode, replay, incremental)
    }
}

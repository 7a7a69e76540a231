/// The worker's answers besides frames (WorkerAnswers.swift has the common parts): an inspector's
/// (hit test, element), the locators, the accessibility findings, the portability report, the devices.

/// What a touch at a point reaches (`hit`), or an element picked in the tree (`element`): the
/// inspection message's `data`. `touch` is `element` (with the element's facts and `render inspect`'s
/// lines), `nothing`, `blocked` or `scrim` (`by`: the element in the way), `browser` or `browser-close`.
public struct InspectAnswer: Codable, Equatable, Sendable {
    public var ok = true
    public var touch: String
    public var id: Int?
    /// The element's own text.
    public var text: String?
    public var kind: String?
    public var frame: AnswerRect?
    /// The plainest locator that finds it, as session files write one (a reachable element's).
    public var locator: String?
    /// The point described, in dp (none when no point of the element takes a touch).
    public var point: [Double]?
    public var by: Int?
    /// `render inspect --point`'s text.
    public var lines: [String]

    public init(
        touch: String, id: Int? = nil, text: String? = nil, kind: String? = nil, frame: AnswerRect? = nil,
        locator: String? = nil, point: [Double]? = nil, by: Int? = nil, lines: [String]
    ) {
        self.touch = touch
        self.id = id
        self.text = text
        self.kind = kind
        self.frame = frame
        self.locator = locator
        self.point = point
        self.by = by
        self.lines = lines
    }
}

/// The plainest locator of every reachable element (`locators`): asked for while a live page records.
public struct LocatorsAnswer: Codable, Equatable, Sendable {
    public var ok = true
    public var locators: [ElementLocator]
    public init(locators: [ElementLocator]) { self.locators = locators }
}

public struct ElementLocator: Codable, Equatable, Sendable {
    public var id: Int
    /// The locator's JSON text (`{"text":"Save"}`).
    public var locator: String
    public init(id: Int, locator: String) {
        self.id = id
        self.locator = locator
    }
}

/// The accessibility findings of the capture a state shows (`a11y`): the a11y message's `data`.
public struct A11yAnswer: Codable, Equatable, Sendable {
    public var ok = true
    public var findings: [A11yFinding]
    /// The touch-target guideline the findings used (the look's platform).
    public var guideline: A11yGuideline
    public var diagnostics: [AnswerDiagnostic]
    public init(findings: [A11yFinding], guideline: A11yGuideline, diagnostics: [AnswerDiagnostic]) {
        self.findings = findings
        self.guideline = guideline
        self.diagnostics = diagnostics
    }
}

/// One finding as `render a11y --json` writes it (docs/a11y.md; the worker reads that line into this type),
/// with `locatorText`, its locator as the inspector prints it.
public struct A11yFinding: Codable, Equatable, Sendable {
    /// `final`, or the snapshot's name.
    public var screen: String
    /// `contrast`, `target` or `large-text`.
    public var check: String
    public var element: Int
    /// The element's kind.
    public var type: String
    public var text: String
    public var frame: AnswerRect
    /// The locator as session files write one.
    public var locator: JSONValue
    public var measured: Double
    public var needed: Double
    public var message: String
    public var locatorText: String?

    public init(
        screen: String, check: String, element: Int, type: String, text: String, frame: AnswerRect,
        locator: JSONValue, measured: Double, needed: Double, message: String, locatorText: String? = nil
    ) {
        self.screen = screen
        self.check = check
        self.element = element
        self.type = type
        self.text = text
        self.frame = frame
        self.locator = locator
        self.measured = measured
        self.needed = needed
        self.message = message
        self.locatorText = locatorText
    }
}

public struct A11yGuideline: Codable, Equatable, Sendable {
    /// A target's smallest side, in `unit` (`pt` or `dp`).
    public var side: Double
    public var unit: String
    public var look: String
    public init(side: Double, unit: String, look: String) {
        self.side = side
        self.unit = unit
        self.look = look
    }
}

/// `render portability`'s report for one session under a device and font scale (`portability`): the
/// portability message's `data`.
public struct PortabilityAnswer: Codable, Equatable, Sendable {
    public var ok = true
    public var findings: [PortabilityFinding]
    public var summary: String
    public init(findings: [PortabilityFinding], summary: String) {
        self.findings = findings
        self.summary = summary
    }
}

/// One place the backends disagree.
public struct PortabilityFinding: Codable, Equatable, Sendable {
    public var step: Int
    public var kind: String
    public var message: String
    /// `render portability`'s line.
    public var line: String
    public var id: Int?
    /// Where the element is on each backend when they differ (the inner nil: not shown on that one, written
    /// as null); absent when they agree.
    public var ios: AnswerRect??
    public var android: AnswerRect??

    public init(
        step: Int, kind: String, message: String, line: String, id: Int? = nil, ios: AnswerRect?? = nil,
        android: AnswerRect?? = nil
    ) {
        self.step = step
        self.kind = kind
        self.message = message
        self.line = line
        self.id = id
        self.ios = ios
        self.android = android
    }

    enum CodingKeys: String, CodingKey { case step, kind, message, line, id, ios, android }

    // By hand for the nulls: a key present with null is not a key absent.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        step = try c.decode(Int.self, forKey: .step)
        kind = try c.decode(String.self, forKey: .kind)
        message = try c.decode(String.self, forKey: .message)
        line = try c.decode(String.self, forKey: .line)
        id = try c.decodeIfPresent(Int.self, forKey: .id)
        func side(_ k: CodingKeys) throws -> AnswerRect?? {
            guard c.contains(k) else { return nil }
            return try c.decodeNil(forKey: k) ? .some(nil) : .some(c.decode(AnswerRect.self, forKey: k))
        }
        ios = try side(.ios)
        android = try side(.android)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(step, forKey: .step)
        try c.encode(kind, forKey: .kind)
        try c.encode(message, forKey: .message)
        try c.encode(line, forKey: .line)
        try c.encodeIfPresent(id, forKey: .id)
        if let ios { try c.encode(ios, forKey: .ios) }
        if let android { try c.encode(android, forKey: .android) }
    }
}

/// The engine's device presets (`devices`), asked once.
public struct DevicesAnswer: Codable, Equatable, Sendable {
    public var ok = true
    public var devices: [String]
    public init(devices: [String]) { self.devices = devices }
}

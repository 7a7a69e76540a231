import JSON
import Primitives

/// Names an element by what a user sees (semantics.md item 43): its visible text, a part of it,
/// its kind and place in reading order, or its id, optionally only inside another element.
/// Every given criterion must hold; `index` then picks among the matches in reading order.
public struct Locator: Hashable, Sendable {
    public var text: String?
    public var textContains: String?
    public var kind: WidgetKind?
    public var index: Int?
    public var id: Int?
    /// The element whose descendants are searched (0 or 1 entry: an array so the type can nest).
    public var withinChain: [Locator] = []

    public init(
        text: String? = nil, textContains: String? = nil, kind: WidgetKind? = nil, index: Int? = nil,
        id: Int? = nil, within: Locator? = nil
    ) {
        self.text = text
        self.textContains = textContains
        self.kind = kind
        self.index = index
        self.id = id
        self.withinChain = within.map { [$0] } ?? []
    }

    public var within: Locator? { withinChain.first }

    /// The locator keys a file may use.
    package static let keys = ["text", "textContains", "type", "index", "id", "within"]

    /// How the locator reads in messages: `{"text": "Save", "within": {"id": 3}}`.
    public var description: String {
        var w = JSONWriter()
        write(&w)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// The form messages quote: `description` with each text cut to its first `quotedText` characters
    /// and "…" (a tap on a 4,000-character label quoted the whole label in every message about it).
    /// Not for files: a recorded target is written whole (`write`).
    package var quoted: String { Self.fromQuoted(self).description }

    private static func fromQuoted(_ l: Locator) -> Locator {
        var c = l
        c.text = l.text.map { $0.count > quotedText ? String($0.prefix(quotedText)) + "…" : $0 }
        c.textContains = l.textContains.map { $0.count > quotedText ? String($0.prefix(quotedText)) + "…" : $0 }
        c.withinChain = l.withinChain.map { fromQuoted($0) }
        return c
    }

    /// The most characters of a text a message quotes (docs/limits.md).
    package static let quotedText = 80

    /// The locator as a JSON object (the form `target` takes in a session file).
    package func write(_ w: inout JSONWriter) {
        var first = true
        func key(_ k: String) {
            w.raw(first ? "{\"\(k)\":" : ",\"\(k)\":")
            first = false
        }
        if let t = text {
            key("text")
            w.string(t)
        }
        if let t = textContains {
            key("textContains")
            w.string(t)
        }
        if let k = kind {
            key("type")
            w.string(k.rawValue)
        }
        if let i = index {
            key("index")
            w.raw("\(i)")
        }
        if let i = id {
            key("id")
            w.raw("\(i)")
        }
        if let inner = within {
            key("within")
            inner.write(&w)
        }
        w.raw(first ? "{}" : "}")
    }
}

/// How an input step names its element besides `internalId` (session-format.md section 4).
package enum InputAddress: Hashable, Sendable {
    /// A locator, resolved when the step runs.
    case target(Locator)
    /// A touch at this point (dp, screen coordinates): the element it reaches.
    case point(x: Double, y: Double)

    /// The `internalId` of an input step that names its element only by target or point (no
    /// element has it: framework ids are positive, the bar buttons' small negatives).
    package static let unresolvedId = Int.min
}

/// Most nested `within`s a locator may have (a hand-written one needs two or three).
package let maxLocatorDepth = 16

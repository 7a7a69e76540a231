import Foundation
import ServeProtocol

/// The JSON Schema of the messages between page and server (Serve/Page/messages.schema.json), written from
/// ServeProtocol's types by reflection over a sample of each (every optional field set): the browser tests
/// validate every message they see against it (Serve/browser-tests/serve_support.py), so a message the page
/// sends or reads that the Swift types do not describe fails there. `WRITE_SCHEMA=1 serve-unit-tests
/// SchemaTests` writes it again after a change to the types; this test fails while it is out of date.
final class SchemaTests: XCTestCase {
    static var path: String { ServerTests.root + "/Serve/Page/messages.schema.json" }

    func testTheSchemaIsWrittenFromTheTypes() throws {
        let text = try Self.text()
        if ProcessInfo.processInfo.environment["WRITE_SCHEMA"] != nil {
            try text.write(toFile: Self.path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.path, encoding: .utf8)
        XCTAssertEqual(
            committed, text, "Serve/Page/messages.schema.json is out of date: WRITE_SCHEMA=1 serve-unit-tests")
    }

    static func text() throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: schema(), options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: samples: every optional field set, every array with one element

    static let patch = FramePatch(base: "s", x: 0, y: 0, width: 1, height: 1, bytes: [], runs: true)
    static let spec = StateSpec(
        state: "", path: "", theme: "", themeGeneration: "", device: "", fontScale: "", capture: "")
    static let server: [(String, Any, spliced: (String, [String: Any])?)] = [
        (
            "sessions",
            SessionsMessage(
                folder: "", items: [SessionItem(name: "", version: 0)], looks: [""], look: "", devices: [""],
                device: "", fontScale: 1), nil
        ),
        ("error", ErrorMessage(message: ""), nil),
        ("inspect", InspectMessage(slot: "", source: ""), ("data", ["type": "object"])),
        ("portability", PortabilityMessage(session: ""), ("data", ["type": "object"])),
        ("a11y", A11yMessage(slot: "", state: ""), ("data", ["type": "object"])),
        (
            "live",
            LiveMessage(
                seq: 0, running: true, sessionName: "", canRecord: true, ended: .null,
                recording: .init(steps: 0, snapshots: [""]), recordNote: ""),
            ("log", ["type": "array", "items": ["type": "object"]])
        ),
        (
            "frame",
            FrameMessage(
                slot: "", session: "", look: "", state: "", version: 0, sent: 0, noticed: 0, patch: patch),
            ("meta", ["type": "object", "required": ["ok"], "properties": ["ok": ["type": "boolean"]]])
        ),
    ]
    static let page: [PageMessage] = [
        .view(
            ViewRequest(session: "", look: "", device: "", fontScale: 1, capture: "", sideBySide: true)),
        .hover(slot: "", x: 0, y: 0), .element(slot: "", id: 0), .a11y(slot: ""), .painted(slot: "", state: ""),
        .live(.step(.null)), .live(.restart), .live(.record), .live(.stop(name: "", overwrite: true)),
    ]

    static func schema() -> [String: Any] {
        var defs: [String: Any] = [:]
        for (name, value, spliced) in server {
            var o = object(value, strict: true)
            if let (key, s) = spliced {
                var props = o["properties"] as! [String: Any]
                props[key] = s
                o["properties"] = props
                o["required"] = ((o["required"] as? [String]) ?? []) + [key]
            }
            defs["server." + name] = o
        }
        for m in page {
            let (name, o) = pageMessage(m)
            defs["page." + name] = o
        }
        let serverText = server.filter { $0.0 != "frame" }.map { ["$ref": "#/definitions/server.\($0.0)"] }
        return [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "render serve's messages (written from Sources/ServeProtocol by Serve/Tests/ServeUnitTests)",
            "protocol": ProtocolVersion.current,
            "definitions": defs,
            "serverText": ["oneOf": serverText],
            "frameHead": ["$ref": "#/definitions/server.frame"],
            "pageMessage": ["oneOf": page.map { ["$ref": "#/definitions/page.\(pageMessage($0).0)"] }],
        ]
    }

    /// A page message's schema: its `type` (and a live one's `op`) as constants, its values as their types.
    /// The server ignores fields it does not read, so others are allowed (the page's `painted` has its time).
    static func pageMessage(_ m: PageMessage) -> (String, [String: Any]) {
        let c = Mirror(reflecting: m).children.first!
        let type = c.label!
        var props: [String: Any] = ["type": ["const": type]]
        var required = ["type"]
        var name = type
        var payload = c.value
        if case .live(let request) = m {
            let op = Mirror(reflecting: request).children.first
            let opName = op?.label ?? "\(request)"
            name += "." + opName
            props["op"] = ["const": opName]
            required.append("op")
            payload = op?.value ?? ()
            if case .step = request {
                props["step"] = ["type": "object", "required": ["type"], "properties": ["type": ["type": "string"]]]
                required.append("step")
                payload = ()
            }
        }
        let fields = Mirror(reflecting: payload)
        for f in fields.children {
            guard let label = f.label else { continue }
            props[label] = valueSchema(f.value)
            if !(f.value is OptionalMarker) && label != "overwrite" { required.append(label) }
        }
        return (name, ["type": "object", "properties": props, "required": required.sorted()])
    }

    /// A struct's schema: each stored property by its type; optionals not required; `type` a constant.
    static func object(_ value: Any, strict: Bool) -> [String: Any] {
        var props: [String: Any] = [:]
        var required: [String] = []
        for c in Mirror(reflecting: value).children {
            guard let label = c.label else { continue }
            if label == "type", let t = c.value as? String {
                props[label] = ["const": t]
            } else {
                props[label] = valueSchema(c.value)
            }
            if !(c.value is OptionalMarker) { required.append(label) }
        }
        var o: [String: Any] = ["type": "object", "properties": props, "required": required.sorted()]
        if strict { o["additionalProperties"] = false }
        return o
    }

    static func valueSchema(_ v: Any) -> [String: Any] {
        if let o = v as? OptionalMarker { return o.wrapped.map(valueSchema) ?? [:] }
        switch v {
        case is String: return ["type": "string"]
        case is Bool: return ["type": "boolean"]
        case is Int: return ["type": "integer"]
        case is Double: return ["type": "number"]
        case is JSONValue: return [:]
        case let a as [Any]: return ["type": "array", "items": a.first.map(valueSchema) ?? [:]]
        default: return object(v, strict: true)
        }
    }
}

/// An optional seen through `Any`: whether it is one, and its value.
protocol OptionalMarker {
    var wrapped: Any? { get }
}

extension Optional: OptionalMarker {
    var wrapped: Any? { self.map { $0 as Any } }
}

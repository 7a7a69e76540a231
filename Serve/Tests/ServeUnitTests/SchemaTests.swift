import Foundation
import ServeProtocol

/// The JSON Schema of the messages between page and server (Serve/Page/messages.schema.json), written from
/// ServeProtocol's types by reflection over a sample of each (every optional field set), with the worker's
/// answers they carry (a frame's `meta`, an inspection's, a report's `data`): the browser tests
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

    /// Each answer of the worker a page receives, and each struct inside one, is an interface of the same name
    /// in the page's Serve/Page/types.d.ts with the same fields (tsc then checks the page's modules against it).
    func testThePageTypesNameTheWorkersAnswers() throws {
        let text = try String(contentsOfFile: ServerTests.root + "/Serve/Page/types.d.ts", encoding: .utf8)
        var interfaces: [String: Set<String>] = [:]
        for block in text.components(separatedBy: "export interface ").dropFirst() {
            guard let open = block.firstIndex(of: "{"), let close = block.firstIndex(of: "}") else { continue }
            let name = block[..<open].trimmingCharacters(in: .whitespaces)
            let body = block[block.index(after: open)..<close]
            let fields = body.split(whereSeparator: { ";\n".contains($0) }).compactMap { part -> String? in
                let f = part.trimmingCharacters(in: .whitespaces)
                guard let colon = f.firstIndex(of: ":") else { return nil }
                return String(f[..<colon]).replacingOccurrences(of: "?", with: "")
            }
            interfaces[name] = Set(fields)
        }
        var checked = 0
        func check(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .struct, !(value is JSONValue) else { return }
            let name = String(describing: type(of: value))
            let labels = Set(mirror.children.compactMap(\.label))
            XCTAssertEqual(interfaces[name], labels, "Serve/Page/types.d.ts: interface \(name)")
            checked += 1
            for c in mirror.children {
                var v: Any = c.value
                while let o = v as? OptionalMarker, let w = o.wrapped { v = w }
                if let a = v as? [Any], let first = a.first { v = first }
                check(v)
            }
        }
        // The answers a page receives (the others stay between worker and server).
        for (name, value) in Self.worker
        where ["failure", "frame", "inspect", "a11y", "portability", "check"].contains(name) {
            check(value)
        }
        XCTAssertTrue(checked > 15, "\(checked) types checked")
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
                device: "", fontScale: 1, goldens: ""), nil
        ),
        ("error", ErrorMessage(message: ""), nil),
        ("inspect", InspectMessage(slot: "", source: ""), ("data", reply("inspect"))),
        ("portability", PortabilityMessage(session: ""), ("data", reply("portability"))),
        ("a11y", A11yMessage(slot: "", state: ""), ("data", reply("a11y"))),
        ("groups", GroupsMessage(look: "", device: ""), ("data", reply("check"))),
        (
            "live",
            LiveMessage(
                seq: 0, running: true, sessionName: "", canRecord: true, ended: .null,
                recording: .init(steps: 0, snapshots: [""]), recordNote: "", appLook: "", restartNote: ""),
            ("log", ["type": "array", "items": ["type": "object"]])
        ),
        (
            "rebuild",
            RebuildMessage(
                build: 0, state: "", command: "", watching: [""], changed: [""], seconds: 0, status: 0, message: "",
                diagnostics: [BuildDiagnostic(file: "", line: 0, column: 0, severity: "", message: "")], output: "",
                replay: ReplayReport(steps: 0, played: 0, stoppedAt: 0, step: "", message: ""), builtAt: 0,
                framedAt: 0), nil
        ),
        (
            "frame",
            FrameMessage(
                slot: "", session: "", look: "", state: "", version: 0, sent: 0, noticed: 0, patch: patch),
            ("meta", reply("frame"))
        ),
    ]

    static let diagnostic = AnswerDiagnostic(severity: "", code: "", message: "", step: 0, path: "")
    static let timing = FrameTiming(
        state: 0, resources: 0, layout: 0, paint: 0, raster: 0, encode: 0, inspect: 0, tree: 0, total: 0, decode: 0,
        replay: 0, incremental: true)
    /// The worker's answers (WorkerAnswers.swift, InspectorAnswers.swift); `ok` is a constant in each, so an
    /// answer fits either its own shape or the failure's.
    static let worker: [(String, Any)] = [
        ("failure", WorkerFailure(diagnostics: [diagnostic])),
        (
            "frame",
            FrameMeta(
                diagnostics: [diagnostic], errors: 0, pixelWidth: 0, pixelHeight: 0,
                device: DeviceSize(width: 0, height: 0, scale: 0),
                timeline: [TimelineEntry(index: 0, kind: "", time: 0, step: 0, name: "")],
                shown: ShownCapture(kind: "", time: 0, step: 0),
                tree: [
                    TreeEntry(
                        id: 0, kind: "", frame: [0], text: "", parent: 0, visible: [0], barButtons: [""],
                        reachable: true,
                        why: "")
                ], timing: timing)
        ),
        (
            "thumbnail",
            ThumbnailMeta(diagnostics: [diagnostic], errors: 0, pixelWidth: 0, pixelHeight: 0, timing: timing)
        ),
        (
            "inspect",
            InspectAnswer(
                touch: "", id: 0, text: "", kind: "", frame: [0], locator: "", point: [0], by: 0, lines: [""])
        ),
        ("locators", LocatorsAnswer(locators: [ElementLocator(id: 0, locator: "")])),
        (
            "a11y",
            A11yAnswer(
                findings: [
                    A11yFinding(
                        screen: "", check: "", element: 0, type: "", text: "", frame: [0], locator: .null, measured: 0,
                        needed: 0, message: "", locatorText: "")
                ], guideline: A11yGuideline(side: 0, unit: "", look: ""), diagnostics: [diagnostic])
        ),
        (
            "portability",
            PortabilityAnswer(
                findings: [
                    PortabilityFinding(
                        step: 0, kind: "", message: "", line: "", id: 0, ios: .some([0]), android: .some([0]))
                ], summary: "")
        ),
        ("devices", DevicesAnswer(devices: [""])),
        (
            "check",
            CheckAnswer(
                goldens: "", summary: "",
                snapshots: [CheckedSnapshot(name: "", session: "", snapshot: "", status: "", mismatch: 0)],
                groups: [
                    CheckGroup(id: "", kind: "", cause: "", words: "", snapshots: [""], sessions: [""], accept: "")
                ], command: "")
        ),
    ]

    /// A worker's reply as a message carries it: the answer or the failure.
    static func reply(_ name: String) -> [String: Any] {
        ["oneOf": [["$ref": "#/definitions/worker.\(name)"], ["$ref": "#/definitions/worker.failure"]]]
    }
    static let page: [PageMessage] = [
        .view(
            ViewRequest(session: "", look: "", device: "", fontScale: 1, capture: "", sideBySide: true)),
        .hover(slot: "", x: 0, y: 0), .element(slot: "", id: 0), .a11y(slot: ""), .painted(slot: "", state: ""),
        .live(.step(.null)), .live(.restart), .live(.record), .live(.stop(name: "", overwrite: true)),
        .live(.look(look: "")),
        .groups(open: true),
    ]

    static func schema() -> [String: Any] {
        var defs: [String: Any] = [:]
        for (name, value, spliced) in server {
            var o = object(value, constants: ["type"])
            if let (key, s) = spliced {
                var props = o["properties"] as! [String: Any]
                props[key] = s
                o["properties"] = props
                o["required"] = ((o["required"] as? [String]) ?? []) + [key]
            }
            defs["server." + name] = o
        }
        for (name, value) in worker { defs["worker." + name] = object(value, constants: ["ok"]) }
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
            if case .look = request {  // one associated value: the mirror holds the value, not a labelled tuple
                props["look"] = ["type": "string"]
                required.append("look")
                payload = ()
            }
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

    /// A struct's schema: each stored property by its type; optionals not required; `constants` (a message's
    /// `type`, an answer's `ok`) as the sample's value. No other key is allowed.
    static func object(_ value: Any, constants: Set<String> = []) -> [String: Any] {
        var props: [String: Any] = [:]
        var required: [String] = []
        for c in Mirror(reflecting: value).children {
            guard let label = c.label else { continue }
            if constants.contains(label), c.value is String || c.value is Bool {
                props[label] = ["const": c.value]
            } else {
                props[label] = valueSchema(c.value)
            }
            if !(c.value is OptionalMarker) { required.append(label) }
        }
        return ["type": "object", "properties": props, "required": required.sorted(), "additionalProperties": false]
    }

    static func valueSchema(_ v: Any) -> [String: Any] {
        if let o = v as? OptionalMarker {
            // An optional of an optional: a key absent, or present with null (`PortabilityFinding.ios`).
            if let outer = o.wrapped, let inner = outer as? OptionalMarker, let w = inner.wrapped {
                var s = valueSchema(w)
                s["type"] = [s["type"] ?? "object", "null"]
                return s
            }
            return o.wrapped.map(valueSchema) ?? [:]
        }
        switch v {
        case is String: return ["type": "string"]
        case is Bool: return ["type": "boolean"]
        case is Int: return ["type": "integer"]
        case is Double: return ["type": "number"]
        case is JSONValue: return [:]
        case let a as [Any]: return ["type": "array", "items": a.first.map(valueSchema) ?? [:]]
        default: return object(v)
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

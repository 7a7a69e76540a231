import Foundation
import ServeProtocol

/// The protocol (ServeProtocol, Sources/ServeProtocol in the engine's package) as the server reads and
/// writes it: the page's messages and the reasons a connection is closed for, the messages' JSON, the
/// worker's requests and answers.
final class ProtocolTests: XCTestCase {
    func decode(_ json: String) -> Result<PageMessage, MessageError> { PageMessage.decode(Array(json.utf8)) }

    func testPageMessagesDecodeToTheirCase() throws {
        XCTAssertEqual(
            try decode(#"{"type": "hover", "slot": "main", "x": 3, "y": 4.5}"#).get(),
            .hover(slot: "main", x: 3, y: 4.5))
        XCTAssertEqual(try decode(#"{"type": "element", "slot": "ios", "id": 7}"#).get(), .element(slot: "ios", id: 7))
        XCTAssertEqual(try decode(#"{"type": "a11y", "slot": "main"}"#).get(), .a11y(slot: "main"))
        XCTAssertEqual(try decode(#"{"type": "painted", "slot": "main"}"#).get(), .painted(slot: "main", state: nil))
        XCTAssertEqual(try decode(#"{"type": "live", "op": "restart"}"#).get(), .live(.restart))
        XCTAssertEqual(try decode(#"{"type": "live", "op": "look", "look": "ios"}"#).get(), .live(.look(look: "ios")))
        XCTAssertEqual(
            try decode(#"{"type": "live", "op": "stop", "name": "a", "overwrite": true}"#).get(),
            .live(.stop(name: "a", overwrite: true)))
        XCTAssertEqual(try decode(#"{"type": "live", "op": "launch"}"#).get(), .live(.unknown))
        XCTAssertEqual(try decode(#"{"type": "live", "op": "stop"}"#).get(), .live(.stop(name: nil, overwrite: false)))
        XCTAssertEqual(
            try decode(#"{"type": "view", "session": "a.json", "fontScale": 2, "sideBySide": true}"#).get(),
            .view(ViewRequest(session: "a.json", fontScale: 2, sideBySide: true)))
    }

    /// The reasons the server closes a page's connection with (`malformed message: REASON`), as before the
    /// messages were typed: the browser tests look for them.
    func testMalformedMessagesKeepTheirReasons() {
        for (json, reason) in [
            ("{not json", "not a JSON object"), ("[1, 2]", "not a JSON object"), ("{}", "unknown message type"),
            (#"{"type": 5}"#, "unknown message type"),
            (
                #"{"type": "hover", "slot": "main", "x": 1}"#,
                "hover: needs slot, x and y"
            ),
            (#"{"type": "hover", "slot": "main", "x": "1", "y": 1}"#, "hover: needs slot, x and y"),
            (#"{"type": "element", "slot": "main", "id": 1.5}"#, "element: needs slot and id"),
            (#"{"type": "a11y"}"#, "a11y: needs slot"),
        ] {
            XCTAssertEqual(decode(json), .failure(MessageError(reason)), json)
        }
    }

    func testLiveStepsAreCheckedAndRebuilt() throws {
        func step(_ json: String) -> Result<[String: JSONValue], MessageError> {
            guard case .success(.live(.step(let v))) = decode(#"{"type": "live", "op": "step", "step": "# + json + "}")
            else { return .failure(MessageError("not a step")) }
            return LiveStep.checked(v)
        }
        XCTAssertEqual(
            try step(#"{"type": "tap", "x": 10.123, "y": 4, "extra": [1]}"#).get(),
            ["type": .string("tap"), "x": .double(10.12), "y": .double(4)])
        XCTAssertEqual(try step(#"{"type": "tick", "ms": 16}"#).get(), ["type": .string("tick"), "ms": .int(16)])
        for (json, reason) in [
            (#"{"type": "CREATE_BUTTON"}"#, "live step: needs a type"),
            (#"{"type": "tick", "ms": -5}"#, "live step: bad ms"),
            (#"{"type": "tap", "x": "1"}"#, "live step: bad x"), (#"{"type": "tap", "x": 1e9}"#, "live step: bad x"),
            (#"{"type": "input", "textValue": 3}"#, "live step: bad textValue"), ("7", "live step: needs a type"),
        ] {
            guard case .failure(let e) = step(json) else {
                XCTFail(json)
                continue
            }
            XCTAssertTrue(e.reason.hasPrefix(reason), "\(json): \(e.reason)")
        }
    }

    /// A text message's head with the worker's JSON spliced in as it came; a frame message's head length.
    func testServerMessagesCarryTheWorkersJSONAsItIs() throws {
        let worker = Array(#"{"ok":true,"z":[1,2]}"#.utf8)
        let inspect = MessageJSON.splicedText(InspectMessage(slot: "main", source: "hover"), "data", worker)
        XCTAssertEqual(inspect, #"{"slot":"main","source":"hover","type":"inspect","data":{"ok":true,"z":[1,2]}}"#)
        let patch = FramePatch(base: "s1", x: 1, y: 2, width: 3, height: 4, bytes: [9], runs: true)
        let frame = FrameMessage(
            slot: "main", session: "a.json", look: "default", state: "s2", version: 2, sent: 5, noticed: 4, patch: patch
        )
        let bytes = frame.encoded(meta: worker, picture: [9])
        let n = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        XCTAssertEqual(bytes.count, 4 + n + 1)
        let head = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(bytes[4..<(4 + n)])) as? [String: Any])
        XCTAssertEqual(head["type"] as? String, "frame")
        XCTAssertEqual(head["patch"] as? [Int], [1, 2, 3, 4])
        XCTAssertEqual(head["base"] as? String, "s1")
        XCTAssertEqual(head["patchFormat"] as? String, "runs")
        XCTAssertEqual((head["meta"] as? [String: Any])?["z"] as? [Int], [1, 2])
        let sessions = MessageJSON.text(
            SessionsMessage(
                folder: "/f", items: [SessionItem(name: "a.json", version: 1000)], looks: ["default"], look: "default",
                devices: ["session"], device: "session", fontScale: 1))
        let decoded = try JSONDecoder().decode(SessionsMessage.self, from: Data(sessions.utf8))
        XCTAssertEqual(decoded.protocol, ProtocolVersion.current)
        XCTAssertEqual(decoded.items, [SessionItem(name: "a.json", version: 1000)])
    }

    /// The server's requests as the worker reads them back, and a frame answer with its changed rectangle.
    func testWorkerRequestsAndAnswersRoundTrip() {
        let spec = StateSpec(
            state: "1|/a b.json", path: "/a b.json", theme: "ios", themeGeneration: "0", device: "session",
            fontScale: "1.0", capture: "final")
        for r: WorkerRequest in [
            .frame(spec), .whole(spec), .thumb(spec), .scaled(spec, maxSide: 800), .hit(spec, x: 1.5, y: -2),
            .element(spec, id: 4), .locators(spec),
            .a11y(spec), .portability(path: "/a", theme: "default", device: "session", fontScale: "1.0"), .devices,
        ] {
            XCTAssertEqual(try? WorkerRequest.parse(r.fields).get(), r)
        }
        XCTAssertEqual(WorkerRequest.parse(["hit"] + spec.fields + ["nan", "1"]), .failure(MessageError("bad point")))
        XCTAssertEqual(WorkerRequest.parse(["frame"]), .failure(MessageError("unknown request")))
        let patch = FramePatch(base: "s\n1", x: 0, y: 5, width: 2, height: 1, bytes: [1, 2, 3], runs: false)
        let answer = FrameAnswer(json: Array("{}".utf8), png: [], patch: patch)
        XCTAssertEqual(FrameAnswer.decode(answer.encoded()), answer)
        XCTAssertNil(FrameAnswer.decode(Array("9\n{}".utf8)))
        XCTAssertNil(FrameAnswer.decode(Array("2 1 1 0 0 1 1 7\n{}xy".utf8)))
    }
}

import Foundation
import ServeCore
import ServeProtocol

/// The server's rules that need no browser (the browser tests are Serve/browser-tests/test_serve.py).
final class ServeCoreTests: XCTestCase {
    func testSessionNamesCannotLeaveTheFolder() throws {
        for bad in ["../x.json", "a/b.json", ".hidden.json", "x.expect.json", "x.txt", ".json", "x\0.json"] {
            XCTAssertFalse(SessionFolder.isSessionName(bad), bad)
        }
        XCTAssertTrue(SessionFolder.isSessionName("screen.json"))
    }

    func testListingSkipsLinksAndOtherFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/a.expect.json"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "/etc/hostname")
        let folder = try SessionFolder(target: dir)
        XCTAssertEqual(folder.list(), ["a.json"])
        XCTAssertNil(folder.path(of: "link.json"))
        XCTAssertNil(folder.path(of: "../a.json"))
        XCTAssertNotNil(folder.path(of: "a.json"))
    }

    func testWireRoundTrip() {
        let job = WorkerWire.job(index: 3, fields: ["frame", "a\nb"])
        XCTAssertEqual(job, Array("J 3 2 5 3\nframea\nb".utf8))
        let answer = Array("R 3 0 7\n2\n{}PNG".utf8)
        guard case .frame(let a, let used) = WorkerWire.parseAnswer(answer) else { return XCTFail("no answer") }
        XCTAssertEqual(a.index, 3)
        XCTAssertEqual(a.data, Array("2\n{}PNG".utf8))
        XCTAssertEqual(used, 15)
        guard case .partial = WorkerWire.parseAnswer(Array("R 3 0 9\n2\n{}".utf8)) else {
            return XCTFail("not partial")
        }
        guard case .malformed = WorkerWire.parseAnswer(Array("X 1\n".utf8)) else { return XCTFail("not malformed") }
        let split = FrameAnswer.decode(Array("2\n{}PNG".utf8))
        XCTAssertEqual(split?.json, Array("{}".utf8))
        XCTAssertEqual(split?.png, Array("PNG".utf8))
        XCTAssertNil(split?.patch)
    }

    func testGuardRefusesOtherHostsAndOrigins() {
        let g = RequestGuard()
        g.listening(host: "127.0.0.1", port: 8080)
        XCTAssertNil(g.refusal(host: "127.0.0.1:8080", origin: nil))
        XCTAssertNil(g.refusal(host: "localhost:8080", origin: "http://localhost:8080"))
        XCTAssertNotNil(g.refusal(host: "evil.example:8080", origin: nil))
        XCTAssertNotNil(g.refusal(host: "127.0.0.1:8080", origin: "http://evil.example"))
        XCTAssertNotNil(g.refusal(host: nil, origin: nil))
    }

    func testViewValuesAreChecked() throws {
        let looks = ["default", "ios", "android"]
        func view(_ json: String) -> ViewRequest? {
            guard case .success(.view(let v)) = PageMessage.decode(Array(json.utf8)) else { return nil }
            return v
        }
        let good = view(#"{"type": "view", "session": "a.json", "capture": "at:120", "fontScale": "1.5"}"#)
        XCTAssertEqual(try ViewSpec.parse(XCTUnwrap(good), looks: looks).get().fontScale, "1.5")
        for bad in [
            #"{"session": "../a.json"}"#, #"{"session": "a.json", "look": "/etc/passwd"}"#,
            #"{"session": "a.json", "capture": "at:-1"}"#, #"{"session": "a.json", "device": "../../x"}"#,
            #"{"session": "a.json", "fontScale": 9.0}"#, #"{"session": 5}"#,
        ] {
            let v = view(#"{"type": "view", "# + bad.dropFirst())
            XCTAssertNotNil(v, bad)
            if let v { XCTAssertThrowsError(try ViewSpec.parse(v, looks: looks).get(), bad) }
        }
    }

    func testMailboxKeepsOneMessagePerSlot() async {
        let m = Mailbox()
        for i in 0..<1000 { m.put("main", .text("\(i)")) }
        m.put("inspect", .text("x"))
        XCTAssertEqual(m.pending, 2)
        XCTAssertEqual(m.replaced, 999)
        let batch = await m.next()
        guard case .text(let last) = batch?.first else { return XCTFail() }
        XCTAssertEqual(last, "999")
    }
}

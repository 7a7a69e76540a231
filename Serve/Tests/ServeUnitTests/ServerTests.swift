import Foundation
import ServeCore
import ServeProtocol

/// The server in this process (Server.run on a free port, its Hub, its routes, its WebSocket), driven as a
/// page drives it, over a loopback socket (SocketClient.swift), with the checkout's `render` as its worker:
/// the Host and Origin rules, a save to its new frame, hover and select, a malformed message, and with an
/// app (`--app`, a shell script speaking the live protocol) a step to its answer, each way an app ends, and
/// Restart. The browser tests keep what needs a browser (pixels painted, gestures, the page's layout).
final class ServerTests: XCTestCase {
    private var dir = ""
    private var server: Task<Void, Error>?

    /// The checkout: the nearest folder above this program (Serve/.build/...) with Serve/Package.swift.
    static let root: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Serve/Package.swift") { return url.path }
        }
        return FileManager.default.currentDirectoryPath + "/.."
    }()

    /// The release `render` (`make build`), else the tests' debug one.
    static var render: String? {
        [root + "/.build/release/render", root + "/.build-test/debug/render", root + "/.build/debug/render"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let session = root + "/Examples/example1-front-view.json"

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("server-\(getpid())-\(name.hashValue)").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server?.cancel()
        server = nil
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// Starts the server on a free port; its port once it listens.
    private func start(_ configure: (inout ServeOptions) -> Void = { _ in }) async throws -> Int {
        guard let render = Self.render else { throw SocketError("no render binary: run make build") }
        var options = ServeOptions()
        options.target = dir
        options.port = 0
        options.render = render
        options.fontsDir = Self.root + "/Fonts"
        configure(&options)
        let (task, port) = try await runServer(options)
        server = task
        return port
    }

    private func page(_ port: Int) throws -> SocketClient {
        let c = try SocketClient(port: port)
        XCTAssertEqual(try c.upgrade(host: "127.0.0.1:\(port)"), 101)
        return c
    }

    private func copySession(to name: String) throws {
        try Data(contentsOf: URL(fileURLWithPath: Self.session)).write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47]

    func testHostAndOriginAreChecked() async throws {
        try copySession(to: "screen.json")
        let port = try await start()
        let own = "127.0.0.1:\(port)"
        XCTAssertEqual(try SocketClient(port: port).request("/", host: own).status, 200)
        XCTAssertEqual(try SocketClient(port: port).request("/", host: "localhost:\(port)").status, 200)
        let rebound = try SocketClient(port: port).request("/", host: "evil.example:\(port)")
        XCTAssertEqual(rebound.status, 403)
        XCTAssertTrue(String(decoding: rebound.body, as: UTF8.self).hasPrefix("refused: Host"))
        XCTAssertEqual(try SocketClient(port: port).request("/", host: own, origin: "http://evil.example").status, 403)
        XCTAssertEqual(
            try SocketClient(port: port).request("/thumb/screen.json", host: own, origin: "http://evil.example").status,
            403)
        XCTAssertNotEqual(try SocketClient(port: port).upgrade(host: own, origin: "http://evil.example"), 101)
        XCTAssertNotEqual(try SocketClient(port: port).upgrade(host: "evil.example:\(port)"), 101)
        XCTAssertEqual(try SocketClient(port: port).upgrade(host: own, origin: "http://\(own)"), 101)
        let thumb = try SocketClient(port: port).request("/thumb/screen.json", host: own)
        XCTAssertEqual(thumb.status, 200)
        XCTAssertEqual(Array(thumb.body.prefix(4)), Self.png)
        XCTAssertEqual(try SocketClient(port: port).request("/thumb/missing.json", host: own).status, 404)
    }

    /// A page's view gets its frame; a save of the session (inotify) gets the next version's.
    func testASaveIsANewFrame() async throws {
        try copySession(to: "screen.json")
        let port = try await start()
        let c = try page(port)
        let sessions = try c.text { $0["type"] as? String == "sessions" }
        XCTAssertEqual(sessions["protocol"] as? Int, 1)
        XCTAssertEqual((sessions["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["screen.json"])
        try c.send(json: ["type": "view", "session": "screen.json"])
        let first = try c.frame()
        XCTAssertEqual(first.head["session"] as? String, "screen.json")
        XCTAssertEqual(first.head["version"] as? Int, 0)
        XCTAssertEqual((first.head["meta"] as? [String: Any])?["ok"] as? Bool, true)
        XCTAssertEqual(Array(first.picture.prefix(4)), Self.png)
        var text = try String(contentsOfFile: dir + "/screen.json", encoding: .utf8)
        text += "\n"
        try text.write(toFile: dir + "/screen.json", atomically: true, encoding: .utf8)
        let saved = try c.frame { ($0["version"] as? Int ?? 0) >= 1 }  // a save by rename may count twice
        XCTAssertEqual((saved.head["meta"] as? [String: Any])?["ok"] as? Bool, true)
        XCTAssertNotEqual(saved.head["state"] as? String, first.head["state"] as? String)
        try c.send(json: ["type": "view", "session": "missing.json"])
        XCTAssertEqual(try c.text { $0["type"] as? String == "error" }["message"] as? String, "no session missing.json")
    }

    /// Hover at an element's middle answers what a touch there reaches; a pick in the tree, that element.
    func testHoverAndSelectAnswerTheInspector() async throws {
        try copySession(to: "screen.json")
        let port = try await start()
        let c = try page(port)
        try c.send(json: ["type": "view", "session": "screen.json"])
        let meta = try Self.answer(try c.frame().head["meta"], FrameMeta.self)
        let target = try XCTUnwrap(meta.tree.last { $0.reachable })
        let f = target.frame
        try c.send(json: ["type": "hover", "slot": "main", "x": f[0] + f[2] / 2, "y": f[1] + f[3] / 2])
        let hover = try c.text { $0["type"] as? String == "inspect" }
        XCTAssertEqual(hover["source"] as? String, "hover")
        XCTAssertEqual(try Self.answer(hover["data"], InspectAnswer.self).touch, "element")
        try c.send(json: ["type": "element", "slot": "main", "id": target.id])
        let picked = try c.text { $0["type"] as? String == "inspect" && $0["source"] as? String == "tree" }
        let element = try Self.answer(picked["data"], InspectAnswer.self)
        XCTAssertEqual(element.id, target.id)
        XCTAssertEqual(element.frame, target.frame)
    }

    /// A worker's answer a message carries (a frame's `meta`, an inspection's `data`) read as its type; it must
    /// have worked.
    static func answer<T: Codable & Equatable & Sendable>(_ part: Any?, _: T.Type) throws -> T {
        let data = try JSONSerialization.data(withJSONObject: try XCTUnwrap(part))
        let reply = try JSONDecoder().decode(WorkerReply<T>.self, from: data)
        if case .failed(let f) = reply { XCTFail("failed: \(f.diagnostics.map(\.message))") }
        return try XCTUnwrap(reply.answer)
    }

    /// A message that is not one closes that page's connection (1003) with the reason; others are served.
    func testAMalformedMessageClosesThatPage() async throws {
        try copySession(to: "screen.json")
        let port = try await start()
        let other = try page(port)
        for (message, reason) in [
            ("{not json", "malformed message: not a JSON object"),
            (#"{"type": "hover", "slot": "main"}"#, "malformed message: hover: needs slot, x and y"),
            (#"{"type": "live", "op": "restart"}"#, "malformed message: live: this server plays no app"),
        ] {
            let c = try page(port)
            try c.send(text: message)
            let (code, why) = try c.closeReason()
            XCTAssertEqual(code, 1003)
            XCTAssertTrue(why.hasPrefix(reason), why)
        }
        try other.send(json: ["type": "view", "session": "screen.json"])
        XCTAssertEqual((try other.frame().head["meta"] as? [String: Any])?["ok"] as? Bool, true)
    }

    /// An app that writes the example session at its boot and at each step: a `tick` of 1 ms is answered,
    /// 2 exits during the step, 3 crashes during it, 4 exits after its answer (between steps).
    private func app() throws -> String {
        let path = dir + "/app.sh"
        let script = """
            #!/bin/sh
            out="$3"
            cp '\(Self.session)' "$out/session.json"
            echo '{"step":"boot","outcome":"ok"}'
            n=0
            while read line; do
              case "$line" in
                *'"ms":2'*) echo 'leaving' >&2; exit 3 ;;
                *'"ms":3'*) kill -SEGV $$ ;;
              esac
              cp '\(Self.session)' "$out/session.json.new" && mv "$out/session.json.new" "$out/session.json"
              echo "{\\"step\\":$n,\\"outcome\\":\\"ok\\"}"
              n=$((n + 1))
              case "$line" in *'"ms":4'*) exit 0 ;; esac
            done
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// The live message after `seq` satisfying `test`.
    private func live(_ c: SocketClient, _ test: @escaping ([String: Any]) -> Bool) throws -> [String: Any] {
        try c.text(limit: 100) { $0["type"] as? String == "live" && test($0) }
    }

    private static func last(_ m: [String: Any]) -> [String: Any] {
        (m["log"] as? [[String: Any]])?.last ?? [:]
    }

    func testALiveStepIsAnsweredAndEveryEndIsShownUntilRestart() async throws {
        let app = try app()
        let port = try await start { $0.app = app }
        let c = try page(port)
        let booted = try live(c) { $0["running"] as? Bool == true && Self.last($0)["step"] as? String == "boot" }
        XCTAssertEqual(booted["canRecord"] as? Bool, false)
        try c.send(json: ["type": "view", "session": "session.json"])
        let shown = try XCTUnwrap(try c.frame().head["version"] as? Int)
        // A step to its answer, and the session's new frame (in either order).
        try c.send(json: ["type": "live", "op": "step", "step": ["type": "tick", "ms": 1]])
        var answered: [String: Any]?
        var framed = false
        for _ in 0..<100 where answered == nil || !framed {
            switch try c.next() {
            case .binary(let b):
                framed = framed || String(decoding: b.prefix(400), as: UTF8.self).contains(#""version":\#(shown + 1)"#)
            case .text(let t):
                let o = try JSONSerialization.jsonObject(with: Data(t.utf8)) as? [String: Any] ?? [:]
                if o["type"] as? String == "live", (Self.last(o)["input"] as? [String: Any])?["ms"] as? Int == 1 {
                    answered = o
                }
            case .close: XCTFail("closed")
            }
        }
        XCTAssertTrue(framed)
        XCTAssertEqual(Self.last(try XCTUnwrap(answered))["outcome"] as? String, "ok")
        // Each end, then Restart.
        for (ms, outcome) in [(2, "exited"), (3, "crashed"), (4, "exited")] {
            try c.send(json: ["type": "live", "op": "step", "step": ["type": "tick", "ms": ms]])
            let ended = try live(c) { $0["running"] as? Bool == false }
            XCTAssertEqual((ended["ended"] as? [String: Any])?["outcome"] as? String, outcome, "ms \(ms)")
            try c.send(json: ["type": "live", "op": "restart"])
            _ = try live(c) { $0["running"] as? Bool == true && Self.last($0)["step"] as? String == "boot" }
        }
        // A step that is not one closes the page that sent it.
        try c.send(json: ["type": "live", "op": "step", "step": ["type": "tick", "ms": -5]])
        let (code, why) = try c.closeReason()
        XCTAssertEqual(code, 1003)
        XCTAssertTrue(why.contains("live step: bad ms"), why)
    }
}

final class PortBox: @unchecked Sendable {
    var value: Int?
}

extension XCTestCase {
    /// Runs the server in this process on a free port (`options.port` 0): its task, to cancel at the end, and
    /// the port once it listens. The one way the server tests start a server.
    func runServer(_ options: ServeOptions) async throws -> (task: Task<Void, Error>, port: Int) {
        let listening = expectation(description: "listening")
        let port = PortBox()
        let task = Task {
            try await Server.run(options) { p, _ in
                port.value = p
                listening.fulfill()
            }
        }
        await fulfillment(of: [listening], timeout: 60)
        guard let p = port.value else {
            task.cancel()  // a server that never listened does not outlive its test
            throw SocketError("the server did not listen within 60 s")
        }
        return (task, p)
    }
}

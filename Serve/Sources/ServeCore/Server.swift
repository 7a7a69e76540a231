import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServeProtocol

/// `render serve`: the HTTP routes (the page's files, thumbnails, stats) and the WebSocket
/// (frames and inspector answers out, views and pointer positions in), on Hummingbird.
public enum Server {
    /// The largest message a page may send (a view or a pointer position is under 200 bytes).
    public static let maxMessage = 16 * 1024

    /// Serves until the process ends (Ctrl-C) or the task running it is cancelled (the in-process tests,
    /// Tests/ServeUnitTests/ServerTests.swift); `onListening` is told the port and the Hub once it listens.
    public static func run(
        _ options: ServeOptions, onListening: (@Sendable (_ port: Int, _ hub: Hub) -> Void)? = nil
    ) async throws {
        try PageRoutes.check(pageDir: options.pageDir)
        let live = try LiveApp.make(options)
        let folder = try SessionFolder(
            target: live?.folder ?? options.target, excluding: options.themeFile.map { [$0] } ?? [])
        let hub = Hub(folder: folder, options: options)
        let guardian = RequestGuard()
        let watcher = FileWatcher { paths in Task { await hub.changed(paths) } }
        guard let watcher else { throw ServeError("cannot watch files: inotify_init1 failed", exitCode: 2) }
        if live == nil { watcher.watch(folder.folder) }  // the live app's session changes by its answers
        let assets = (folder.folder as NSString).appendingPathComponent("assets")
        watcher.watch(assets, whenCreated: true)
        if let t = options.themeFile {
            watcher.watch(((SessionFolder.realPath(t) ?? t) as NSString).deletingLastPathComponent)
        }
        for g in hub.goldensFolders() { watcher.watch(g) }  // the Groups pane (Hub+Check.swift)
        watcher.start()
        await hub.loadDevices()
        if let live { await hub.attach(live) }

        let router = Router()
        router.add(middleware: GuardMiddleware<BasicRequestContext>(guardian: guardian))
        PageRoutes.add(to: router, pageDir: options.pageDir, live: live != nil)
        router.get("/live/session.json") { _, _ -> Response in
            guard let live, let d = FileManager.default.contents(atPath: live.sessionPath) else {
                throw HTTPError(.notFound)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/json", .contentDisposition: "attachment; filename=session.json"],
                body: .init(byteBuffer: ByteBuffer(bytes: d)))
        }
        router.get("/thumb/{name}") { _, context -> Response in
            guard let name = context.parameters.get("name"), let a = await hub.thumbnail(name) else {
                throw HTTPError(.notFound)
            }
            guard !a.png.isEmpty else { return Response(status: .unprocessableContent) }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: a.png)))
        }
        router.get("/api/stats") { _, _ -> Response in
            let o = await hub.stats()
            return Self.file(Hub.json(o), type: "application/json")
        }

        // Connections (ConnectionGuard.swift, docs/serve.md "Connections"): UTF-8 checked in text messages
        // (1007), a page pinged every idle timeout and closed when it does not answer within one (1001),
        // idle HTTP connections closed, at most `maximum` served and sockets accepted only within the
        // open-file limit.
        let limits = options.connections
        let maximum = limits.effectiveMaximum(openFileLimit: ConnectionLimits.openFileLimit())
        let count = ConnectionCount(maximum: maximum)
        let idle = ConnectionLimits.amount(limits.idleTimeout)
        var wsConfig = WebSocketServerConfiguration(maxFrameSize: maxMessage)
        wsConfig.autoPing = .enabled(timePeriod: .nanoseconds(Int64(limits.idleTimeout * 1e9)))
        wsConfig.validateUTF8 = true
        let channelConfig = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: idle), ws: wsConfig)
        var logger = Logger(label: "render-serve")
        logger.logLevel = .critical
        let server = HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: channelConfig) {
                    request, _, _ in
                    guard request.path == "/ws",
                        guardian.refusal(host: request.authority, origin: request.headerFields[.origin]) == nil
                    else { return .dontUpgrade }
                    return .upgrade([:]) { inbound, outbound, _ in
                        try await Self.page(hub: hub, inbound: inbound, outbound: outbound)
                    }
                },
                limits: limits, count: count)
        }
        let app = Application(
            router: router,
            server: server,
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: AcceptGate(limit: maximum + ConnectionLimits.refusalBand)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                guardian.listening(host: options.host, port: port)
                let shown = options.host.contains(":") ? "[\(options.host)]" : options.host
                let url = "http://\(shown):\(port)/"
                let count = folder.list().count
                print(
                    "render serve: \(url) (\(count) session\(count == 1 ? "" : "s") in \(folder.folder); Ctrl-C stops)")
                if let dir = options.pageDir {
                    print("render serve: the page's files are read from \(dir) (--page-dir)")
                }
                if options.host != "127.0.0.1" && options.host != "localhost" && options.host != "::1" {
                    print("render serve: warning: listening on \(options.host): other machines can read these sessions")
                }
                if maximum < limits.maxConnections {
                    print(
                        "render serve: at most \(maximum) connections, not \(limits.maxConnections): "
                            + "the open-file limit is \(ConnectionLimits.openFileLimit()) (ulimit -n)")
                }
                fflush(stdout)
                if options.open { Self.openBrowser(url) }
                if live != nil { Task { await hub.startLive() } }
                onListening?(port, hub)
            },
            logger: logger
        )
        // Ctrl-C and SIGTERM stop the server at once, open pages or not (a graceful shutdown would wait
        // for every page's WebSocket to close): the workers are ended and the process exits 0.
        var stops: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                hub.terminateWorkers()
                if let live { hub.stopLive(live) }
                exit(0)
            }
            source.resume()
            stops.append(source)
        }
        defer { for s in stops { s.cancel() } }
        do { try await app.runService(gracefulShutdownSignals: []) } catch {
            await hub.stop()
            let text = "\(error)"
            if text.contains("Address already in use") || text.contains("errno: 98") {
                throw ServeError(
                    "port \(options.port) on \(options.host) is in use: choose another with --port N "
                        + "(--port 0 picks a free one)",
                    exitCode: 2)
            }
            throw ServeError("cannot serve on \(options.host):\(options.port): \(text)", exitCode: 2)
        }
        await hub.stop()
    }

    static func file(_ text: String, type: String) -> Response {
        file(Array(text.utf8), type: type)
    }

    static func file(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// One page's WebSocket: its mailbox drained to the socket by one task, its messages handled in order.
    static func page(hub: Hub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let client = await hub.connect()
        let sender = Task {
            while let batch = await client.mailbox.next() {
                for m in batch {
                    switch m {
                    case .text(let s): try await outbound.write(.text(s))
                    case .binary(let b): try await outbound.write(.binary(ByteBuffer(bytes: b)))
                    }
                }
            }
        }
        defer { sender.cancel() }
        do {
            for try await message in inbound.messages(maxSize: maxMessage) {
                guard case .text(let text) = message else {
                    await hub.disconnect(client)
                    try await outbound.close(.unacceptableData, reason: "binary messages are not accepted")
                    return
                }
                let received: ServeError?
                switch PageMessage.decode(Array(text.utf8)) {
                case .failure(let e): received = ServeError(e.reason)
                case .success(let m): received = await hub.received(client, m)
                }
                if let e = received {
                    await hub.disconnect(client)
                    try await outbound.close(.unacceptableData, reason: "malformed message: \(e.description)")
                    return
                }
            }
        } catch {
            await hub.disconnect(client)
            throw error  // the library closes with the error's code (1009 for a message too large)
        }
        await hub.disconnect(client)
    }

    /// `--open`: xdg-open in a process group of its own, given 10 s (it hands the address to the desktop's
    /// browser and exits), then ended if it has not, and reaped. Not its group: a browser it started
    /// may be in it, and is the user's.
    static func openBrowser(_ url: String) {
        guard let opener = try? ChildProcess.spawn("/usr/bin/env", ["xdg-open", url]) else {
            print("render serve: open \(url) in a browser (xdg-open failed)")
            return
        }
        Thread.detachNewThread {
            _ = opener.waitForExit(seconds: 10)
            let status = opener.reap(group: false)
            if ChildProcess.exitCode(of: status) != 0 {
                print("render serve: open \(url) in a browser (xdg-open failed)")
            }
        }
    }
}

/// Refuses requests from other origins or for other hosts (RequestGuard) with 403 and the reason.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let guardian: RequestGuard
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let why = guardian.refusal(host: request.head.authority, origin: request.headers[.origin]) {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "refused: \(why)\n")))
        }
        return try await next(request, context)
    }
}

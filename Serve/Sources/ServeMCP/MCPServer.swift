import Foundation
import MCP

/// `render mcp`: the tools and resources over stdio through the Model Context Protocol's Swift SDK (one
/// JSON-RPC message a line; the protocol version is agreed at `initialize`). Ends when the client closes
/// stdin; the worker and the live app end with it.
public enum MCPServer {
    public static let version = "1"

    public static func run(_ options: MCPOptions) async throws {
        let tools = try MCPTools(options: options)
        stopOnSignals(tools.emergency)
        let server = Server(
            name: "render-mcp", version: version,
            instructions: """
                Tools to see and drive UI built on the Sometrik framework: render a recorded session to a \
                picture, list its elements with locators, inspect one, compare with goldens, and play the live \
                app step by step. \
                Paths are relative to --root; files written go to .render-mcp/ under it.
                """,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolList.all) }
        await server.withMethodHandler(CallTool.self) { p in await tools.call(p.name, p.arguments) }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: await tools.resources(), nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { p in
            do { return .init(contents: [try await tools.readResource(p.uri)]) } catch let e as ToolError {
                throw MCPError.invalidParams(e.description)
            }
        }
        if let port = options.httpPort {
            try await serveHTTP(server, port: port)
        } else {
            try await server.start(transport: StdioTransport())
            await server.waitUntilCompleted()
        }
        await tools.shutdown()
    }
}

/// SIGINT, SIGTERM, SIGHUP: the app's group and the worker are killed before render-mcp exits (an app or worker
/// left would end by itself at its stdin's end, but a hung one would not read it).
nonisolated(unsafe) var signalSources: [DispatchSourceSignal] = []

func stopOnSignals(_ stop: EmergencyStop) {
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler {
            stop.stopNow()
            exit(128 + sig)
        }
        source.resume()
        signalSources.append(source)
    }
}

extension MCPTools {
    static let scheme = "session:///"

    /// The sessions under --root, as resources `session:///RELATIVE/PATH.json`.
    func resources() -> [Resource] {
        root.sessions().map {
            Resource(name: $0, uri: Self.scheme + $0, description: "a recorded session", mimeType: "application/json")
        }
    }

    func readResource(_ uri: String) throws -> Resource.Content {
        guard uri.hasPrefix(Self.scheme) else { throw ToolError("not a resource of this server: \(uri)") }
        let rel = String(uri.dropFirst(Self.scheme.count)).removingPercentEncoding ?? ""
        guard rel.hasSuffix(".json") else {
            throw ToolError("\(rel): the resources are the sessions (*.json) under --root")
        }
        let path = try root.file(rel)
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attrs[.size] as? Int, size <= 16 << 20
        else { throw ToolError("\(rel): larger than 16 MB") }
        guard let d = FileManager.default.contents(atPath: path) else { throw ToolError("cannot read \(rel)") }
        return .text(String(decoding: d, as: UTF8.self), uri: uri, mimeType: "application/json")
    }
}

import Foundation
import Hummingbird
import Logging
import MCP
import NIOCore
import ServeCore

/// `render mcp --http PORT`: the same tools over the protocol's streamable HTTP, answered as single JSON
/// responses (the SDK's stateless transport: no session, no server-sent events), at POST /mcp on 127.0.0.1
/// only, with `render serve`'s Host and Origin rules (RequestGuard: no DNS rebinding, no other site's page).
extension MCPServer {
    /// The largest request body read (a call with an inline session of the engine's largest size fits).
    static let maxBody = 16 << 20

    static func serveHTTP(_ server: MCP.Server, port: Int) async throws {
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
            ]))
        try await server.start(transport: transport)
        let guardian = RequestGuard()
        let router = Router()
        @Sendable func answer(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
            if let why = guardian.refusal(host: request.head.authority, origin: request.headers[.origin]) {
                return Response(
                    status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "refused: \(why)\n")))
            }
            let body = try await request.body.collect(upTo: maxBody)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let r = await transport.handleRequest(
                MCP.HTTPRequest(
                    method: request.method.rawValue, headers: headers, body: Data(buffer: body), path: request.uri.path)
            )
            // The stateless transport's answers carry a Content-Type and, refusing a method, Allow.
            var fields: HTTPFields = [.contentType: r.headers[HTTPHeaderName.contentType] ?? "application/json"]
            if let allow = r.headers[HTTPHeaderName.allow] { fields[.allow] = allow }
            return Response(
                status: .init(code: r.statusCode), headers: fields,
                body: .init(byteBuffer: ByteBuffer(data: r.bodyData ?? Data())))
        }
        router.post("/mcp", use: answer)
        router.get("/mcp", use: answer)
        router.delete("/mcp", use: answer)
        var logger = Logger(label: "render-mcp")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                guardian.listening(host: "127.0.0.1", port: bound)
                print("render mcp: http://127.0.0.1:\(bound)/mcp (streamable HTTP, JSON answers; Ctrl-C stops)")
                fflush(stdout)
            }, logger: logger)
        do { try await app.runService(gracefulShutdownSignals: []) } catch {
            let text = "\(error)"
            if text.contains("Address already in use") || text.contains("errno: 98") {
                throw ToolError("--http \(port): the port is in use (--http 0 picks a free one)")
            }
            throw ToolError("cannot serve on 127.0.0.1:\(port): \(text)")
        }
    }
}

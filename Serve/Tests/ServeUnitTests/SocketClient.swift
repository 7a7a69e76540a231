import Foundation

/// A page's side of the server for the in-process tests (ServerTests.swift): HTTP requests and a WebSocket
/// over a plain loopback socket, with the Host and Origin headers a test chooses (a browser's cannot be).
/// `SOCKET_DEBUG=1` prints every message received to stderr.
final class SocketClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, with a receive timeout of `timeout` seconds.
    init(port: Int, timeout: Double = 30) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard ok == 0 else {
            close(fd)
            throw SocketError("connect to port \(port)")
        }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var at = 0
        while at < bytes.count {
            let n = bytes[at...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw SocketError("write") }
            at += n
        }
    }

    /// At least `count` bytes buffered (nil at the end of the stream or after the timeout).
    private func fill(_ count: Int) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while buffer.count < count {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return false }
            buffer += chunk[0..<n]
        }
        return true
    }

    private func take(_ count: Int) throws -> [UInt8] {
        guard fill(count) else { throw SocketError("the server closed the connection or did not answer") }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }

    /// The response head (status and headers) of an HTTP request, and its body when it has a length.
    func request(_ path: String, host: String, origin: String? = nil, headers: [String] = []) throws -> (
        status: Int, head: String, body: [UInt8]
    ) {
        var lines = ["GET \(path) HTTP/1.1", "Host: \(host)"] + headers
        if let origin { lines.append("Origin: \(origin)") }
        try send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        var end: Int?
        while end == nil {
            guard fill(buffer.count + 1) else { throw SocketError("no response") }
            end = buffer.indices.dropLast(3).first {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            }
        }
        let head = String(decoding: try take(end! + 4), as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        return (status, head, length.map { try? take($0) }.flatMap { $0 } ?? [])
    }

    /// Opens the WebSocket at /ws; the upgrade's status (101 when accepted).
    func upgrade(host: String, origin: String? = nil) throws -> Int {
        try request(
            "/ws", host: host, origin: origin,
            headers: [
                "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version: 13",
            ]
        ).status
    }

    enum Message {
        case text(String)
        case binary([UInt8])
        case close(code: Int, reason: String)
    }

    /// Sends a text message (masked, as a page's are).
    func send(text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try send(frame)
    }

    func send(json: [String: Any]) throws {
        try send(text: String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self))
    }

    /// The next message from the server (pings answered on the way).
    func next() throws -> Message {
        while true {
            let h = try take(2)
            var n = Int(h[1] & 0x7f)
            if n == 126 {
                let b = try take(2)
                n = Int(b[0]) << 8 | Int(b[1])
            } else if n == 127 {
                n = try take(8).reduce(0) { $0 << 8 | Int($1) }
            }
            let payload = try take(n)
            if ProcessInfo.processInfo.environment["SOCKET_DEBUG"] != nil {
                FileHandle.standardError.write(
                    Data("<- \(h[0] & 0x0f) \(String(decoding: payload.prefix(300), as: UTF8.self))\n".utf8))
            }
            switch h[0] & 0x0f {
            case 1: return .text(String(decoding: payload, as: UTF8.self))
            case 2: return .binary(payload)
            case 8:
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0
                return .close(code: code, reason: String(decoding: payload.dropFirst(2), as: UTF8.self))
            case 9: try send([0x8a, 0x80, 0, 0, 0, 0])  // pong, empty, masked
            default: continue
            }
        }
    }

    /// The next text message whose JSON satisfies `test`, skipping others (at most `limit` of them).
    func text(limit: Int = 50, _ test: ([String: Any]) -> Bool) throws -> [String: Any] {
        for _ in 0..<limit {
            if case .text(let t) = try next(),
                let o = try JSONSerialization.jsonObject(with: Data(t.utf8)) as? [String: Any],
                test(o)
            {
                return o
            }
        }
        throw SocketError("no such message in \(limit)")
    }

    /// The next frame message satisfying `test`: its head (with `meta`) and its picture's bytes.
    func frame(limit: Int = 50, _ test: ([String: Any]) -> Bool = { _ in true }) throws -> (
        head: [String: Any], picture: [UInt8]
    ) {
        for _ in 0..<limit {
            guard case .binary(let b) = try next(), b.count >= 4 else { continue }
            let n = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
            guard let head = try JSONSerialization.jsonObject(with: Data(b[4..<(4 + n)])) as? [String: Any] else {
                continue
            }
            if test(head) { return (head, Array(b[(4 + n)...])) }
        }
        throw SocketError("no such frame in \(limit)")
    }

    /// The close frame the server sends next.
    func closeReason() throws -> (code: Int, reason: String) {
        for _ in 0..<50 { if case .close(let code, let reason) = try next() { return (code, reason) } }
        throw SocketError("no close")
    }
}

struct SocketError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

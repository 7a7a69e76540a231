import Foundation
import HummingbirdCore
import Logging
import NIOCore

/// The limits on connections (docs/serve.md "Connections", docs/limits.md): how long a request's
/// headers may take, how long a connection may stay idle, and how many may be open at once.
public struct ConnectionLimits: Sendable {
    /// `--header-timeout S`: from a connection's opening to the end of its first request's headers.
    public var headerTimeout: Double = 10
    /// `--idle-timeout S`: an HTTP connection with no request for this long is closed; a WebSocket
    /// page is pinged this often and closed when a ping is not answered within it.
    public var idleTimeout: Double = 60
    /// `--max-connections N`: connections served at once (pages' WebSockets and HTTP requests).
    public var maxConnections = 256

    /// Descriptors kept for everything that is not a connection: standard streams, the listening
    /// socket, each event loop's epoll, eventfd and timerfd, the workers' and the app's pipes,
    /// inotify, the session and asset files being read.
    public static let reservedDescriptors = 64
    /// Connections accepted beyond the maximum only to be refused (the 503 needs a socket); past the
    /// maximum plus this band the server stops accepting and new connections wait in the kernel's
    /// backlog until one closes.
    public static let refusalBand = 32

    public init() {}

    /// The maximum used: `maxConnections`, at most what the process's open-file limit leaves once the
    /// reserved descriptors and the refusal band are set aside (at least 1).
    public func effectiveMaximum(openFileLimit: Int) -> Int {
        max(1, min(maxConnections, openFileLimit - Self.reservedDescriptors - Self.refusalBand))
    }

    /// RLIMIT_NOFILE's soft limit (what `ulimit -n` says).
    public static func openFileLimit() -> Int {
        var r = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &r) == 0 else { return 1024 }
        return r.rlim_cur > 1 << 30 ? 1 << 30 : Int(r.rlim_cur)  // RLIM_INFINITY is the largest value
    }

    static func refusalText(_ maximum: Int) -> String {
        "render serve: too many connections (\(maximum), --max-connections)\n"
    }

    static func headerTimeoutText(_ seconds: Double) -> String {
        "render serve: the request's headers did not arrive within \(seconds.shown) s (--header-timeout)\n"
    }

    static func amount(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1e9)) }
}

extension Double {
    /// 10 as "10", 0.5 as "0.5".
    var shown: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

/// How many connections are served (admitted) now, shared by every event loop, and which of them are
/// still sending their first request's headers (the first to go when the maximum is reached).
final class ConnectionCount: @unchecked Sendable {
    let maximum: Int
    private let lock = NSLock()
    private var admitted = 0
    private var nextID = 0
    /// Connections still in their first headers, by the order they came: the oldest is closed to make
    /// room (a client that takes its time loses its place to one that is ready).
    private var waiting: [Int: @Sendable () -> Void] = [:]

    init(maximum: Int) { self.maximum = maximum }

    /// Counts a new connection in when there is room, or when the oldest connection still sending its
    /// headers can be closed for it; nil when every connection served is past its headers.
    func admit() -> Int? {
        lock.lock()
        var evict: (@Sendable () -> Void)?
        if admitted >= maximum, let oldest = waiting.keys.min() {
            evict = waiting.removeValue(forKey: oldest)
        }
        let id: Int?
        if admitted < maximum || evict != nil {
            admitted += 1  // an evicted connection releases its place when it closes
            nextID += 1
            id = nextID
        } else {
            id = nil
        }
        lock.unlock()
        evict?()
        return id
    }

    func release() {
        lock.lock()
        admitted -= 1
        lock.unlock()
    }

    /// A connection is reading its first headers: `evict` closes it (on its own event loop).
    func waitingForHeaders(_ id: Int, evict: @escaping @Sendable () -> Void) {
        lock.lock()
        waiting[id] = evict
        lock.unlock()
    }

    func headersDone(_ id: Int) {
        lock.lock()
        waiting[id] = nil
        lock.unlock()
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return admitted
    }
}

/// Hummingbird's accept gate (the server channel stops reading, so the kernel's backlog holds new
/// connections) at the maximum plus the refusal band: sockets are never accepted past what the
/// open-file limit allows, so accept(2) never fails with EMFILE.
struct AcceptGate: AvailableConnectionsDelegate {
    let limit: Int
    var open = 0
    mutating func connectionOpened() { open += 1 }
    mutating func connectionClosed() { open -= 1 }
    func isAcceptingNewConnections() -> Bool { open < limit }
}

/// Every connection's channel setup with a `ConnectionGuard` first in its pipeline; a connection
/// past the maximum gets only the guard (which refuses it).
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let inner: Inner.Value?
        let channel: any Channel
    }

    let inner: Inner
    let limits: ConnectionLimits
    let count: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let id = count.admit()
        let admitted = id != nil
        if admitted {
            let count = self.count
            channel.closeFuture.whenComplete { _ in count.release() }
        }
        do {
            let guardHandler = ConnectionGuard(limits: limits, count: count, id: id)
            try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        guard admitted else { return channel.eventLoop.makeSucceededFuture(Value(inner: nil, channel: channel)) }
        return inner.setup(channel: channel, logger: logger).map { Value(inner: $0, channel: channel) }
    }

    func handle(value: Value, logger: Logger) async {
        if let v = value.inner { await inner.handle(value: v, logger: logger) }
    }
}

/// The first handler of every connection, on its raw bytes:
/// - the first request's headers must end (an empty line) within `--header-timeout`, else the
///   connection gets 408 with the reason (nothing if it sent nothing) and is closed;
/// - a connection past `--max-connections` gets 503 with the reason and is closed;
/// - once the connection is a WebSocket (the server sent 101), every frame the client sends must be
///   masked (RFC 6455 5.1): an unmasked one closes the connection with 1002.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    enum State {
        case refused
        /// Reading the first request's headers.
        case head
        /// Headers read; waiting for the first response to say whether this is a WebSocket.
        case answering
        /// A WebSocket: reading frame headers.
        case frames
        /// Plain HTTP after the first request: Hummingbird's idle timeout applies.
        case http
    }

    let limits: ConnectionLimits
    let count: ConnectionCount
    /// The connection's number among those admitted; nil for one refused.
    let id: Int?
    var state: State
    var timer: Scheduled<Void>?
    var received = 0
    var lineEmpty = false
    /// The bytes the client sent after its first request's headers, until the first response.
    var early: [UInt8] = []
    var earlyOverflowed = false
    static let maxEarly = 64 * 1024
    // The frame being read: its header bytes so far, then the payload bytes left to skip.
    var frameHeader: [UInt8] = []
    var payloadLeft = 0

    init(limits: ConnectionLimits, count: ConnectionCount, id: Int?) {
        self.limits = limits
        self.count = count
        self.id = id
        self.state = id == nil ? .refused : .head
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if let id { count.headersDone(id) }
    }

    private var started = false
    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        guard let id else {
            refuse(context, linger: true)
            return
        }
        let evict = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        count.waitingForHeaders(id) {
            evict.eventLoop.execute {
                let (handler, context) = evict.value
                if handler.state == .head { handler.refuse(context, linger: false) }
            }
        }
        timer = loop.scheduleTask(in: ConnectionLimits.amount(limits.headerTimeout)) { [self] in
            guard state == .head else { return }
            if received > 0 {
                respond(
                    context, status: "408 Request Timeout",
                    text: ConnectionLimits.headerTimeoutText(limits.headerTimeout))
            }
            context.close(promise: nil)
        }
    }

    /// 503 at once, then no more sending. A new connection refused lingers until the client closes (or a
    /// second later): closing with its request unread would reset the connection before it reads the
    /// answer. One closed for a new one (its headers were not all there) is closed at once: its socket
    /// is what the new one needs.
    private func refuse(_ context: ChannelHandlerContext, linger: Bool) {
        state = .refused
        timer?.cancel()
        respond(context, status: "503 Service Unavailable", text: ConnectionLimits.refusalText(count.maximum))
        guard linger else {
            context.close(promise: nil)
            return
        }
        context.close(mode: .output, promise: nil)
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: .seconds(1)) {
            context.close(promise: nil)
        }
    }

    private func respond(_ context: ChannelHandlerContext, status: String, text: String) {
        let body = Array(text.utf8)
        let head =
            "HTTP/1.1 \(status)\r\ncontent-type: text/plain; charset=utf-8\r\n"
            + "content-length: \(body.count)\r\nconnection: close\r\n\r\n"
        var b = context.channel.allocator.buffer(capacity: head.utf8.count + body.count)
        b.writeString(head)
        b.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(b)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch state {
        case .refused:
            return  // read and dropped
        case .head:
            received += buffer.readableBytes
            let bytes = buffer.readableBytesView
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                i += 1
                if b == 0x0A {
                    if lineEmpty {
                        state = .answering
                        timer?.cancel()
                        timer = nil
                        if let id { count.headersDone(id) }
                        keepEarly(bytes[i...])
                        break
                    }
                    lineEmpty = true
                } else if b != 0x0D {
                    lineEmpty = false
                }
            }
        case .answering:
            keepEarly(buffer.readableBytesView[...])
        case .frames:
            if !checkFrames(buffer.readableBytesView[...]) {
                refuseUnmasked(context)
                return
            }
        case .http:
            break
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if state == .refused, let e = event as? ChannelEvent, e == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func keepEarly(_ bytes: ByteBufferView.SubSequence) {
        if early.count + bytes.count <= Self.maxEarly {
            early.append(contentsOf: bytes)
        } else {
            earlyOverflowed = true
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if state == .answering, case .byteBuffer(let b) = unwrapOutboundIn(data) {
            if b.readableBytesView.starts(with: Array("HTTP/1.1 101".utf8)) {
                state = .frames
                context.write(data, promise: promise)
                let pending = early
                early = []
                // More than 64 KiB of frames before the handshake's answer: not a page; refused too.
                if earlyOverflowed || !checkFrames(pending[...]) { refuseUnmasked(context) }
                return
            }
            state = .http
            early = []
        }
        context.write(data, promise: promise)
    }

    /// Reads the frame headers in `bytes`; false when a frame is not masked.
    private func checkFrames<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8, C.Index == Int {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if payloadLeft > 0 {
                let n = min(payloadLeft, bytes.endIndex - i)
                payloadLeft -= n
                i += n
                continue
            }
            frameHeader.append(bytes[i])
            i += 1
            if frameHeader.count == 2 && frameHeader[1] & 0x80 == 0 { return false }
            let lengthCode = frameHeader.count >= 2 ? Int(frameHeader[1] & 0x7F) : 0
            let needed = 2 + (lengthCode == 126 ? 2 : lengthCode == 127 ? 8 : 0) + 4
            guard frameHeader.count >= 2, frameHeader.count == needed else { continue }
            var length = lengthCode
            if lengthCode >= 126 {
                length = 0
                for b in frameHeader[2..<(needed - 4)] { length = length << 8 | Int(b) }
                if length < 0 || length > Int(Int32.max) { return false }  // the library refuses it anyway
            }
            payloadLeft = length
            frameHeader.removeAll(keepingCapacity: true)
        }
        return true
    }

    private func refuseUnmasked(_ context: ChannelHandlerContext) {
        state = .refused
        let reason = "unmasked client frame"
        var b = context.channel.allocator.buffer(capacity: 4 + reason.utf8.count)
        b.writeBytes([0x88, UInt8(2 + reason.utf8.count), 0x03, 0xEA])  // close, 1002 protocol error
        b.writeString(reason)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(b)), promise: nil)
        context.close(promise: nil)
    }
}

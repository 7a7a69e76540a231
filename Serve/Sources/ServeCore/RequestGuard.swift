import Foundation

/// Who may talk to the server: requests whose Host is the server's own address (127.0.0.1,
/// localhost or [::1] with its port, or the --host given) and whose Origin, when sent, is the page's
/// own. A page on another site that resolves its own name to 127.0.0.1 (DNS rebinding) sends its
/// own name as Host and is refused; so is a WebSocket opened from another site (its Origin).
public final class RequestGuard: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: Set<String> = []

    public init() {}

    /// Called once the port is known (--port 0 picks one).
    public func listening(host: String, port: Int) {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !names.contains(host) { names.append(host.contains(":") ? "[\(host)]" : host) }
        lock.withLock { hosts = Set(names.map { "\($0):\(port)" }) }
    }

    /// Why the request is refused, or nil.
    public func refusal(host: String?, origin: String?) -> String? {
        let allowed = lock.withLock { hosts }
        guard let h = host?.lowercased(), allowed.contains(h) else {
            return "Host \(host ?? "(none)") is not this server's address"
        }
        if let o = origin?.lowercased(), !allowed.contains(where: { "http://\($0)" == o }) {
            return "Origin \(o) is not this server's page"
        }
        return nil
    }
}

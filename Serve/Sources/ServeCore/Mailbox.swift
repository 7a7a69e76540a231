import Foundation

/// One message to a page: text (JSON) or binary (a frame: header length, header JSON, PNG).
public enum Outgoing: Sendable {
    case text(String)
    case binary([UInt8])
}

/// What waits to be sent to one page: at most one message per slot (the main picture, each side of
/// the side-by-side view, the inspector, the session list...), a newer one replacing the older. A
/// page that stops reading therefore holds the server's memory at one message per slot, however
/// many changes come: its sender waits in the WebSocket's backpressure, not in a growing queue.
public final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String: Outgoing] = [:]
    private var order: [String] = []
    private var waiter: CheckedContinuation<[Outgoing]?, Never>?
    private var closed = false
    /// Messages replaced before they were sent (a slow page): for the tests.
    public private(set) var replaced = 0

    public init() {}

    public func put(_ slot: String, _ message: Outgoing) {
        let resume: (CheckedContinuation<[Outgoing]?, Never>, [Outgoing])? = lock.withLock {
            guard !closed else { return nil }
            if slots[slot] != nil { replaced += 1 } else { order.append(slot) }
            slots[slot] = message
            guard let w = waiter else { return nil }
            waiter = nil
            return (w, takeAll())
        }
        if let (w, batch) = resume { w.resume(returning: batch) }
    }

    /// How many messages wait.
    public var pending: Int { lock.withLock { slots.count } }

    private func takeAll() -> [Outgoing] {
        let out = order.compactMap { slots[$0] }
        slots = [:]
        order = []
        return out
    }

    /// The waiting messages in the order their slots were first filled; nil once closed.
    public func next() async -> [Outgoing]? {
        await withCheckedContinuation { (c: CheckedContinuation<[Outgoing]?, Never>) in
            let ready: [Outgoing]?? = lock.withLock {
                if closed { return .some(nil) }
                if !slots.isEmpty { return .some(takeAll()) }
                waiter = c
                return .none
            }
            if let r = ready { c.resume(returning: r) }
        }
    }

    public func close() {
        let w: CheckedContinuation<[Outgoing]?, Never>? = lock.withLock {
            closed = true
            slots = [:]
            defer { waiter = nil }
            return waiter
        }
        w?.resume(returning: nil)
    }
}

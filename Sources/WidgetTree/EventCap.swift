/// Events dropped past `ReplayOptions.maxHeldEvents` (docs/limits.md, "Events held"): counted by
/// type, so the diagnostics say what was lost, and never held, so memory stays bounded however
/// many ticks or timers a session has.
struct EventDrops {
    /// Dropped events by type, in all (a backend that drains keeps counting across drains).
    var byType: [String: Int] = [:]
    /// Whether the warning for the current overflow was given (reset when events are drained).
    var warned = false
    var total: Int { byType.values.reduce(0, &+) }
}

extension ReplayEngine {
    /// Events dropped so far because `options.maxHeldEvents` were held undrained.
    package var droppedEventCount: Int { eventDrops.total }

    /// Counts `n` events of `type` dropped at `time`; the first drop since the last drain gets a
    /// `too-many-events` warning on its step.
    mutating func noteDroppedEvents(_ type: String, _ n: Int, time: Int) {
        guard n > 0 else { return }
        eventDrops.byType[type, default: 0] = min(eventDrops.byType[type, default: 0] &+ n, Int.max / 4)
        guard !eventDrops.warned else { return }
        eventDrops.warned = true
        warn(
            "too-many-events",
            """
            events: \(options.maxHeldEvents) events are held undrained (at most \(options.maxHeldEvents)); \
            this \(type) at \(time) ms and later events are dropped (--events lists only the first ones)
            """
        )
    }

    /// At the end of a replay: one warning with how many events of each type were dropped.
    mutating func summariseDroppedEvents() {
        guard !eventDrops.byType.isEmpty else { return }
        let kinds = eventDrops.byType.keys.sorted().map { "\($0) \(eventDrops.byType[$0]!)" }
        warn(
            "too-many-events",
            "events: \(eventDrops.total) events dropped in all past the cap of \(options.maxHeldEvents) held ("
                + kinds.joined(separator: ", ") + ")")
    }
}

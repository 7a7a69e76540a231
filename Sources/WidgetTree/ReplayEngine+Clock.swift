import Primitives
import SessionFormat

/// The virtual clock: ticks, timer firings, tick captures (semantics.md sections 6 and 7).
extension ReplayEngine {
    /// Most timer firings delivered in one tick (semantics.md 7 item 24); the clock still advances.
    static let maxFiringsPerTick = 10_000
    /// The latest virtual time (about 31,700 years).
    static let maxTime = 1_000_000_000_000_000

    mutating func tick(_ ms: Int) {
        // The previous tick's frame has now seen every step up to this tick (7 item 34).
        finishPendingTickCapture()
        // The clock saturates far beyond any real session, so timer arithmetic can never overflow.
        var target = now + min(ms, Self.maxTime)
        if target > Self.maxTime {
            target = Self.maxTime
            warn("bad-value", "tick: the clock stops at \(Self.maxTime) ms")
        }
        // The cap on firings holds for the whole tick, its `--fps` display-link frames included.
        timerTick = TimerTick()
        if options.captureTicks, let fps = options.fps, fps > 0 { displayLinkFrames(fps: fps, until: target) }
        fireTimers(until: target)
        endTimerTick()
        tree.time = target
        if options.captureTicks {
            let index = captures.count
            if capture(.tick, name: nil) { pendingTickCapture = index }
        }
    }

    /// Moves the clock forward to `time` without a tick capture (for the frame at a given time).
    package mutating func advance(to time: Int) {
        finishPendingTickCapture()
        let target = min(time, Self.maxTime)
        guard target > now else { return }
        timerTick = TimerTick()
        fireTimers(until: target)
        endTimerTick()
        tree.time = target
    }

    /// `--fps`: a capture at every display-link time `k * 1000 / fps` strictly inside (now, target).
    /// No steps come between them, so each shows the state at its own time (timers fired, toasts
    /// faded, spinners turned); the times lie on one grid whatever the ticks are.
    private mutating func displayLinkFrames(fps: Int, until target: Int) {
        let f = min(fps, 1000)
        func time(_ k: Int) -> Int { CheckedInt.int(Double(k) * 1000 / Double(f), .toNearestOrAwayFromZero) }
        var k = CheckedInt.int(Double(now) * Double(f) / 1000, .down)
        while time(k) <= now { k += 1 }
        var made = 0
        while time(k) < target {
            if made == ReplayOptions.maxGeneratedFramesPerTick {
                warn("bad-value", "tick: --fps frames stop after \(made) in one tick; the tick's own frame follows")
                return
            }
            fireTimers(until: time(k))
            tree.time = time(k)
            capture(.tick, name: nil)
            made += 1
            k += 1
        }
    }

    /// Fires every timer whose due time is <= `target`, in time order (ties: creation order).
    /// Each TimerEvent carries its own due time.
    mutating func fireTimers(until target: Int) {
        guard !timers.isEmpty else { return }
        while true {
            var best: Int? = nil
            for (i, t) in timers.enumerated() where t.nextDue <= target {
                if let b = best, (timers[b].nextDue, timers[b].order) <= (t.nextDue, t.order) { continue }
                best = i
            }
            guard let i = best else { return }
            if timerTick.fired >= Self.maxFiringsPerTick {
                timerTick.dropped = min(timerTick.dropped &+ dropFirings(until: target), Int.max / 2)
                return
            }
            if events.count >= options.maxHeldEvents {
                // No room for their events: the firings are counted as dropped events, not looped over.
                let n = dropFirings(until: target)
                noteDroppedEvents("TimerEvent", n, time: timers[i].nextDue)
                timerTick.fired = min(timerTick.fired &+ n, Int.max / 2)
                return
            }
            let t = timers[i]
            if options.platform.timerEventToRootWithIdZero {
                // iOS: TimerEvent(0) to the root view (id 1), whatever the timer and its element.
                emit("TimerEvent", to: 1, [("timerId", .int(0))], time: t.nextDue)
            } else {
                emit("TimerEvent", to: t.target, [("timerId", .int(t.id))], time: t.nextDue)
            }
            timers[i].nextDue += t.interval
            timerTick.fired += 1
        }
    }

    /// Skips the firings due up to `target` arithmetically (a huge tick must not loop); returns how many.
    private mutating func dropFirings(until target: Int) -> Int {
        var dropped = 0
        for i in timers.indices where timers[i].nextDue <= target {
            let n = (target - timers[i].nextDue) / timers[i].interval + 1
            dropped = min(dropped &+ n, Int.max / 2)
            timers[i].nextDue += n * timers[i].interval
        }
        return dropped
    }

    /// After a tick (or `advance`): one diagnostic when firings went past the per-tick cap.
    private mutating func endTimerTick() {
        guard timerTick.dropped > 0 else { return }
        warn(
            "too-many-timer-firings",
            """
            tick: \(Self.maxFiringsPerTick) timer firings delivered, \(timerTick.dropped) more dropped (at most \
            \(Self.maxFiringsPerTick) per tick)
            """
        )
        timerTick = TimerTick()
    }
}

/// Timer firings of the tick being applied (`ReplayEngine.maxFiringsPerTick`).
struct TimerTick {
    var fired = 0
    var dropped = 0
}

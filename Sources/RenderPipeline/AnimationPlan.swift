import WidgetTree

/// Which captures become frames of an animation (`--apng`) and how long each is shown.
/// Captures at the same virtual time collapse to the last of them (the most complete state at
/// that time: a tick's frame, then the snapshot and the final frame taken at the same moment);
/// each frame lasts until the next frame's time. The launch frame is kept and held for
/// `launchHoldMs` (it has no duration of its own: it shows at time 0 before any view exists), and
/// the last frame is held for `lastFrameMs` before the animation loops.
package struct AnimationPlan: Sendable {
    package struct Frame: Hashable, Sendable {
        /// Index into the replay's captures.
        package var capture: Int
        package var time: Int
        package var delayMs: Int
    }
    package static let launchHoldMs = 500
    package static let lastFrameMs = 1000
    package private(set) var frames: [Frame] = []

    package init(captures: [Capture]) {
        var kept: [(index: Int, time: Int, launch: Bool)] = []
        for (i, c) in captures.enumerated() {
            let launch = c.kind == .launch
            if let last = kept.last, !last.launch, !launch, last.time == c.time { kept.removeLast() }
            kept.append((i, c.time, launch))
        }
        for (n, k) in kept.enumerated() {
            let delay: Int
            if k.launch {
                delay = Self.launchHoldMs
            } else if n + 1 < kept.count {
                delay = max(0, kept[n + 1].time - k.time)
            } else {
                delay = Self.lastFrameMs
            }
            frames.append(Frame(capture: k.index, time: k.time, delayMs: delay))
        }
    }

    /// Delay by capture index, for the frames that are kept.
    package var delays: [Int: Int] { Dictionary(uniqueKeysWithValues: frames.map { ($0.capture, $0.delayMs) }) }
}

import ServeProtocol

extension Hub {
    /// The whole PNG of a frame the worker answered with only its changed rectangle, for a page that
    /// has not painted the rectangle's base (it just opened, switched, or missed a frame): asked of
    /// the worker once per state, however many pages need it, and kept with the frame. A page that
    /// follows the edits never needs it, so the edit-to-pixel path does not encode it.
    func wholeFrame(_ spec: StateSpec) async -> [UInt8] {
        let key = spec.state
        if let f = frames.peek(key), !f.png.isEmpty { return f.png }
        let wholeKey = "whole|" + key
        if let t = inflight[wholeKey] { return await t.value.png }
        let worker = main
        let t = Task { await worker.call(.whole(spec)) }
        inflight[wholeKey] = t
        let answer = await t.value
        inflight[wholeKey] = nil
        if !answer.png.isEmpty { frames.update(key) { $0.png = answer.png } }
        return answer.png
    }
}

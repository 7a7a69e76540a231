/// A serve worker's answer data (what follows `R INDEX EXIT LEN`, WorkerWire.swift), written by the
/// worker (Sources/ServeWorker) and read by the server (Serve/Sources/ServeCore/WorkerProcess.swift):
///
/// - `JSONLEN\n`, the JSON, then the PNG bytes (none when there is no picture); or
/// - when a frame's changed rectangle goes with it: `JSONLEN PATCHLEN BASELEN X Y W H FORMAT\n` (device
///   pixels; FORMAT 0 for a PNG, 1 for pixel runs), the JSON, the whole frame's PNG (often none), the
///   patch's bytes and the base state's name.
public struct FrameAnswer: Sendable, Equatable {
    /// The worker's JSON object, forwarded to pages as it is.
    public var json: [UInt8]
    public var png: [UInt8]
    /// The frame's changed rectangle over the worker's previous frame, when it sent one.
    public var patch: FramePatch?

    public init(json: [UInt8], png: [UInt8], patch: FramePatch? = nil) {
        self.json = json
        self.png = png
        self.patch = patch
    }

    /// The answer's bytes.
    public func encoded() -> [UInt8] {
        guard let p = patch else { return Array("\(json.count)\n".utf8) + json + png }
        let head = "\(json.count) \(p.bytes.count) \(p.base.utf8.count) \(p.x) \(p.y) \(p.width) \(p.height) "
        return Array((head + "\(p.runs ? 1 : 0)\n").utf8) + json + png + p.bytes + Array(p.base.utf8)
    }

    /// An answer's data split into its JSON, its PNG and its patch; nil when it is not an answer's data.
    public static func decode(_ data: [UInt8]) -> FrameAnswer? {
        guard let nl = data.prefix(200).firstIndex(of: 0x0a) else { return nil }
        let words = data[..<nl].split(separator: 0x20, omittingEmptySubsequences: false).map { w -> Int? in
            guard !w.isEmpty, w.count <= 18, w.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: w, as: UTF8.self))
        }
        guard words.count == 1 || words.count == 8, words.allSatisfy({ $0 != nil }) else { return nil }
        let n = words.map { $0! }
        let start = nl + 1
        if n.count == 1 {
            guard data.count - start >= n[0] else { return nil }
            return FrameAnswer(json: Array(data[start..<(start + n[0])]), png: Array(data[(start + n[0])...]))
        }
        let (jsonCount, patchCount, baseCount) = (n[0], n[1], n[2])
        guard n[7] <= 1, jsonCount <= Int.max / 4, patchCount <= Int.max / 4, baseCount <= Int.max / 4,
            data.count - start >= jsonCount + patchCount + baseCount
        else { return nil }
        let pngEnd = data.count - patchCount - baseCount
        let patch = FramePatch(
            base: String(decoding: data[(pngEnd + patchCount)...], as: UTF8.self), x: n[3], y: n[4], width: n[5],
            height: n[6], bytes: Array(data[pngEnd..<(pngEnd + patchCount)]), runs: n[7] == 1)
        return FrameAnswer(
            json: Array(data[start..<(start + jsonCount)]), png: Array(data[(start + jsonCount)..<pngEnd]),
            patch: patch)
    }
}

/// A live frame's changed rectangle: the pixels of `x, y, width, height` (device pixels), to draw over
/// the frame of state `base` that a page already shows. Decoding a few rows instead of a whole 1170 x
/// 2532 picture is most of the edit-to-pixel time the browser spends (docs/serve.md). A small rectangle
/// goes as pixel runs (`runs`; the format is in docs/serve.md), which the page expands itself at once; a
/// larger one as a PNG, which the browser decodes on another thread and hands back a task later.
public struct FramePatch: Sendable, Equatable {
    public var base: String
    public var x: Int, y: Int, width: Int, height: Int
    public var bytes: [UInt8]
    /// `bytes` are pixel runs (true) or a PNG.
    public var runs: Bool

    public init(base: String, x: Int, y: Int, width: Int, height: Int, bytes: [UInt8], runs: Bool) {
        self.base = base
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
        self.bytes = bytes
        self.runs = runs
    }

    /// The rectangle as the frame message's `patch` gives it to the page: x, y, width, height.
    public var rect: [Int] { [x, y, width, height] }
}

/// A frame's changed rectangle (device pixels), to draw over the frame of state `base`: a page that
/// has painted `base` gets only this instead of the whole picture (the worker sends it when its
/// rasterizer repainted under half of the frame; docs/serve.md). Its bytes are a PNG, or for a small
/// rectangle pixel runs the page expands itself (`runs`; the format is in docs/serve.md).
public struct FramePatch: Sendable, Equatable {
    public var base: String
    public var rect: [Int]
    public var bytes: [UInt8]
    public var runs: Bool = false
}

extension WorkerWire {
    /// An answer's data split into its JSON, its PNG and, when its first line says so
    /// (`JSONLEN PATCHLEN BASELEN X Y W H FORMAT`), the patch (FORMAT 0 a PNG, 1 pixel runs) and base
    /// state that follow the PNG.
    public static func splitFrame(_ data: [UInt8]) -> (json: [UInt8], png: [UInt8], patch: FramePatch?)? {
        guard let nl = data.prefix(200).firstIndex(of: 0x0a) else { return nil }
        let words = data[..<nl].split(separator: 0x20).map { Int(String(decoding: $0, as: UTF8.self)) }
        guard words.count == 8, words.allSatisfy({ ($0 ?? -1) >= 0 }), words[7]! <= 1 else {
            return split(data).map { ($0.json, $0.png, nil) }
        }
        let n = words.map { $0! }
        let (jsonCount, patchCount, baseCount) = (n[0], n[1], n[2])
        let start = nl + 1
        guard data.count - start >= jsonCount + patchCount + baseCount else { return nil }
        let pngEnd = data.count - patchCount - baseCount
        let json = Array(data[start..<(start + jsonCount)])
        let png = Array(data[(start + jsonCount)..<pngEnd])
        let patch = FramePatch(
            base: String(decoding: data[(pngEnd + patchCount)...], as: UTF8.self), rect: Array(n[3..<7]),
            bytes: Array(data[pngEnd..<(pngEnd + patchCount)]), runs: n[7] == 1)
        return (json, png, patch)
    }
}

/// A frame's changed rectangle (device pixels) as a PNG, to draw over the frame of state `base`: a
/// page that has painted `base` gets only this instead of the whole picture (the worker sends it when
/// its rasterizer repainted under half of the frame; docs/serve.md).
public struct FramePatch: Sendable, Equatable {
    public var base: String
    public var rect: [Int]
    public var png: [UInt8]
}

extension WorkerWire {
    /// An answer's data split into its JSON, its PNG and, when its first line says so
    /// (`JSONLEN PATCHLEN BASELEN X Y W H`), the patch PNG and base state that follow the PNG.
    public static func splitFrame(_ data: [UInt8]) -> (json: [UInt8], png: [UInt8], patch: FramePatch?)? {
        guard let nl = data.prefix(200).firstIndex(of: 0x0a) else { return nil }
        let words = data[..<nl].split(separator: 0x20).map { Int(String(decoding: $0, as: UTF8.self)) }
        guard words.count == 7, words.allSatisfy({ ($0 ?? -1) >= 0 }) else {
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
            base: String(decoding: data[(pngEnd + patchCount)...], as: UTF8.self), rect: Array(n[3...]),
            png: Array(data[pngEnd..<(pngEnd + patchCount)]))
        return (json, png, patch)
    }
}

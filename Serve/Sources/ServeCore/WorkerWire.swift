/// The bytes between the server and its `render --serve-worker` processes: the batch protocol of
/// `render` (Sources/render/Batch/BatchWire.swift), written again here because this package does not
/// depend on the engine's. A request is `J INDEX N LEN1 ... LENN\n` then the N fields' UTF-8 bytes;
/// an answer is `R INDEX EXIT LEN\n` then LEN bytes: a decimal JSON length, `\n`, the JSON, the PNG.
public enum WorkerWire {
    static let maxHeader = 4096

    public static func job(index: Int, fields: [String]) -> [UInt8] {
        let bytes = fields.map { Array($0.utf8) }
        let head = (["J", String(index), String(fields.count)] + bytes.map { String($0.count) }).joined(separator: " ")
        return Array((head + "\n").utf8) + bytes.joined()
    }

    public enum Parse: Equatable {
        case answer(index: Int, data: [UInt8], consumed: Int)
        case partial
        case malformed
    }

    /// An answer at the start of `buffer`.
    public static func parseAnswer(_ buffer: [UInt8]) -> Parse {
        guard let nl = buffer.prefix(maxHeader + 1).firstIndex(of: 0x0a) else {
            return buffer.count > maxHeader ? .malformed : .partial
        }
        let words = buffer[..<nl].split(separator: 0x20, omittingEmptySubsequences: false)
        guard words.count == 4, words[0].elementsEqual([UInt8(ascii: "R")]) else { return .malformed }
        var n: [Int] = []
        for w in words.dropFirst() {
            guard !w.isEmpty, w.count <= 18, w.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let v = Int(String(decoding: w, as: UTF8.self))
            else { return .malformed }
            n.append(v)
        }
        let start = nl + 1
        guard buffer.count - start >= n[2] else { return .partial }
        return .answer(index: n[0], data: Array(buffer[start..<(start + n[2])]), consumed: start + n[2])
    }

    /// An answer's data split into its JSON and its PNG bytes (empty when there is no picture).
    public static func split(_ data: [UInt8]) -> (json: [UInt8], png: [UInt8])? {
        guard let nl = data.prefix(20).firstIndex(of: 0x0a),
            let n = Int(String(decoding: data[..<nl], as: UTF8.self)), n >= 0, data.count - nl - 1 >= n
        else { return nil }
        return (Array(data[(nl + 1)..<(nl + 1 + n)]), Array(data[(nl + 1 + n)...]))
    }
}

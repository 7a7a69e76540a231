#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes between a parent and its worker processes: `render`'s batch workers (`render --batch-worker`)
/// and `render serve`'s (`render --serve-worker`). Every field is length-prefixed, so any file name (a
/// newline, a tab, a backslash, any Unicode) travels as itself and no field can end early or start
/// another job: a header line holds only ASCII digits, spaces and the tag.
///
/// - job, parent to worker (stdin): `J INDEX N LEN1 ... LENN\n` then the N fields' UTF-8 bytes, back to back;
/// - answer, worker to parent: `R INDEX EXIT LEN\n` then LEN bytes of the result data (for the serve
///   worker, a `FrameHeader` line, the JSON, the PNG and the patch: FrameHeader.swift).
public enum WorkerWire {
    /// A header longer than this is not ours (a job has a handful of fields).
    public static let maxHeader = 4096

    public static func job(index: Int, fields: [String]) -> [UInt8] {
        let bytes = fields.map { Array($0.utf8) }
        let head = (["J", String(index), String(fields.count)] + bytes.map { String($0.count) }).joined(separator: " ")
        return Array((head + "\n").utf8) + bytes.joined()
    }

    public static func answer(index: Int, exit: Int32, data: [UInt8]) -> [UInt8] {
        Array("R \(index) \(exit) \(data.count)\n".utf8) + data
    }

    /// What a buffer holds at its start: a whole frame (and how many bytes it took), not yet all
    /// of one, or bytes that are no frame of this protocol.
    public enum Parse<T> {
        case frame(T, consumed: Int)
        case partial
        case malformed
    }

    /// The numbers of a header line `TAG N1 N2 ...` (non-negative decimals) at the start of `buffer`.
    private static func header(_ buffer: [UInt8], tag: UInt8) -> Parse<[Int]> {
        guard let nl = buffer.prefix(maxHeader + 1).firstIndex(of: 0x0a) else {
            return buffer.count > maxHeader ? .malformed : .partial
        }
        let words = buffer[..<nl].split(separator: 0x20, omittingEmptySubsequences: false)
        guard words.count >= 2, words[0].elementsEqual([tag]) else { return .malformed }
        var numbers: [Int] = []
        for w in words.dropFirst() {
            // Digits only (no sign), at most 18 of them: no overflow, no negative length.
            guard !w.isEmpty, w.count <= 18, w.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let n = Int(String(decoding: w, as: UTF8.self))
            else { return .malformed }
            numbers.append(n)
        }
        return .frame(numbers, consumed: nl + 1)
    }

    /// A job at the start of `buffer`: its index and fields.
    public static func parseJob(_ buffer: [UInt8]) -> Parse<(index: Int, fields: [String])> {
        switch header(buffer, tag: UInt8(ascii: "J")) {
        case .partial: return .partial
        case .malformed: return .malformed
        case .frame(let n, let start):
            guard n.count >= 2, n[1] == n.count - 2 else { return .malformed }
            let lengths = n.dropFirst(2)
            var end = start
            for l in lengths {
                guard l <= Int.max / 2 - end else { return .malformed }
                end += l
            }
            guard buffer.count >= end else { return .partial }
            var fields: [String] = []
            var at = start
            for l in lengths {
                fields.append(String(decoding: buffer[at..<(at + l)], as: UTF8.self))
                at += l
            }
            return .frame((n[0], fields), consumed: end)
        }
    }

    /// An answer at the start of `buffer`: its index, exit code and data.
    public static func parseAnswer(_ buffer: [UInt8]) -> Parse<(index: Int, exit: Int32, data: [UInt8])> {
        switch header(buffer, tag: UInt8(ascii: "R")) {
        case .partial: return .partial
        case .malformed: return .malformed
        case .frame(let n, let start):
            guard n.count == 3, let code = Int32(exactly: n[1]), n[2] <= Int.max / 2 - start else { return .malformed }
            guard buffer.count - start >= n[2] else { return .partial }
            return .frame((n[0], code, Array(buffer[start..<(start + n[2])])), consumed: start + n[2])
        }
    }

    /// Writes all of `bytes` to a descriptor (again after EINTR); false when it cannot (the reader is gone).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var off = 0
        while off < bytes.count {
            let n = write(fd, bytes.baseAddress! + off, bytes.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            off += n
        }
        return true
    }

    /// Reads jobs from a descriptor (a worker's stdin), one at a time.
    public struct JobReader {
        let fd: Int32
        private var buffer: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 65536)

        public init(fd: Int32) { self.fd = fd }

        /// The next job; nil at the end of input or on bytes that are not a job (the parent is gone
        /// or is not ours: the worker stops rather than guess).
        public mutating func next() -> (index: Int, fields: [String])? {
            while true {
                switch WorkerWire.parseJob(buffer) {
                case .frame(let job, let used):
                    buffer.removeSubrange(0..<used)
                    return job
                case .malformed: return nil
                case .partial:
                    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return nil }
                    buffer += chunk[0..<n]
                }
            }
        }
    }
}

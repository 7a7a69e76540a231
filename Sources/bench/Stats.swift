import Foundation

/// Small statistics and formatting helpers for the benchmark report.
enum Stats {
    /// The median of `values` (0 when empty); the mean of the two middle values for an even count.
    static func median(_ values: [Double]) -> Double {
        if values.isEmpty { return 0 }
        let s = values.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }

    /// Milliseconds with one decimal: `12.3 ms`.
    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// Megabytes with one decimal from kilobytes: `56.8 MB`.
    static func mb(kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1024) }

    /// Kilobytes with one decimal from bytes: `342.1 KB`.
    static func kb(bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1024) }

    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Wall time of `body` in seconds, with its result.
    static func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let t0 = now()
        let r = try body()
        return (r, now() - t0)
    }
}

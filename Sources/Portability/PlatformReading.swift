import Foundation
import Primitives
import Styles

/// How one backend reads a style value, from the profile's rules (protocol 2.1): what the report
/// compares between iOS and Android. Only readings, no drawing.
enum PlatformReading {
    // MARK: - lists

    /// The four sides (or corners) a list value gives under a rule; nil when it is not a list of numbers.
    static func sides(_ value: String, _ rule: PlatformProfile.ListRule) -> [Double]? {
        let nums = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
        guard !nums.isEmpty, nums.count <= 4, !nums.contains(where: { $0 == nil }) else { return nil }
        let n = nums.map { $0! }
        switch rule {
        case .firstOnly: return Array(repeating: n[0].rounded(.towardZero), count: 4)  // integerValue
        case .repeatLast: return (0..<4).map { n[min($0, n.count - 1)] }
        case .css:
            switch n.count {
            case 1: return [n[0], n[0], n[0], n[0]]
            case 2: return [n[0], n[1], n[0], n[1]]
            case 3: return [n[0], n[1], n[2], n[1]]
            default: return n
            }
        }
    }

    // MARK: - colours

    /// Android `Color.parseColor` names (protocol 2.1).
    static let androidNames: Set<String> = [
        "red", "blue", "green", "black", "white", "gray", "grey", "cyan", "magenta",
        "yellow", "lightgray", "lightgrey", "darkgray", "darkgrey", "aqua", "fuchsia",
        "lime", "maroon", "navy", "olive", "purple", "silver", "teal",
    ]

    /// Why a backend misreads or rejects a colour string; nil when it reads it as the preview does.
    static func colourProblem(_ raw: String, _ rule: PlatformProfile.ColorRule) -> String? {
        let v = raw.trimmingCharacters(in: .whitespaces).lowercased()
        let hex = v.hasPrefix("#") ? String(v.dropFirst()) : nil
        let isHex = hex.map { !$0.isEmpty && $0.allSatisfy(\.isHexDigit) } ?? false
        switch rule {
        case .preview: return nil
        case .ios:
            if v == "black" || v == "white" { return nil }
            if let h = hex, isHex {
                if h.count == 6 { return nil }
                if h.count == 8 { return h.hasPrefix("00") ? "alpha 00 reads as opaque" : nil }
                if h.count == 3 { return "#rgb reads as 0x000\(h) (nearly black)" }
                return "\(h.count) hex digits: not a colour"
            }
            if v.hasPrefix("rgb") { return "rgb()/rgba() is not read (wrong colour)" }
            if v == "transparent" { return "`transparent` is not a name iOS knows (read as hex: wrong colour)" }
            return "only black and white are names on iOS (the letters are read as hex: wrong colour)"
        case .android:
            if let h = hex, isHex, h.count == 6 || h.count == 8 { return nil }
            if androidNames.contains(v) { return nil }
            if let h = hex, isHex, h.count == 3 { return "#rgb is rejected" }
            if v.hasPrefix("rgb") { return "rgb()/rgba() is rejected" }
            if v == "transparent" { return "`transparent` is rejected" }
            return "not a colour parseColor knows"
        }
    }

    // MARK: - linear layout direction

    enum Axis: String { case vertical, horizontal }

    /// The axis a CREATE_LINEAR_LAYOUT value gives (protocol 1; the neutral rule as semantics.md).
    static func axis(_ value: Int, _ rule: PlatformProfile.DirectionRule) -> Axis {
        switch rule {
        case .verticalOnlyIfOne: return value == 1 ? .vertical : .horizontal
        case .horizontalOnlyIfTwo: return value == 2 ? .horizontal : .vertical
        case .neutral: return value == 2 ? .horizontal : .vertical
        }
    }

    // MARK: - numbers

    /// A number as written in reports: integers without ".0", others to 2 decimals (locale-free).
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return CheckedInt.text(v) }
        return String((v * 100).rounded() / 100)
    }
}

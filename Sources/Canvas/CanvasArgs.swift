import Primitives
import SessionFormat
import Styles

/// Typed access to the arguments of one canvas call, and the style/colour values they carry.
struct CanvasArgs {
    let args: [CanvasArg]
    init(_ args: [CanvasArg]) { self.args = args }
    var count: Int { args.count }

    func number(_ i: Int) -> Double? {
        guard i < args.count, case .number(let n) = args[i], n.isFinite else { return nil }
        return n
    }
    func string(_ i: Int) -> String? {
        guard i < args.count, case .string(let s) = args[i] else { return nil }
        return s
    }
    /// A string, or a number shown as text (`fillText` of a value).
    func text(_ i: Int) -> String? {
        if let s = string(i) { return s }
        guard let n = number(i) else { return nil }
        return CheckedInt.text(n)
    }
    func bool(_ i: Int) -> Bool? {
        guard i < args.count else { return nil }
        switch args[i] {
        case .bool(let b): return b
        case .number(let n): return n != 0
        default: return nil
        }
    }
    /// Exactly `n` numbers (or the first `n` when `prefix`).
    func numbers(_ n: Int, prefix: Bool = false) -> [Double]? {
        guard prefix ? args.count >= n : args.count == n else { return nil }
        let v = (0..<n).compactMap(number)
        return v.count == n ? v : nil
    }
    func countProblem(_ expected: String) -> String {
        "expected \(expected), got [\(args.map(Self.show).joined(separator: ", "))]"
    }
    /// Sets a numeric attribute when the one argument is a valid number.
    func setNumber(_ set: (Double) -> Void, valid: (Double) -> Bool) -> String? {
        guard count == 1, let n = number(0) else { return countProblem("1 number") }
        guard valid(n) else { return "value \(Self.show(args[0])) out of range; ignored" }
        set(n)
        return nil
    }

    /// A style colour (`#aarrggbb` alpha first, names, rgb()/rgba()) through the style parser.
    static func color(_ s: String) -> Color? { StyleParser.parseColor(s.trimmingCharacters(in: .whitespaces)) }

    /// A colour string, or `["linearGradient", x0, y0, x1, y1, [[offset, colour], ...]]`.
    static func style(_ arg: CanvasArg) -> CanvasStyle? {
        switch arg {
        case .string(let s): return color(s).map(CanvasStyle.color)
        case .array(let items):
            guard items.count == 6, case .string(let kind) = items[0], kind.lowercased() == "lineargradient" else {
                return nil
            }
            let nums = items[1...4].compactMap {
                if case .number(let n) = $0, n.isFinite { return n } else { return nil }
            }
            guard nums.count == 4, case .array(let stops) = items[5] else { return nil }
            var g = LinearGradient(x0: nums[0], y0: nums[1], x1: nums[2], y1: nums[3])
            for stop in stops {
                guard case .array(let pair) = stop, pair.count == 2, case .number(let o) = pair[0],
                    case .string(let cs) = pair[1], let col = color(cs)
                else { return nil }
                g.addColorStop(o, col)
            }
            return .linearGradient(g)
        default: return nil
        }
    }

    static func show(_ a: CanvasArg) -> String {
        switch a {
        case .number(let n): return CheckedInt.text(n)
        case .string(let s): return "\"\(s)\""
        case .bool(let b): return String(b)
        case .array(let xs): return "[" + xs.map(show).joined(separator: ", ") + "]"
        case .null: return "null"
        }
    }
}

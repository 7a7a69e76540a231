import RenderPipeline
import SessionFormat

/// `--shard K/N`: this machine renders the sessions whose index i (0-based, in the order given)
/// has `i % N == K - 1`, so N machines together render each session exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    /// Shard `index` (1-based) of `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }
    /// Parses `K/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }
    public static let all = Shard(index: 1, count: 1)!
    public var description: String { "\(index)/\(count)" }

    /// The items of this shard, in order.
    public func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// What `render gallery` renders and where.
public struct GalleryOptions: Sendable {
    /// Output folder (written atomically: built in a temporary sibling, then renamed).
    public var outputDirectory: String
    /// Bundled fonts folder.
    public var fontsDirectory: String
    /// The app's own fonts folder (`--fonts`), used before the bundled fonts.
    public var appFontsDirectory: String? = nil
    /// `--device`: WxH@S or a preset name, instead of each session's device; the goldens are then those
    /// of that device (`Snapshots/DEVICE/`, `Snapshots/THEME-DEVICE/`), as `render check --device` uses.
    public var device: String? = nil
    /// Themes side by side; the first is the one states are rendered in.
    public var themes: [String] = ["default", "ios", "android"]
    /// Goldens root: when `NAME.png` exists in the theme's folder (`Snapshots/`, `Snapshots/ios/` ...),
    /// cards show expected vs actual.
    public var snapshotsDirectory: String? = "Snapshots"
    public var shard: Shard = .all
    /// Worker threads (default: every core).
    public var workers: Int = 0
    /// Render the state matrix (ACTIVE, SELECTED, HOVER, DISABLED per interactive element).
    public var states: Bool = true
    /// Comparison tolerance for the golden status.
    public var threshold: Int = 40
    public var maxMismatch: Double = 0.001
    /// A semantic change (moved, restyled ...) fails a card even when the pixels are within tolerance.
    public var semantic: Bool = true
    public init(outputDirectory: String, fontsDirectory: String) {
        self.outputDirectory = outputDirectory; self.fontsDirectory = fontsDirectory
    }
}

extension GalleryOptions {
    /// A bad `--device` value, with the reason from the device parser.
    public struct DeviceFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The render options of one theme: the bundled and app fonts, and the device when one is given.
    public func renderOptions(theme: String) throws -> RenderOptions {
        var o = RenderOptions(fontsDirectory: fontsDirectory)
        o.theme = theme
        o.appFontsDirectory = appFontsDirectory
        if let d = device {
            do { o.device = try Device.parse(d) } catch { throw DeviceFailure(description: "--device \(d): \(error)") }
        }
        return o
    }
}

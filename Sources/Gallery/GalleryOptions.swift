import RenderPipeline
import SessionFormat
import Snapshots

/// `--shard K/N`: this machine takes the sessions whose name (file name without `.json`) hashes to
/// K - 1 modulo N (64-bit FNV-1a of its UTF-8 bytes), so N machines together take each session
/// exactly once, a session lands in the same shard on every machine, and adding one moves no other.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    package var index: Int
    package var count: Int
    /// Shard `index` (1-based) of `count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }
    /// Parses `K/N`.
    package init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }
    package static let all = Shard(index: 1, count: 1)!
    package var description: String { "\(index)/\(count)" }

    /// The session paths of this shard, in the order given.
    package func select(sessions: [String]) -> [String] {
        count == 1
            ? sessions : sessions.filter { contains(name: SnapshotSettings.goldenName(session: $0, snapshot: nil)) }
    }

    /// Whether the session named `name` belongs to this shard.
    package func contains(name: String) -> Bool {
        Int(Self.hash(name) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a: small, fixed everywhere (Swift's `Hasher` is seeded per process).
    package static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}

/// What `render gallery` renders and where.
package struct GalleryOptions: Sendable {
    /// Output folder (written atomically: built in a temporary sibling, then renamed).
    package var outputDirectory: String
    /// Bundled fonts folder.
    package var fontsDirectory: String
    /// The app's own fonts folder (`--fonts`), used before the bundled fonts.
    package var appFontsDirectory: String? = nil
    /// `--device`: WxH@S or a preset name, instead of each session's device; the goldens are then those
    /// of that device (`Snapshots/DEVICE/`, `Snapshots/THEME-DEVICE/`), as `render check --device` uses.
    package var device: String? = nil
    /// Themes side by side; the first is the one states are rendered in.
    package var themes: [String] = ["default", "ios", "android"]
    /// Goldens root: when `NAME.png` exists in the theme's folder (`Snapshots/`, `Snapshots/ios/` ...),
    /// cards show expected vs actual.
    package var snapshotsDirectory: String? = "Snapshots"
    package var shard: Shard = .all
    /// Worker threads (default: every core).
    package var workers: Int = 0
    /// Render the state matrix (ACTIVE, SELECTED, HOVER, DISABLED per interactive element).
    package var states: Bool = true
    /// The golden status' tolerance (`render check`'s): with `semantic`, a change of elements (moved,
    /// restyled ...) fails a card even when the pixels are within tolerance.
    package var tolerance = Tolerance()
    /// `render gallery --a11y`: each frame card carries its screen's accessibility findings against
    /// the baseline beside its golden (none read when there is no goldens folder).
    package var a11y = false
    /// Which diagnostics the cards keep (`--strict`: warnings too).
    package var gate = SessionGate()
    package init(outputDirectory: String, fontsDirectory: String) {
        self.outputDirectory = outputDirectory
        self.fontsDirectory = fontsDirectory
    }
}

extension GalleryOptions {
    /// A bad `--device` value, with the reason from the device parser.
    package struct DeviceFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The render options of one theme: the bundled and app fonts, and the device when one is given.
    package func renderOptions(theme: String) throws -> RenderOptions {
        var o = RenderOptions(fontsDirectory: fontsDirectory)
        o.theme = theme
        o.appFontsDirectory = appFontsDirectory
        if let d = device {
            do { o.device = try Device.parse(d) } catch { throw DeviceFailure(description: "--device \(d): \(error)") }
        }
        return o
    }
}

import Primitives

/// A decoded session file (session-format.md): the device, where assets live, and the steps.
package struct Session: Sendable {
    /// The session's name (`name`, or the file name without `.json`).
    package var name: String
    package var description: String?
    package var device: Device
    /// Absolute path of the assets folder (resolved against the session file's folder).
    package var assetsDirectory: String
    /// Absolute path of the app's own fonts folder, if any.
    package var fontsDirectory: String?
    /// The theme the session was recorded with (`theme`: a bundled name, or the absolute path of a
    /// theme file); nil: the renderer's own choice (`--theme`, else `default`).
    package var theme: String?
    /// Absolute path of the session file ("" when decoded from memory).
    package var sourcePath: String
    package var steps: [Step]
    /// Why a recorded session does not replay exactly what the app did (`notExact` in the file: a
    /// live recording that hit its budget stops there); nil for an exact one.
    package var notExact: String?
    package init(
        name: String, description: String? = nil, device: Device = Device(), assetsDirectory: String = "",
        fontsDirectory: String? = nil, theme: String? = nil, sourcePath: String = "", steps: [Step]
    ) {
        self.name = name
        self.description = description
        self.device = device
        self.assetsDirectory = assetsDirectory
        self.fontsDirectory = fontsDirectory
        self.theme = theme
        self.sourcePath = sourcePath
        self.steps = steps
    }
}

/// The screen the session is previewed on. Sizes in dp; `scale` = pixels per dp.
public struct Device: Hashable, Sendable {
    public var width: Double = 360
    public var height: Double = 640
    public var scale: Double = 2
    public var statusBar: Double = 0
    public var safeAreaBottom: Double = 0
    /// Asset file drawn as the frame at time 0 (optional).
    public var launchScreen: String?
    public init(
        width: Double = 360, height: Double = 640, scale: Double = 2, statusBar: Double = 0,
        safeAreaBottom: Double = 0, launchScreen: String? = nil
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.statusBar = statusBar
        self.safeAreaBottom = safeAreaBottom
        self.launchScreen = launchScreen
    }
    /// Output size in pixels: round(width * scale) x round(height * scale).
    /// A device built in code (not validated) with NaN or huge sizes gives 1 or the side limit
    /// instead of trapping in the `Int` conversion.
    public var pixelWidth: Int { Self.pixels(width * scale) }
    public var pixelHeight: Int { Self.pixels(height * scale) }
    static func pixels(_ v: Double) -> Int {
        guard v.isFinite else { return v == .infinity ? Device.maxPixelSide : 1 }
        return CheckedInt.int(v, .toNearestOrAwayFromZero, in: 1...Device.maxPixelSide, nan: 1)
    }
}

/// One framework `Command`, field by field (defaults 0 / "").
public struct Command: Hashable, Sendable {
    public var type: CommandType
    public var internalId: Int = 0
    public var childInternalId: Int = 0
    public var value: Int = 0
    public var textValue: String = ""
    public var textValue2: String = ""
    public var width: Int = 0
    public var height: Int = 0
    public var row: Int = 0
    public var column: Int = 0
    public var sheet: Int = 0
    public var flags: Int = 0
    /// For SET_STYLE: the selector (from `value`, which may be given as a name in the file).
    public var selector: Selector? = nil
    public init(
        type: CommandType, internalId: Int = 0, childInternalId: Int = 0, value: Int = 0,
        textValue: String = "", textValue2: String = "", width: Int = 0, height: Int = 0,
        row: Int = 0, column: Int = 0, sheet: Int = 0, flags: Int = 0, selector: Selector? = nil
    ) {
        self.type = type
        self.internalId = internalId
        self.childInternalId = childInternalId
        self.value = value
        self.textValue = textValue
        self.textValue2 = textValue2
        self.width = width
        self.height = height
        self.row = row
        self.column = column
        self.sheet = sheet
        self.flags = flags
        self.selector = selector
    }
}

/// The canvas library's `InternalFormat` (ordinals from framework-protocol.md section 5).
// swift-format-ignore: AlwaysUseLowerCamelCase
// The canvas library's own names.
public enum PixelFormat: Int, CaseIterable, Hashable, Sendable {
    case NO_FORMAT = 0
    case R8, RG8, RGB565, RGBA4, RGBA8, RGB8, RED_RGTC1, RG_RGTC2, RGB_DXT1, RGBA_DXT5, RGB_ETC1,
        LUMINANCE_ALPHA, LA44, R32F, RGB555, RGBA5551
    /// The format's name (`RGB565`).
    public var name: String { PixelFormat.names[rawValue] }
    /// By name, case-insensitively.
    public init?(name: String) {
        guard let i = PixelFormat.names.firstIndex(of: name.uppercased()) else { return nil }
        self = PixelFormat.allCases[i]
    }
    private static let names: [String] = allCases.map { String(describing: $0) }
}

/// `PackedImageData` of a `setImageData` step: raw bytes, or a PNG file in the assets folder.
public struct PackedImage: Hashable, Sendable {
    public var format: PixelFormat
    public var width: Int
    public var height: Int
    public var levels: Int
    /// The decoded base64 bytes (empty when `file` is used).
    public var data: [UInt8]
    /// An asset file name instead of `data`.
    public var file: String?
    public init(format: PixelFormat, width: Int, height: Int, levels: Int = 1, data: [UInt8] = [], file: String? = nil)
    {
        self.format = format
        self.width = width
        self.height = height
        self.levels = levels
        self.data = data
        self.file = file
    }
    /// The bytes hashed as one block (a fingerprint taken at every layout; see `Bitmap.hash(into:)`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(levels)
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(file)
    }
}

/// One canvas call of a `setSurface` step: `[name, args...]`.
public struct CanvasOp: Hashable, Sendable {
    public var name: String
    public var args: [CanvasArg]
    public init(name: String, args: [CanvasArg]) {
        self.name = name
        self.args = args
    }
}

/// An argument of a canvas call.
public indirect enum CanvasArg: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([CanvasArg])
    case null
}

/// A canvas surface to paint (`setSurface`): size in dp and the calls, or the finished pixels
/// of a surface the app drew itself (a Cairo image surface handed over through the C API).
public struct SurfacePayload: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var ops: [CanvasOp]
    /// Premultiplied pixels (`pixels` in the file), shown instead of playing `ops`.
    public var pixels: Bitmap?
    public init(width: Double, height: Double, ops: [CanvasOp], pixels: Bitmap? = nil) {
        self.width = width
        self.height = height
        self.ops = ops
        self.pixels = pixels
    }
}

/// The kinds of user input step.
package enum InputKind: String, Hashable, Sendable { case press, release, tap, select, scroll, input }

/// One step of the replay. `index` of each step is its position in the top-level `steps` array;
/// steps inside a batch share the batch's index and carry their own `path`.
package enum StepKind: Hashable, Sendable {
    case command(Command)
    case batch([Step])
    case setImageData(internalId: Int, image: PackedImage)
    case setSurface(internalId: Int, surface: SurfacePayload)
    case tick(ms: Int)
    case input(InputKind, internalId: Int, value: Int, text: String)
    case sys(String)
    case back
    case snapshot(name: String)
}

/// A step with where it came from (for diagnostics).
package struct Step: Hashable, Sendable {
    package var kind: StepKind
    /// Index in the top-level `steps` array.
    package var index: Int
    /// JSON path, e.g. `steps[4]` or `steps[4].steps[2]`.
    package var path: String
    /// An input step's `target` or point (session-format.md section 4); nil for other steps and
    /// for input steps that give only `internalId`.
    package var address: InputAddress?
    package init(_ kind: StepKind, index: Int, path: String? = nil, address: InputAddress? = nil) {
        self.kind = kind
        self.index = index
        self.path = path ?? "steps[\(index)]"
        self.address = address
    }
}

/// A render's allowance for work and memory that grow with numbers in the session (docs/limits.md,
/// "Work and memory budgets"): canvas calls and the characters they draw, and the pixel memory of
/// decoded images and canvas surfaces. Checked before the work is done or the memory allocated;
/// an item that does not fit is skipped with a diagnostic and the rest of the screen is drawn.
public final class RenderBudget {
    /// Canvas work per render: one unit per call, plus one per character drawn by fillText/strokeText.
    public static let defaultCanvasWork = 200_000
    /// Pixel memory of the images a render holds (assets, setImageData, canvas surfaces): 512 MiB,
    /// two 8192 x 8192 surfaces.
    public static let defaultImageBytes = 512 << 20

    public let canvasWorkLimit: Int
    public let imageBytesLimit: Int
    public private(set) var canvasWork = 0
    public private(set) var imageBytes = 0

    public init(canvasWork: Int = RenderBudget.defaultCanvasWork, imageBytes: Int = RenderBudget.defaultImageBytes) {
        canvasWorkLimit = canvasWork
        imageBytesLimit = imageBytes
    }

    /// Takes `units` of canvas work; false (nothing taken) when they do not fit.
    public func takeCanvasWork(_ units: Int) -> Bool {
        guard units >= 0, units <= canvasWorkLimit - canvasWork else { return false }
        canvasWork += units
        return true
    }

    /// Reserves `bytes` of image memory; false (nothing reserved) when they do not fit.
    public func reserveImage(bytes: Int) -> Bool {
        guard bytes >= 0, bytes <= imageBytesLimit - imageBytes else { return false }
        imageBytes += bytes
        return true
    }

    /// Gives back memory of an image that was replaced or dropped.
    public func releaseImage(bytes: Int) { imageBytes = max(0, imageBytes - max(0, bytes)) }
}

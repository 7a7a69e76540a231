/// A render's allowance for work and memory that grow with numbers in the session (docs/limits.md,
/// "Work and memory budgets"): canvas calls and the characters they draw, and the pixel memory of
/// decoded images and canvas surfaces. Checked before the work is done or the memory allocated;
/// an item that does not fit is skipped with a diagnostic and the rest of the screen is drawn.
package final class RenderBudget {
    /// Canvas work per render: one unit per call, plus one per character drawn by fillText/strokeText.
    package static let defaultCanvasWork = 200_000
    /// Pixel memory of the images a render holds (assets, setImageData, canvas surfaces): 512 MiB,
    /// two 8192 x 8192 surfaces.
    package static let defaultImageBytes = 512 << 20

    package let canvasWorkLimit: Int
    package let imageBytesLimit: Int
    package private(set) var canvasWork = 0
    package private(set) var imageBytes = 0

    package init(canvasWork: Int = RenderBudget.defaultCanvasWork, imageBytes: Int = RenderBudget.defaultImageBytes) {
        canvasWorkLimit = canvasWork
        imageBytesLimit = imageBytes
    }

    /// Takes `units` of canvas work; false (nothing taken) when they do not fit.
    package func takeCanvasWork(_ units: Int) -> Bool {
        guard units >= 0, units <= canvasWorkLimit - canvasWork else { return false }
        canvasWork += units
        return true
    }

    /// Reserves `bytes` of image memory; false (nothing reserved) when they do not fit.
    package func reserveImage(bytes: Int) -> Bool {
        guard bytes >= 0, bytes <= imageBytesLimit - imageBytes else { return false }
        imageBytes += bytes
        return true
    }

    /// Gives back memory of an image that was replaced or dropped.
    package func releaseImage(bytes: Int) { imageBytes = max(0, imageBytes - max(0, bytes)) }
}

import Canvas
import Foundation
import ImageAssets
import Primitives
import SessionFormat
import Styles
import TextLayout
import WidgetTree

/// Builds the `ImageStore` a frame needs (assets, packed pixels, canvas surfaces, icons), caching
/// decoded images across frames so a long session decodes each image once.
final class ResourceLoader {
    private let assets: AssetLoader
    private let canvas: CanvasPlayer
    private let scale: Double
    private var store = ImageStore()
    /// Keys already tried (so a missing asset is reported once, not per frame).
    private var tried: [String: PackedFingerprint] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    /// Canvas work and image memory of this render (docs/limits.md, "Work and memory budgets").
    let budget: RenderBudget
    /// Bytes reserved per image key, given back when the key is replaced.
    private var reserved: [String: Int] = [:]

    /// What an element key was built from, so changed pixels are decoded again.
    enum PackedFingerprint: Hashable {
        case asset
        case packed(Int)
        case surface(Int)
    }

    init(session: Session, fonts: FontLibrary, assetDensity: Double, budget: RenderBudget = RenderBudget()) {
        self.budget = budget
        assets = AssetLoader(assetsDirectory: session.assetsDirectory, defaultDensity: assetDensity)
        canvas = CanvasPlayer(fonts: fonts, assets: assets)
        scale = session.device.scale
    }

    /// The images `tree` shows.
    func images(for tree: WidgetTree, launchScreen: String?) -> ImageStore {
        if let l = launchScreen, tree.showsLaunchScreen { loadAsset(l, step: nil) }
        for id in tree.elements.keys.sorted() {
            guard let e = tree.elements[id] else { continue }
            if let icon = e.declarations(.normal).icon, !icon.isEmpty { loadAsset(icon, step: e.createdStep) }
            for sel in [Selector.active, .selected] {
                if let icon = e.styles[sel]?.icon, !icon.isEmpty { loadAsset(icon, step: e.createdStep) }
            }
            if e.kind == .actionBar {
                // ADD_OPTION on an action bar names a menu icon asset (protocol section 1).
                for o in e.options where !o.label.isEmpty { loadAsset(o.label, step: e.createdStep) }
            }
            switch e.content {
            case .asset(let name)?: loadAsset(name, step: e.createdStep)
            case .packed(let p)?: loadPacked(p, id: id, step: e.createdStep)
            case .surface(let s)?: loadSurface(s, id: id, step: e.createdStep)
            case nil: break
            }
        }
        return store
    }

    private func loadAsset(_ name: String, step: Int?) {
        let key = ImageStore.assetKey(name)
        if tried[key] != nil { return }
        tried[key] = .asset
        // Asset pixels count against the render's image memory like any other image (docs/limits.md).
        do { store[key] = try assets.load(name, budget: budget) } catch let e as ImageError where e.isBudget {
            diagnostics.append(.warning("budget", step: step, "\(e); a placeholder is drawn"))
        } catch {
            diagnostics.append(.warning("asset", step: step, "\(error); a placeholder is drawn"))
        }
    }

    private func loadPacked(_ p: PackedImage, id: Int, step: Int) {
        let key = ImageStore.elementKey(id)
        let fp = PackedFingerprint.packed(p.hashValue)
        if tried[key] == fp { return }
        tried[key] = fp
        do {
            if let file = p.file {
                if let old = reserved.removeValue(forKey: key) { budget.releaseImage(bytes: old) }
                let entry = try assets.load(file, budget: budget)
                reserved[key] = entry.bitmap.width * entry.bitmap.height * 4
                store[key] = entry
            } else {
                guard reserve(key, bytes: p.width * p.height * 4) else {
                    throw ImageError(
                        """
                        a \(p.width)x\(p.height) image does not fit the render's image memory budget \
                        (\(budget.imageBytesLimit >> 20) MiB, docs/limits.md); a placeholder is drawn
                        """
                    )
                }
                store[key] = ImageStore.Entry(bitmap: try PackedImageDecoder.decode(p), density: scale)
            }
        } catch {
            store[key] = nil
            diagnostics.append(.warning("image-data", step: step, "setImageData for element \(id): \(error)"))
        }
    }

    /// Reserves `bytes` of image memory for `key` (giving back what the key held before).
    private func reserve(_ key: String, bytes: Int) -> Bool {
        if let old = reserved.removeValue(forKey: key) { budget.releaseImage(bytes: old) }
        guard budget.reserveImage(bytes: bytes) else { return false }
        reserved[key] = bytes
        return true
    }

    private func loadSurface(_ s: SurfacePayload, id: Int, step: Int) {
        let key = ImageStore.elementKey(id)
        let fp = PackedFingerprint.surface(s.hashValue)
        if tried[key] == fp { return }
        tried[key] = fp
        if let pixels = s.pixels {
            // A surface the app drew itself: its pixels as handed over (shown at `scale` px per dp).
            guard reserve(key, bytes: pixels.width * pixels.height * 4) else {
                store[key] = nil
                diagnostics.append(
                    .warning(
                        "budget", step: step,
                        """
                        setSurface for element \(id): a \(pixels.width)x\(pixels.height) px surface does not fit \
                        the render's image memory budget (\(budget.imageBytesLimit >> 20) MiB, docs/limits.md); \
                        not drawn
                        """
                    ))
                return
            }
            store[key] = ImageStore.Entry(bitmap: pixels, density: scale)
            return
        }
        let (w, h) = CanvasPlayer.pixelSize(s, scale: scale)
        guard reserve(key, bytes: w * h * 4) else {
            store[key] = nil
            diagnostics.append(
                .warning(
                    "budget", step: step,
                    """
                    setSurface for element \(id): a \(w)x\(h) px surface does not fit the render's image memory \
                    budget (\(budget.imageBytesLimit >> 20) MiB, docs/limits.md); not drawn
                    """
                ))
            return
        }
        do { try PixelMemory.check(bytes: w * h * 4 * 2, for: "a \(w)x\(h) px canvas surface") } catch {
            store[key] = nil
            diagnostics.append(.warning("budget", step: step, "setSurface for element \(id): \(error); not drawn"))
            return
        }
        let (bitmap, messages) = canvas.render(s, scale: scale, budget: budget)
        store[key] = ImageStore.Entry(bitmap: bitmap, density: scale)
        for m in messages { diagnostics.append(.warning("canvas", step: step, "setSurface for element \(id): \(m)")) }
    }
}

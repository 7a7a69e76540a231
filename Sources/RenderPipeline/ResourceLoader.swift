import Foundation
import Primitives
import SessionFormat
import WidgetTree
import Styles
import ImageAssets
import Canvas
import TextLayout

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

    /// What an element key was built from, so changed pixels are decoded again.
    enum PackedFingerprint: Hashable { case asset, packed(Int), surface(Int) }

    init(session: Session, fonts: FontLibrary, assetDensity: Double) {
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
        do { store[key] = try assets.load(name) } catch {
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
                store[key] = try assets.load(file)
            } else {
                store[key] = ImageStore.Entry(bitmap: try PackedImageDecoder.decode(p), density: scale)
            }
        } catch {
            store[key] = nil
            diagnostics.append(.warning("image-data", step: step, "setImageData for element \(id): \(error)"))
        }
    }

    private func loadSurface(_ s: SurfacePayload, id: Int, step: Int) {
        let key = ImageStore.elementKey(id)
        let fp = PackedFingerprint.surface(s.hashValue)
        if tried[key] == fp { return }
        tried[key] = fp
        if let pixels = s.pixels {
            // A surface the app drew itself: its pixels as handed over (shown at `scale` px per dp).
            store[key] = ImageStore.Entry(bitmap: pixels, density: scale)
            return
        }
        let (bitmap, messages) = canvas.render(s, scale: scale)
        store[key] = ImageStore.Entry(bitmap: bitmap, density: scale)
        for m in messages { diagnostics.append(.warning("canvas", step: step, "setSurface for element \(id): \(m)")) }
    }
}

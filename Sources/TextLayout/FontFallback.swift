import CairoFonts
import Primitives
import Styles

/// Cache key for the face chosen for one grapheme cluster.
struct ClusterKey: Hashable {
    var spec: FontSpec
    var scalars: [UInt32]
}

/// Per-character font fallback over a fixed chain of bundled families.
extension FontLibrary {
    /// After the requested family: wide coverage, then the script faces, then emoji.
    static let fallbackFamilies = [
        "DejaVu Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Noto Sans CJK", "Noto Color Emoji",
    ]

    /// The faces tried for `spec`, in order: the requested family (or the default), then the fixed chain.
    package func fallbackChain(_ spec: FontSpec) -> [FaceID] {
        if let hit = withLock({ chains[spec] }) { return hit }
        var chain = [resolve(spec)]
        for family in Self.fallbackFamilies {
            if let id = match(family: family, weight: spec.weight, style: spec.style), !chain.contains(id) {
                chain.append(id)
            }
        }
        withLock {
            if chains.count > 1000 { chains.removeAll() }
            chains[spec] = chain
        }
        return chain
    }

    /// The face that draws the grapheme cluster `scalars` for `spec`: the first face of the chain
    /// that has all its characters (emoji-presentation clusters try the emoji face first); if none
    /// has them all, the first with the base character; else the requested face.
    package func face(forCluster scalars: [UInt32], spec: FontSpec) -> FaceID {
        let key = ClusterKey(spec: spec, scalars: scalars)
        if let hit = withLock({ clusterCache[key] }) { return hit }
        let id = chooseFace(scalars, spec: spec)
        withLock {
            if clusterCache.count > 20000 { clusterCache.removeAll(keepingCapacity: true) }
            clusterCache[key] = id
        }
        return id
    }

    /// Scripts whose Noto face comes before DejaVu Sans (DejaVu has Arabic and Hebrew letters, but
    /// browsers pick the Noto faces for them, as fontconfig's language rules do).
    static let scriptFamilies: [String: String] = [
        "Arab": "Noto Sans Arabic", "Hebr": "Noto Sans Hebrew", "Deva": "Noto Sans Devanagari",
        "Hani": "Noto Sans CJK", "Hira": "Noto Sans CJK", "Kana": "Noto Sans CJK", "Hang": "Noto Sans CJK",
        "Bopo": "Noto Sans CJK",
    ]

    private func chooseFace(_ scalars: [UInt32], spec: FontSpec) -> FaceID {
        var chain = fallbackChain(spec)
        if let first = scalars.first, let family = Self.scriptFamilies[Shaper.script(of: first).description],
            let id = match(family: family, weight: spec.weight, style: spec.style), chain.count > 1, chain[0] != id
        {
            chain.removeAll { $0 == id }
            chain.insert(id, at: 1)
        }
        if EmojiPresentation.isEmojiCluster(scalars), let emoji = chain.first(where: isColorFace) {
            chain.removeAll { $0 == emoji }
            chain.insert(emoji, at: 0)
        }
        let needed = scalars.filter { !EmojiPresentation.isIgnorableForCoverage($0) }
        guard let base = needed.first else { return chain[0] }
        for id in chain {
            guard let f = face(id) else { continue }
            if needed.allSatisfy(f.hasGlyph) { return id }
        }
        for id in chain where face(id)?.hasGlyph(base) == true { return id }
        return chain[0]
    }
}

import Foundation
import Dispatch
import RenderPipeline
import Snapshots

/// What a gallery holds: written as `gallery.json` beside `index.html`.
public struct GalleryManifest: Codable, Sendable {
    public var rendererVersion: String
    public var shard: String
    /// Session names in the order given (this shard's only).
    public var sessions: [String]
    public var themes: [String]
    public var cards: [GalleryCard]
    /// Images referenced (cards, goldens, diffs) and distinct files written.
    public var imagesOffered: Int
    public var imagesStored: Int
}

/// Renders sessions x themes on every core (one Renderer per worker and theme) into a static gallery
/// folder, written atomically: built in a temporary sibling folder, then renamed into place.
public struct GalleryBuilder {
    public var options: GalleryOptions
    /// Called with one progress line per rendered unit (from worker threads, serialized).
    public var progress: (String) -> Void

    public init(options: GalleryOptions, progress: @escaping (String) -> Void = { _ in }) {
        self.options = options; self.progress = progress
    }

    /// Builds the gallery for this shard's sessions; returns its manifest. On failure the old gallery
    /// (if any) is left as it was and the temporary folder is removed.
    public func build(sessions all: [String]) throws -> GalleryManifest {
        let given = options.outputDirectory.hasSuffix("/") ? String(options.outputDirectory.dropLast()) : options.outputDirectory
        // Through a symlink the link's target is replaced (the link stays), as for files.
        let out = try GalleryFolder.target(of: given)
        // A unique sibling (mkdtemp), removed on failure and on SIGINT/SIGTERM (TempFiles).
        let tmp = try TempFiles.makeFolder(beside: out)
        do {
            let manifest = try build(sessions: all, out: out, tmp: tmp)
            TempFiles.forget(tmp)
            return manifest
        } catch {
            TempFiles.remove(tmp)
            throw error
        }
    }

    func build(sessions all: [String], out: String, tmp: String) throws -> GalleryManifest {
        let sessions = options.shard.select(all)
        let store = try ContentStore(directory: tmp)
        let themes = options.themes.isEmpty ? ["default"] : options.themes
        // Units: every session in every theme; a worker takes the next one.
        let units = sessions.flatMap { s in themes.indices.map { (s, $0) } }
        let results = UnitResults(count: units.count)
        let workers = max(1, min(units.count, options.workers > 0 ? options.workers : ProcessInfo.processInfo.activeProcessorCount))
        let opts = options
        let report = progress
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var renderers: [Int: Renderer] = [:]
            while let i = results.next() {
                let (path, t) = units[i]
                let cards: [GalleryCard]
                do {
                    if renderers[t] == nil {
                        var o = RenderOptions(fontsDirectory: opts.fontsDirectory)
                        o.theme = themes[t]
                        renderers[t] = try Renderer(options: o)
                    }
                    cards = GalleryUnit(renderer: renderers[t]!, store: store, options: opts, isPrimary: t == 0).cards(session: path)
                } catch {
                    var c = GalleryCard(session: SnapshotSettings.goldenName(session: path, snapshot: nil), section: .frame, snapshot: nil,
                                        theme: themes[t], state: "NORMAL", element: nil, image: "", status: "error")
                    c.error = "\(error)"
                    cards = [c]
                }
                let done = results.put(i, cards)
                let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
                results.serialized { report("[\(done)/\(units.count)] \(name) (\(themes[t])): \(cards.count) image\(cards.count == 1 ? "" : "s")") }
            }
        }
        let names = sessions.map { SnapshotSettings.goldenName(session: $0, snapshot: nil) }
        // Units are in (session, theme) order; within a session sort by section, snapshot, theme, element, state.
        var cards: [GalleryCard] = []
        for (si, _) in sessions.enumerated() {
            let group = (0..<themes.count).flatMap { results.cards[si * themes.count + $0] }
            cards += group.sorted { $0.sortKey(themes: themes).lexicographicallyPrecedes($1.sortKey(themes: themes)) }
        }
        let manifest = GalleryManifest(rendererVersion: PreviewRendererVersion.string, shard: options.shard.description,
                                       sessions: names, themes: themes, cards: cards,
                                       imagesOffered: store.offered, imagesStored: store.distinctCount)
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try enc.encode(manifest).write(to: URL(fileURLWithPath: tmp + "/gallery.json"))
        // The portability report per session (GalleryPortability.swift), a collapsed section each.
        let portability = GalleryPortability.sections(sessions: sessions, fontsDirectory: opts.fontsDirectory)
        try Data(GalleryHTML.page(manifest, portability: portability).utf8).write(to: URL(fileURLWithPath: tmp + "/index.html"))
        try Self.swap(tmp, into: out)
        return manifest
    }

    /// Replaces `dest` with `tmp`: the old gallery stays whole until the new one is complete.
    static func swap(_ tmp: String, into dest: String) throws { try GalleryFolder.swap(tmp, into: dest) }
}

/// Work queue and result slots shared by the gallery workers.
final class UnitResults: @unchecked Sendable {
    private let lock = NSLock()
    private let printLock = NSLock()
    private var nextIndex = 0
    private var finished = 0
    private(set) var cards: [[GalleryCard]]
    init(count: Int) { cards = Array(repeating: [], count: count) }
    /// The next unit to render, nil when none is left.
    func next() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < cards.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
    /// Stores a unit's cards; returns how many units are finished.
    func put(_ i: Int, _ c: [GalleryCard]) -> Int {
        lock.lock(); defer { lock.unlock() }
        cards[i] = c
        finished += 1
        return finished
    }
    func serialized(_ body: () -> Void) { printLock.lock(); body(); printLock.unlock() }
}

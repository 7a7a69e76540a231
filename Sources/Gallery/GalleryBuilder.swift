import Dispatch
import Foundation
import RenderPipeline
import SessionFormat
import Snapshots

/// What a gallery holds: written as `gallery.json` beside `index.html`.
package struct GalleryManifest: Codable, Sendable {
    package var rendererVersion: String
    package var shard: String
    /// Session names in the order given (this shard's only).
    package var sessions: [String]
    /// Each session's `description` (from its file), by session name; sessions without one are absent.
    package var descriptions: [String: String] = [:]
    package var themes: [String]
    package var cards: [GalleryCard]
    /// Images referenced (cards, goldens, diffs) and distinct files written.
    package var imagesOffered: Int
    package var imagesStored: Int
    /// The changed cards grouped by cause, as `render check` groups them (`GalleryGroups`); absent
    /// when no golden changed, so a gallery without changes is what it was.
    package var groups: [ChangeGroup]?
}

extension GalleryManifest {
    /// The `description` of each session file that has one (a file that cannot be read has none here;
    /// its cards carry the error).
    static func descriptions(_ paths: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for p in paths {
            if let d = (try? SessionDecoder().decode(fileAt: p).0)?.description, !d.isEmpty {
                out[SnapshotSettings.goldenName(session: p, snapshot: nil)] = d
            }
        }
        return out
    }
}

/// Renders sessions x themes on every core (one Renderer per worker and theme) into a static gallery
/// folder, written atomically: built in a temporary sibling folder, then renamed into place.
package struct GalleryBuilder {
    package var options: GalleryOptions
    /// Called with one progress line per rendered unit (from worker threads, serialized).
    package var progress: (String) -> Void

    package init(options: GalleryOptions, progress: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.progress = progress
    }

    /// Builds the gallery for this shard's sessions; returns its manifest. On failure the old gallery
    /// (if any) is left as it was and the temporary folder is removed.
    package func build(sessions all: [String]) throws -> GalleryManifest {
        let (out, tmp) = try Self.folders(options)
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
        let sessions = options.shard.select(sessions: all)
        _ = try ContentStore(directory: tmp)
        let themes = self.themes
        _ = try options.renderOptions(theme: themes[0])  // a bad --device stops the gallery before any work
        // Units: every session in every theme; a worker takes the next one.
        let units = sessions.flatMap { s in themes.indices.map { (s, $0) } }
        let results = UnitResults(count: units.count)
        let workers = max(
            1, min(units.count, options.workers > 0 ? options.workers : ProcessInfo.processInfo.activeProcessorCount))
        let opts = options
        let report = progress
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var renderers: [Int: Renderer] = [:]
            while let i = results.next() {
                let (path, t) = units[i]
                let unit = Self.unit(session: path, theme: t, options: opts, into: tmp, renderers: &renderers)
                let done = results.put(i, unit.cards, offered: unit.offered)
                let name = SnapshotSettings.goldenName(session: path, snapshot: nil)
                results.serialized {
                    report(
                        """
                        [\(done)/\(units.count)] \(name) (\(themes[t])): \(unit.cards.count) \
                        image\(unit.cards.count == 1 ? "" : "s")
                        """
                    )
                }
            }
        }
        return try finish(sessions: sessions, units: results.cards, offered: results.offered, out: out, tmp: tmp)
    }

    /// The themes side by side (`default` when none is given).
    package var themes: [String] { options.themes.isEmpty ? ["default"] : options.themes }

    /// The temporary folder the gallery is built in before it replaces `out` (`build` uses it; a
    /// process pool's workers store their images in it).
    /// Through a symlink the link's target is replaced (the link stays), as for files; the temporary
    /// folder is a unique sibling (mkdtemp) that the caller forgets on success and removes on failure,
    /// and that `TempFiles` removes on SIGINT/SIGTERM.
    package static func folders(_ options: GalleryOptions) throws -> (out: String, tmp: String) {
        let given =
            options.outputDirectory.hasSuffix("/")
            ? String(options.outputDirectory.dropLast()) : options.outputDirectory
        let out = try GalleryFolder.target(of: given)
        return (out, try TempFiles.makeFolder(beside: out))
    }

    /// One session in one theme (index into `themes`): its cards, with images stored in `tmp`, and
    /// how many images were offered. `renderers` keeps one renderer per theme for the next unit.
    package static func unit(
        session path: String, theme t: Int, options opts: GalleryOptions, into tmp: String,
        renderers: inout [Int: Renderer]
    ) -> (cards: [GalleryCard], offered: Int) {
        let themes = opts.themes.isEmpty ? ["default"] : opts.themes
        do {
            let store = try ContentStore(directory: tmp)
            if renderers[t] == nil {
                renderers[t] = try Renderer(options: try opts.renderOptions(theme: themes[t]))
            }
            renderers[t]!.forgetLastFrame()
            let cards = GalleryUnit(renderer: renderers[t]!, store: store, options: opts, isPrimary: t == 0).cards(
                session: path)
            return (cards, store.offered)
        } catch {
            return ([errorCard(session: path, theme: themes[t], error: "\(error)")], 0)
        }
    }

    /// The card of a unit that could not be rendered.
    package static func errorCard(session path: String, theme: String, error: String) -> GalleryCard {
        var c = GalleryCard(
            session: SnapshotSettings.goldenName(session: path, snapshot: nil), section: .frame, snapshot: nil,
            theme: theme, state: "NORMAL", element: nil, image: "", status: "error")
        c.error = error
        return c
    }

    /// Writes the manifest and the page into `tmp` and swaps it into place. `units` holds the cards of
    /// every (session, theme) in that order; `offered` the images offered in all.
    package func finish(sessions: [String], units: [[GalleryCard]], offered: Int, out: String, tmp: String) throws
        -> GalleryManifest
    {
        let themes = self.themes
        let names = sessions.map { SnapshotSettings.goldenName(session: $0, snapshot: nil) }
        // Units are in (session, theme) order; within a session sort by section, snapshot, theme, element, state.
        var cards: [GalleryCard] = []
        for (si, _) in sessions.enumerated() {
            let group = (0..<themes.count).flatMap { units[si * themes.count + $0] }
            cards += group.sorted { $0.sortKey(themes: themes).lexicographicallyPrecedes($1.sortKey(themes: themes)) }
        }
        let stored = ((try? FileManager.default.contentsOfDirectory(atPath: tmp + "/img")) ?? []).filter {
            $0.hasSuffix(".png")
        }.count
        let manifest = GalleryManifest(
            rendererVersion: PreviewRendererVersion.string, shard: options.shard.description,
            sessions: names, descriptions: GalleryManifest.descriptions(sessions), themes: themes, cards: cards,
            imagesOffered: offered, imagesStored: stored,
            // Grouped in the units' order (each session's captures in order, as `render check` lists them), not
            // the page's (snapshots by name): a group's snapshots are then listed as the review page lists them.
            groups: GalleryGroups.groups(units.flatMap { $0 }))
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try enc.encode(manifest)
        // The portability report per session (GalleryPortability.swift), a collapsed section each.
        let portability = GalleryPortability.sections(sessions: sessions, fontsDirectory: options.fontsDirectory)
        var paths: [String: String] = [:]
        for (n, p) in zip(names, sessions) where paths[n] == nil { paths[n] = p }
        let groups = GalleryGroups.section(manifest, paths: paths, options: options)
        let page = Data(GalleryHTML.page(manifest, portability: portability, gate: options.gate, groups: groups).utf8)
        // One change as a signal's cleanup sees it: it waits for the swap rather than removing a half-swapped pair.
        try TempFiles.changing {
            try json.write(to: URL(fileURLWithPath: tmp + "/gallery.json"))
            try page.write(to: URL(fileURLWithPath: tmp + "/index.html"))
            try Self.swap(tmp, into: out)
        }
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
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < cards.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
    /// Stores a unit's cards; returns how many units are finished.
    private(set) var offered = 0
    func put(_ i: Int, _ c: [GalleryCard], offered n: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        cards[i] = c
        offered += n
        finished += 1
        return finished
    }
    func serialized(_ body: () -> Void) {
        printLock.lock()
        body()
        printLock.unlock()
    }
}

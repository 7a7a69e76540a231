import Foundation
import Primitives

/// The face of each one-scalar grapheme cluster below `limit` for one font request: what
/// `FontLibrary.face(forCluster: [c], spec:)` answers, in a flat table. Nearly every character
/// of a text is such a cluster, and looking each up by hashing the request and the cluster was
/// a third of itemizing's own cost. The answer depends on the fonts only, so the table lives as
/// long as the library (across sessions, like the cluster cache it stands in front of).
final class ScalarFaces: @unchecked Sendable {
    /// Scalars below this are tabled (Latin, Greek, Cyrillic, Hebrew, Arabic, Indic, punctuation).
    static let limit: UInt32 = 0x3000
    let spec: FontSpec
    private unowned let fonts: FontLibrary
    private let lock = NSLock()
    /// Face index + 1 per scalar; 0 = not looked up yet. Read and written under `lock`; a raw
    /// buffer, so no exclusivity check runs per character.
    private let table: UnsafeMutablePointer<Int32>

    init(spec: FontSpec, fonts: FontLibrary) {
        self.spec = spec
        self.fonts = fonts
        table = .allocate(capacity: Int(Self.limit))
        table.initialize(repeating: 0, count: Int(Self.limit))
    }

    deinit { table.deallocate() }

    /// The face of the cluster made of `c` alone.
    func face(_ c: UInt32) -> FaceID {
        guard c < Self.limit else { return fonts.face(forCluster: [c], spec: spec) }
        let known = lock.withLock { table[Int(c)] }
        if known > 0 { return FaceID(Int(known) - 1) }
        let id = fonts.face(forCluster: [c], spec: spec)
        // Face indices are small (entry << 2 | flags); one that does not fit is simply not tabled.
        if id.index >= 0, id.index < Int(Int32.max) { lock.withLock { table[Int(c)] = Int32(id.index + 1) } }
        return id
    }
}

extension FontLibrary {
    /// The table of one-scalar cluster faces for `spec` (made on first use).
    func scalarFaces(_ spec: FontSpec) -> ScalarFaces {
        withLock {
            if let t = scalarFaceTables[spec] { return t }
            if scalarFaceTables.count > 100 { scalarFaceTables.removeAll() }
            let t = ScalarFaces(spec: spec, fonts: self)
            scalarFaceTables[spec] = t
            return t
        }
    }
}

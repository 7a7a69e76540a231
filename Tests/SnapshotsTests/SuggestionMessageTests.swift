import Foundation
import SessionFormat
import Testing

@testable import Snapshots

/// The one "did you mean" (`NearestName`) and the messages of the library that use it.
struct SuggestionMessageTests {
    typealias S = Support

    @Test func nearestNameFindsTheClosestAndNothingFar() {
        #expect(NearestName.distance("kitten", "sitting") == 3)
        #expect(NearestName.distance("", "abc") == 3 && NearestName.distance("abc", "abc") == 0)
        #expect(NearestName.nearest(to: "childInternalID", in: ["childInternalId", "internalId"]) == "childInternalId")
        #expect(
            NearestName.nearest(to: "CREATE_TEXTFEILD", in: ["CREATE_TEXTFIELD", "CREATE_TEXT"]) == "CREATE_TEXTFIELD")
        #expect(NearestName.nearest(to: "--ouput", in: ["--output", "--out-dir"]) == "--output")
        #expect(NearestName.nearest(to: "defualt", in: ["android", "default", "ios"]) == "default")
        // Nothing near, an exact name, or a short word far from every candidate: no suggestion.
        #expect(NearestName.nearest(to: "darkk", in: ["android", "default", "ios"]) == nil)
        #expect(NearestName.nearest(to: "ios", in: ["android", "default", "ios"]) == nil)
        #expect(NearestName.nearest(to: "x", in: ["ms", "key"]) == nil)
        #expect(NearestName.hint(for: "colr", in: ["color"]) == " (did you mean \"color\"?)")
    }

    @Test func aMissingSnapshotListsTheOnesThatExist() throws {
        let dir = S.tempDir("filed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = S.writeSession(in: dir, name: "card")
        var messages: [String] = []
        _ = try assertSnapshot(
            session: path, snapshot: "strat", snapshots: dir + "/snaps", fontsDirectory: S.fonts, record: .never
        ) { messages.append($0) }
        #expect(messages == ["\(path): no snapshot step named 'strat' (did you mean \"start\"?) (snapshots: start)"])
    }
}

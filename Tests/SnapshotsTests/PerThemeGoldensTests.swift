import Foundation
import Testing

@testable import Snapshots

/// Goldens per theme and device live in subfolders of Snapshots/; the default folder is unchanged,
/// and a golden of another environment is reported as an environment change.
struct PerThemeGoldensTests {
    typealias S = Support

    @Test func folderNamesPerThemeAndDevice() {
        let g = SnapshotSettings.goldensDirectory
        #expect(g("Snapshots", "default", nil) == "Snapshots")
        #expect(g("Snapshots/", "DEFAULT", nil) == "Snapshots")
        #expect(g("Snapshots", "ios", nil) == "Snapshots/ios")
        #expect(g("Snapshots", "android", "pixel-7") == "Snapshots/android-pixel-7")
        #expect(g("Snapshots", "default", "390x844@3") == "Snapshots/390x844@3")
        #expect(g("/x/Snapshots", "themes/brand.json", nil) == "/x/Snapshots/brand")
    }

    @Test func themeGoldensGoToTheirOwnFolderAndOtherThemesAreAnEnvironmentChange() throws {
        let dir = S.tempDir("per-theme")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Examples", withIntermediateDirectories: true)
        let path = S.writeSession(in: dir + "/Examples", name: "card")
        var messages: [String] = []
        // Default theme: Snapshots/; ios: Snapshots/ios/ (assertSnapshot's default folders).
        _ = try assertSnapshot(session: path, fontsDirectory: S.fonts, record: .missing) { messages.append($0) }
        _ = try assertSnapshot(session: path, fontsDirectory: S.fonts, theme: "ios", record: .missing) {
            messages.append($0)
        }
        #expect(S.files(dir + "/Snapshots") == ["card.json", "card.png", "card@start.json", "card@start.png", "ios"])
        #expect(S.files(dir + "/Snapshots/ios") == ["card.json", "card.png", "card@start.json", "card@start.png"])
        #expect(SnapshotSidecar.read(dir + "/Snapshots/ios/card.json")?.environment.theme == "ios")
        // Each theme passes against its own goldens.
        messages.removeAll()
        _ = try assertSnapshot(session: path, fontsDirectory: S.fonts, theme: "ios", record: .never) {
            messages.append($0)
        }
        _ = try assertSnapshot(session: path, fontsDirectory: S.fonts, record: .never) { messages.append($0) }
        #expect(messages.isEmpty, "\(messages)")
        // ios against the default theme's goldens: whatever the pixels, the report says the theme changed.
        let outcomes = try assertSnapshot(
            session: path, snapshots: dir + "/Snapshots", fontsDirectory: S.fonts, theme: "ios",
            record: .never, failuresDirectory: dir + "/fail"
        ) { messages.append($0) }
        for o in outcomes {
            #expect(o.environmentChanges == ["theme default -> ios"])
            // Changed or passing, the theme is a note on it.
            #expect(o.status == .environmentChanged || o.status == .failed)
            #expect(o.notes.contains { $0.contains("theme default -> ios") })
        }
    }
}

import Foundation
import ServeProtocol

/// The Look switch in live mode (issue 49): the app laid its screens out, fetched its images and answered in its
/// own look (its `--theme`), so the session drawn in another look is not what the app would show. The page's
/// "Restart in LOOK" (`{"type": "live", "op": "look", "look": LOOK}`) starts the app again with `--theme LOOK` in
/// place of its own and plays the walk on it (as a rebuild does: by locator where the screen named one, by point
/// else), so the picture is the app's own in that look, on the same screen.
extension Hub {
    func restartInLook(_ live: LiveApp, _ look: String) async {
        live.appLook = look
        // `file`: the server's --theme FILE; a look by name is the app's bundled look of that name.
        live.app.startIn(theme: look == "file" ? themeFile : look)
        let byPoint = live.walk.filter { $0["x"] != nil && $0["target"] == nil }.count
        let report = await replayFromBoot(live)
        var note = "restarted in the \(look) look"
        if report.steps > 0 {
            note += ", \(report.played) of \(report.steps) steps replayed"
            if byPoint > 0 { note += " (\(byPoint) by their point: no locator was known)" }
        }
        if let m = report.message { note += "; stopped: \(m)" }
        live.restartNote = note
        await shown(live)
    }
}

import JSON
import Primitives
import SessionFormat

/// LAUNCH_BROWSER and the system back action (semantics.md items 40 and 42). The preview opens a
/// placeholder in-app browser over the screen (the URL in a bar with a close control; web content
/// is not rendered: an info diagnostic says so). Its close control or a `back` step closes it. What
/// the app hears follows the platform (`PlatformProfile.browserPausesApp`): on Android the browser
/// is an activity of its own, so opening it pauses and stops the app (SysInfoEvent PAUSE, STOP)
/// and closing it starts and resumes the app (START, RESUME); on iOS and in the preview it is a
/// view over the app, which hears nothing.
extension ReplayEngine {
    mutating func launchBrowser(_ c: Command) {
        record(c)
        let page = BrowserPage(url: c.textValue, opened: now, openedBy: c.internalId)
        let first = tree.browsers.isEmpty
        if options.platform.browserPausesApp || first {
            tree.browsers.append(page)  // Android stacks browser activities
        } else {
            tree.browsers[tree.browsers.count - 1] = page  // iOS loads the new URL in its one web view
        }
        note(
            "web-content",
            """
            LAUNCH_BROWSER \(JSONWriter.quote(c.textValue)): the in-app browser is a placeholder; web content is \
            not rendered (close it with a tap on its close control or a `back` step)
            """
        )
        if first && options.platform.browserPausesApp {
            emit("SysInfoEvent", to: appId, [("sysType", .string("PAUSE"))])
            emit("SysInfoEvent", to: appId, [("sysType", .string("STOP"))])
        }
    }

    /// Closes the top browser page; when it was the last one on Android, the app is started and
    /// resumed again.
    mutating func closeBrowser() {
        guard !tree.browsers.isEmpty else { return }
        tree.browsers.removeLast()
        if tree.browsers.isEmpty && options.platform.browserPausesApp {
            emit("SysInfoEvent", to: appId, [("sysType", .string("START"))])
            emit("SysInfoEvent", to: appId, [("sysType", .string("RESUME"))])
        }
    }

    /// The `back` step: what is on top takes it. An open browser closes (Android's back key
    /// finishes the browser activity; iOS has no back key, and the preview takes `back` for the web
    /// view's close button); an open action sheet is cancelled (Android's PopupMenu is dismissed and
    /// `FWActionSheet.java` sends 0); otherwise the app gets SysEvent BACK.
    mutating func systemBack() {
        if !tree.browsers.isEmpty {
            closeBrowser()
            return
        }
        let top = tree.overlayIds.last { tree.elements[$0]?.isVisible == true }
        if let sheet = top, tree.elements[sheet]?.kind == .actionSheet {
            answerSheet(sheet, value: 0)
            return
        }
        emit("SysEvent", to: appId, [("sysType", .string("BACK"))])
    }
}

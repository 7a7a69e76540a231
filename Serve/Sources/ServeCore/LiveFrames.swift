import Foundation

/// A live step's new frame (docs/serve.md "Live app"): the session's new version goes straight to
/// the pages showing it. The session list follows only once the app has had no step for
/// `listDelay`: each list message makes a page load the session's thumbnail again, which the side
/// worker draws and the page decodes while the next frame is on its way; two cores shared by the
/// server, the app, both workers and the browser felt that in every click's time.
extension Hub {
    static let listDelay: Duration = .milliseconds(400)

    func liveChanged(_ live: LiveApp) async {
        let name = live.sessionName
        versions[name, default: 0] += 1
        noticed[name] = (Date().timeIntervalSince1970 * 1000).rounded()
        let pages = clients.values.filter { $0.view?.session == name }
        await withTaskGroup(of: Void.self) { group in
            for c in pages { group.addTask { await self.deliver(c) } }
        }
        live.listRefresh?.cancel()
        live.listRefresh = Task {
            try? await Task.sleep(for: Self.listDelay)
            guard !Task.isCancelled else { return }
            await self.sendSessionList()
        }
    }

    /// The session list (names, versions: the thumbnails' addresses) to every page.
    func sendSessionList() {
        let list = sessionsMessage()
        for c in clients.values { c.mailbox.put("sessions", .text(list)) }
    }
}

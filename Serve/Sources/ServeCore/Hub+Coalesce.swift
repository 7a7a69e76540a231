import Foundation

/// Saves coalesce, latest wins: an editor with auto-save, or a generator rewriting a session, saves
/// tens of times a second, and every save rendered in turn fell behind without bound (89 s late after
/// 10 s of saves; the worker at 1.2 GB). A page's frames are made for the newest state when the
/// change comes; changes that come while they are made only mark the page, and once they are done
/// its frames are made once more, for the state newest then. No superseded version is rendered, and
/// after a burst each page gets the last save's frame within one render.
extension Hub {
    /// The page's frames for its view's newest state, now or once the ones being made are done.
    func refresh(_ c: Client) {
        if c.refreshing {
            c.refreshAgain = true
            return
        }
        c.refreshing = true
        Task {
            repeat {
                c.refreshAgain = false
                await self.deliver(c)
                if c.view?.sideBySide == true { await self.portability(c) }
            } while c.refreshAgain && clients[c.id] != nil
            c.refreshing = false
            self.sendListIfSettled()
        }
    }

    /// The session list once no page's frames are being made (each page asks for the new thumbnails
    /// when it gets it, and their renders would otherwise share the cores with the frames): once per
    /// burst of saves.
    func sendListIfSettled() {
        guard listChanged, !clients.values.contains(where: { $0.refreshing }) else { return }
        listChanged = false
        let list = sessionsMessage()
        for c in clients.values { c.mailbox.put("sessions", .text(list)) }
        // A burst is over: the frames it superseded were freed across the event loops' malloc arenas;
        // give the free pages back, so the server's memory after a burst is where it was before.
        Self.trimMalloc()
    }

    /// glibc's malloc_trim(0) (its header is not in Swift's Glibc module; looked up once by name).
    static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    static func trimMalloc() { _ = mallocTrim?(0) }
}

/// `render serve --app`: an app that ends between steps (killed, out of memory, exit() from a thread
/// of its own after its answer) is seen at once, not at the next input: the page says so and offers
/// Restart, as for an end during a step.
extension Hub {
    func watchExits(_ live: LiveApp) {
        live.app.onExit = { [weak self] in
            Task { await self?.appEnded(live) }
        }
    }

    /// After any end of the app's process, in turn with the steps: only an end no answer reported yet
    /// goes to the log (an end during a step was that step's answer; a restart's end is no news).
    func appEnded(_ live: LiveApp) async {
        enqueue {
            guard let answer = await live.app.reapIfEnded() else { return }
            live.add(answer, input: nil)
            await self.shown(live)
        }
    }
}

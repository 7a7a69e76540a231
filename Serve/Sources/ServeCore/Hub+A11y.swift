import Foundation
import ServeProtocol

extension Hub {
    /// The accessibility findings of the state a slot of the page's view shows (`render a11y`'s checks,
    /// run by the engine on the side worker, so the edit-to-pixel path keeps the main one), once per
    /// state however many pages ask. Only pages with the Accessibility panel open ask.
    func accessibility(_ c: Client, slot: String) async {
        guard let v = c.view, let look = v.slots.first(where: { $0.slot == slot })?.look,
            let spec = stateSpec(v, look: look)
        else { return }
        let key = spec.state
        let answer: WorkerAnswer
        if let a = findings.use(key) {
            answer = a
        } else {
            answer = await side.call(.a11y(spec))
            findings.keep(answer, for: key)
        }
        c.mailbox.put(
            "a11y-" + slot, .text(MessageJSON.splicedText(A11yMessage(slot: slot, state: key), "data", answer.json)))
    }
}

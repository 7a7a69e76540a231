import Foundation

extension Hub {
    /// The accessibility findings of the state a slot of the page's view shows (`render a11y`'s checks,
    /// run by the engine on the side worker, so the edit-to-pixel path keeps the main one), once per
    /// state however many pages ask. Only pages with the Accessibility panel open ask.
    func accessibility(_ c: Client, slot: String) async {
        guard let v = c.view, let look = v.slots.first(where: { $0.slot == slot })?.look,
            let fields = stateFields(v, look: look)
        else { return }
        let key = fields[0]
        let answer: WorkerAnswer
        if let a = findings[key] {
            answer = a
        } else {
            answer = await side.call(["a11y"] + fields)
            if findings.count > 64 { findings = [:] }
            findings[key] = answer
        }
        var head = Array(Self.json(["type": "a11y", "slot": slot, "state": key]).utf8)
        head.removeLast()
        c.mailbox.put(
            "a11y-" + slot,
            .text(String(decoding: head + Array(#","data":"#.utf8) + answer.json + [125], as: UTF8.self)))
    }
}

/// The page's Accessibility panel, loaded after app.js: the findings of the frame shown (`render
/// a11y`'s contrast, touch-target and large-text checks, made by the engine), worded in a list under
/// the picture, each element outlined on it, and an element's own findings in the inspector. The
/// page asks for them only while the panel is open, and again for each new state it paints.
enum PageA11y {
    static let script = #"""
        "use strict";
        const a11y = { open: false, bySlot: {}, asked: {}, picked: null };
        window.__a11y = a11y;
        history.a11y = [];  // __on("a11y", test): each answer shown, as for frames
        (() => {
          const style = document.createElement("style");
          style.textContent = `#a11yPane { background: #fff; border: 1px solid #ddd; padding: 2px 8px; font-size: 12px; }
            #a11yPane summary { cursor: pointer; font-weight: 600; }
            #a11y { max-height: 18vh; overflow: auto; }
            #a11y ul, #a11yFindings { margin: 2px 0; padding-left: 18px; }
            #a11y li { cursor: pointer; } #a11y li:hover, #a11y li.on { background: #fbe3f4; }
            #a11y .kind, #a11yFindings .kind { color: #a0007a; font-weight: 600; }`;
          document.head.append(style);
        })();

        // The list's height changes the room the picture fits in: fit it again.
        new ResizeObserver(() => { for (const slot in state.metas) layoutSlot(slot); }).observe($("#pictures"));

        function a11ySlots() { return state.view && state.view.sideBySide ? ["ios", "android"] : ["main"]; }

        // Ask for the findings of what each slot shows, once per state painted.
        function a11yAsk() {
          if (!a11y.open || !state.view) return;
          const shown = state.shown || {};
          for (const slot of a11ySlots()) {
            if (!shown[slot] || a11y.asked[slot] === shown[slot]) continue;
            a11y.asked[slot] = shown[slot];
            send({ type: "a11y", slot });
          }
        }

        // A frame was painted (app.js): its findings, if the panel is open.
        function a11yPainted() { a11yAsk(); a11yRender(); }

        $("#a11yPane").addEventListener("toggle", (e) => {
          a11y.open = e.target.open;
          a11y.asked = {};
          if (!a11y.open) { a11y.bySlot = {}; a11yRender(); drawAllOutlines(); }
          a11yAsk();
        });

        function onA11y(m) {
          const d = m.data || {};
          a11y.bySlot[m.slot] = { state: m.state, ok: !!d.ok, findings: d.findings || [], guideline: d.guideline,
            message: d.ok ? "" : ((d.diagnostics || [])[0] || {}).message || "no answer" };
          a11yRender();
          drawAllOutlines();
          renderInspector();
          emit("a11y", { slot: m.slot, state: m.state, findings: d.findings || [] });
        }

        // The findings drawn over a slot: only those of the state the slot shows now.
        function a11yShown(slot) {
          const r = a11y.bySlot[slot];
          return r && state.shown && state.shown[slot] === r.state ? r.findings : [];
        }

        function a11yRender() {
          const box = $("#a11y"), slots = a11ySlots();
          let count = 0, html = "";
          for (const slot of slots) {
            const r = a11y.bySlot[slot];
            if (!r) continue;
            const head = slots.length > 1 ? `<strong>${slot === "ios" ? "iOS" : "Android"}</strong> ` : "";
            if (!r.ok) { html += `<p class="hint">${head}${esc(r.message)}</p>`; continue; }
            count += r.findings.length;
            const g = r.guideline;
            const rule = g ? `touch targets: ${g.side} × ${g.side} ${g.unit} (${g.look} look); text contrast: 4.5:1, 3:1 large` : "";
            html += r.findings.length
              ? `${head}<ul>${r.findings.map((f, i) => `<li data-slot="${slot}" data-i="${i}"` +
                  `${a11y.picked === `${slot}:${i}` ? ` class="on"` : ""}><span class="kind">${esc(f.check)}</span> ` +
                  `${esc(f.message)} <code>${esc(f.locatorText || "")}</code></li>`).join("")}</ul>`
              : `<p class="hint">${head}No findings on this frame (${esc(rule)}).</p>`;
          }
          if (!html) html = `<p class="hint">${a11y.open ? "Checking…" : ""}</p>`;
          box.innerHTML = html;
          $("#a11yCount").textContent = Object.keys(a11y.bySlot).length ? `(${count})` : "";
          for (const li of box.querySelectorAll("li[data-i]")) {
            li.onclick = () => {
              const f = a11y.bySlot[li.dataset.slot].findings[Number(li.dataset.i)];
              a11y.picked = `${li.dataset.slot}:${li.dataset.i}`;
              a11yRender();
              select(f.element, li.dataset.slot, false);
            };
          }
        }

        // Outlines of a slot's findings (app.js's drawOutlines calls this with its box drawer).
        function a11yOutlines(slot, box) {
          if (!a11y.open) return;
          for (const f of a11yShown(slot)) box(f.frame, "rgba(204,0,153,1)", [2, 2]);
        }

        // The inspected element's own findings (app.js's renderInspector puts this under its facts).
        function a11yInspector(id, slot) {
          if (!a11y.open) return "";
          const mine = a11yShown(slot || "main").filter((f) => f.element === id);
          return `<h3>Accessibility</h3>` + (mine.length
            ? `<ul id="a11yFindings">${mine.map((f) => `<li><span class="kind">${esc(f.check)}</span> ${esc(f.message)}</li>`).join("")}</ul>`
            : `<p class="hint">no findings for this element</p>`);
        }

        """#
}

// The Accessibility panel: the findings of the frame shown (`render a11y`'s contrast, touch-target
// and large-text checks, made by the engine), worded in a list under the picture, each element
// outlined on it, and an element's own findings in the inspector. The page asks for them only while
// the panel is open, and again for each new state it paints.
import { $, esc } from "./dom.js";
import { layoutSlot, onPainted } from "./frames.js";
import { select } from "./hover.js";
import { addInspectorSection, renderInspector } from "./inspector.js";
import { addOutlines, drawAllOutlines } from "./outlines.js";
import { on, send } from "./socket.js";
import { emit, history, state } from "./state.js";

/** @typedef {import("./types").A11yFinding} A11yFinding */
/**
 * One slot's answer: the state it was made for, and its findings or why there are none.
 * @typedef {{ state: string, ok: boolean, findings: A11yFinding[], message: string,
 *   guideline?: { side: number, unit: string, look: string } }} SlotFindings
 */

const a11y = {
  open: false,
  /** @type {Record<string, SlotFindings>} */ bySlot: {},
  /** @type {Record<string, string>} */ asked: {},
  /** @type {string | null} */ picked: null,
};
window.__a11y = a11y;
history.a11y = [];  // __on("a11y", test): each answer shown, as for frames

// The list's height changes the room the picture fits in: fit it again.
new ResizeObserver(() => { for (const slot in state.metas) layoutSlot(slot); }).observe($("#pictures"));

function slots() { return state.view && state.view.sideBySide ? ["ios", "android"] : ["main"]; }

// Ask for the findings of what each slot shows, once per state painted.
function ask() {
  if (!a11y.open || !state.view) return;
  for (const slot of slots()) {
    if (!state.shown[slot] || a11y.asked[slot] === state.shown[slot]) continue;
    a11y.asked[slot] = state.shown[slot];
    send({ type: "a11y", slot });
  }
}

// A frame was painted: its findings, if the panel is open.
onPainted(() => { ask(); render(); });

$("#a11yPane").addEventListener("toggle", (e) => {
  a11y.open = /** @type {HTMLDetailsElement} */ (e.target).open;
  a11y.asked = {};
  if (!a11y.open) { a11y.bySlot = {}; render(); drawAllOutlines(); }
  ask();
});

on("a11y", (m) => {
  const d = m.data || {};
  a11y.bySlot[m.slot] = { state: m.state, ok: !!d.ok, findings: d.findings || [], guideline: d.guideline,
    message: d.ok ? "" : ((d.diagnostics || [])[0] || {}).message || "no answer" };
  render();
  drawAllOutlines();
  renderInspector();
  emit("a11y", { slot: m.slot, state: m.state, findings: d.findings || [] });
});

/**
 * The findings drawn over a slot: only those of the state the slot shows now.
 * @param {string} slot
 * @returns {A11yFinding[]}
 */
function shownFindings(slot) {
  const r = a11y.bySlot[slot];
  return r && state.shown[slot] === r.state ? r.findings : [];
}

/** The panel's list, every value escaped. */
function render() {
  const box = $("#a11y"), shownSlots = slots();
  let count = 0, html = "";
  for (const slot of shownSlots) {
    const r = a11y.bySlot[slot];
    if (!r) continue;
    const head = shownSlots.length > 1 ? `<strong>${slot === "ios" ? "iOS" : "Android"}</strong> ` : "";
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
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("li[data-i]"))) {
    li.onclick = () => {
      const slot = li.dataset.slot || "main";
      const f = a11y.bySlot[slot].findings[Number(li.dataset.i)];
      a11y.picked = `${slot}:${li.dataset.i}`;
      render();
      select(f.element, slot);
    };
  }
}

// Outlines of a slot's findings, in magenta, dotted.
addOutlines((slot, collect) => {
  if (!a11y.open) return;
  for (const f of shownFindings(slot)) collect(f.frame, "rgba(204,0,153,1)", [2, 2]);
});

// The inspected element's own findings, under its facts.
addInspectorSection((id, slot) => {
  if (!a11y.open) return "";
  const mine = shownFindings(slot || "main").filter((f) => f.element === id);
  return `<h3>Accessibility</h3>` + (mine.length
    ? `<ul id="a11yFindings">${mine.map((f) => `<li><span class="kind">${esc(f.check)}</span> ${esc(f.message)}</li>`).join("")}</ul>`
    : `<p class="hint">no findings for this element</p>`);
});

// Hover and selection. The page sends the point under the pointer and the server asks the engine's
// hit map (semantics.md item 39): the page draws outlines but never decides what is under the pointer.
import { $canvas } from "./dom.js";
import { renderInspector } from "./inspector.js";
import { drawAllOutlines } from "./outlines.js";
import { on, send } from "./socket.js";
import { emit, state } from "./state.js";
import { markTree } from "./tree.js";

/**
 * A pointer event's point on a slot's picture, in dp.
 * @param {string} slot
 * @param {MouseEvent} e
 * @returns {{ x: number, y: number }}
 */
export function dpPoint(slot, e) {
  const meta = state.metas[slot], over = /** @type {HTMLElement} */ (e.target);
  return {
    x: (e.offsetX / over.clientWidth) * meta.device.width, y: (e.offsetY / over.clientHeight) * meta.device.height,
  };
}

for (const fig of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".pic"))) {
  const slot = fig.dataset.slot || "main", over = $canvas(".overlay", fig);
  over.addEventListener("mousemove", (e) => {
    if (!state.metas[slot]) return;
    // A move to where the pointer was asks nothing new (the browser sends such moves around a
    // click; a new state under a still pointer is asked again by refreshInspector).
    const p = dpPoint(slot, e);
    const at = `${slot} ${p.x} ${p.y}`;
    if (at === state.movedTo) return;
    state.movedTo = at;
    state.pendingHover = { type: "hover", slot, x: p.x, y: p.y };
    // Asked once per animation frame at most (a pointer moves many times per frame), and not
    // while a button is down: a press in the same frame is a tap in the live mode, and the
    // tap's step goes first (a hover asked before it held it up by 5 ms on the server).
    if (!state.hoverFrame) state.hoverFrame = requestAnimationFrame(() => { state.hoverFrame = 0; pumpHover(); });
  });
  over.addEventListener("mousedown", () => { state.pressing = true; });
  over.addEventListener("mouseleave", () => { state.hover = null; state.movedTo = null; drawAllOutlines(); });
  over.addEventListener("click", () => {
    // A point the engine has not answered for yet: the click selects what its answer names.
    if (state.pendingHover || state.hoverBusy) state.selectOnHover = true;
    else if (state.hover && state.hover.id !== undefined) select(state.hover.id, slot);
  });
}
// The held hover goes after everything the release sends (the live mode's tap first).
window.addEventListener("mouseup", () => {
  if (!state.pressing) return;
  state.pressing = false;
  setTimeout(pumpHover);
});

/** One point asked at a time: the newest point waits for the answer to the one before. */
function pumpHover() {
  if (state.hoverBusy || !state.pendingHover || state.pressing) return;
  state.hoverBusy = true;
  send(state.pendingHover);
  state.hoverAsked = ++state.asks;
  state.lastHover = state.pendingHover;
  state.pendingHover = null;
}

on("inspect", (m) => {
  if (m.source === "hover") { state.hoverBusy = false; pumpHover(); }
  const d = m.data || {};
  if (m.source === "hover") state.hover = d.touch === "element" ? { id: d.id, frame: d.frame, slot: m.slot } : null;
  // The answer for the point a click waited for (no newer one asked): its element is selected.
  if (m.source === "hover" && state.selectOnHover && !state.hoverBusy && !state.pendingHover) {
    state.selectOnHover = false;
    if (state.hover && state.hover.id !== undefined) return select(state.hover.id, m.slot);
  }
  // A hover asked before the latest selection answers late: the selected element's facts stay.
  if (m.source === "hover" && state.selected !== null && state.hoverAsked < state.selectedAsk) {
    return drawAllOutlines();
  }
  state.inspect = { ...d, slot: m.slot, source: m.source, n: (state.inspects = (state.inspects || 0) + 1) };
  window.__inspect = state.inspect;
  renderInspector();
  drawAllOutlines();
  emit("inspect", state.inspect);
});

/**
 * Selects an element: outlined, marked in the tree, and its facts asked of the engine.
 * @param {number} id
 * @param {string | null} [slot]  the slot whose state is asked (default: the one shown, Android side by side)
 */
export function select(id, slot) {
  state.selected = id;
  state.selectedAsk = ++state.asks;
  const el = state.byId.get(id);
  state.selectedFrame = el ? el.frame : null;
  markTree(id);
  drawAllOutlines();
  state.asked = id;
  const sideBySide = !!state.view && state.view.sideBySide;
  send({ type: "element", slot: slot || (sideBySide ? "android" : "main"), id });
}

/**
 * A new state painted in the slot the inspector reads (a save, another look, device or capture): its
 * values are asked again of the new state, the selected element's or the one under the pointer.
 * @param {string} slot
 */
export function refreshInspector(slot) {
  const d = state.inspect;
  if (!d || d.slot !== slot) return;
  if (state.selected !== null) {
    state.asked = state.selected;
    send({ type: "element", slot, id: state.selected });
  } else if (d.source === "hover" && state.lastHover && state.lastHover.slot === slot) {
    state.pendingHover = state.lastHover;
    pumpHover();
  }
}

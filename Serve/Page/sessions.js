// The session list and the bar's controls: which session, device, look and font scale the page asks
// the server to show (the view).
import { $, $input } from "./dom.js";
import { afterDrawing, layoutSlot } from "./frames.js";
import { renderInspector } from "./inspector.js";
import { on, send } from "./socket.js";
import { state } from "./state.js";

/** @typedef {import("./state.js").View} View */

/**
 * A <select>'s options, replaced only when the values differ.
 * @param {HTMLInputElement} sel
 * @param {string[]} values
 * @param {string} [current]
 */
function fillSelect(sel, values, current) {
  if (sel.dataset.filled === values.join("|")) return;
  sel.dataset.filled = values.join("|");
  sel.innerHTML = "";
  for (const v of values) { const o = document.createElement("option"); o.value = o.textContent = v; sel.append(o); }
  if (current !== undefined) sel.value = current;
}

on("sessions", (m) => {
  const first = !state.sessions.length && !state.view;
  state.sessions = m.items;
  fillSelect($input("#look"), m.looks, state.view ? state.view.look : m.look);
  fillSelect($input("#device"), m.devices, state.view ? state.view.device : m.device);
  if (!state.view) $input("#fontScale").value = String(m.fontScale);
  const list = $("#list");
  const known = new Map([...list.children].map((li) => [/** @type {HTMLElement} */ (li).dataset.name, li]));
  list.innerHTML = "";
  for (const s of m.items) {
    let li = known.get(s.name);
    if (!li) {
      const item = li = document.createElement("li");
      item.dataset.name = s.name;
      const img = document.createElement("img");
      img.alt = "";
      img.onerror = () => item.classList.add("broken");
      img.onload = () => item.classList.remove("broken");
      const span = document.createElement("span");
      span.textContent = s.name.replace(/\.json$/, "");
      item.append(img, span);
      item.onclick = () => choose(s.name);
    }
    const src = `/thumb/${encodeURIComponent(s.name)}?v=${s.version}`;
    const img = /** @type {HTMLImageElement} */ (li.querySelector("img"));
    // A new thumbnail once the frame being drawn is on screen: its request and render would
    // share the cores with the picture's decode and paint.
    if (img.getAttribute("src") !== src) afterDrawing(() => img.setAttribute("src", src));
    li.classList.toggle("selected", !!state.view && state.view.session === s.name);
    list.append(li);
  }
  $("#empty").hidden = m.items.length > 0;
  $("#groupsPane").hidden = !m.goldens;  // the Groups pane (groups.js) when the folder has goldens
  if ((first || !state.view) && m.items.length) choose(m.items[0].name);
});

/**
 * Shows a session: the view asked anew with the bar's controls (also from the Groups pane, groups.js).
 * @param {string} name
 */
export function choose(name) {
  const v = state.view;
  state.view = {
    session: name, look: $input("#look").value || "default", device: $input("#device").value || "session",
    fontScale: Number($input("#fontScale").value), capture: "final", sideBySide: $input("#sideBySide").checked,
  };
  if (!v || v.session !== name) {
    state.selected = null; state.inspect = null; state.findings = []; renderInspector();
  }
  for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ ($("#list").children)) {
    li.classList.toggle("selected", li.dataset.name === name);
  }
  sendView();
}

/** The view to the server; the page waits for one frame per slot shown. */
export function sendView() {
  if (!state.view) return;
  state.waiting = state.view.sideBySide ? 2 : 1;
  send({ type: "view", ...state.view });
}

/**
 * A change of the view (a control, a capture of the timeline), sent at once.
 * @param {Partial<View>} change
 */
export function setView(change) {
  if (!state.view) return;
  Object.assign(state.view, change);
  sendView();
}

/** @param {Event} e */
const value = (e) => /** @type {HTMLInputElement} */ (e.target);
$input("#look").onchange = (e) => setView({ look: value(e).value });
$input("#device").onchange = (e) => setView({ device: value(e).value });
$input("#fontScale").onchange = (e) => setView({ fontScale: Number(value(e).value) });
$input("#sideBySide").onchange = (e) => {
  const checked = value(e).checked;
  for (const f of document.querySelectorAll(".pic")) {
    /** @type {HTMLElement} */ (f).hidden = (/** @type {HTMLElement} */ (f).dataset.slot === "main") === checked;
  }
  $("#notes").hidden = !checked;
  setView({ sideBySide: checked });
};
$input("#fit").onchange = () => { for (const slot in state.metas) layoutSlot(slot); };
window.addEventListener("resize", () => { for (const slot in state.metas) layoutSlot(slot); });

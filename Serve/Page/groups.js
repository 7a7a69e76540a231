// The Groups pane (issue 50): with goldens beside the folder (`render serve --snapshots DIR`, default
// Snapshots), the folder checked against them as `render check FOLDER` checks it, its changed goldens
// grouped by cause as the review page groups them (the engine decides both; the server forwards its
// answer). The page asks only while the pane is open, and again when the look or device changes; the
// server sends it again after every save or golden written. A snapshot of a group shows that capture.
import { $, $input, esc } from "./dom.js";
import { onPainted } from "./frames.js";
import { choose, setView } from "./sessions.js";
import { on, send } from "./socket.js";
import { emit, history, state } from "./state.js";

/** @typedef {import("./types").CheckAnswer} CheckAnswer */
/** @typedef {import("./types").GroupsMessage} GroupsMessage */

const groups = {
  open: false,
  /** @type {GroupsMessage | null} */ last: null,
  /** The snapshot to show once its session's frame (and so its timeline) is on the page. */
  /** @type {{ session: string, snapshot: string } | null} */ pending: null,
};
window.__groups = groups;
history.groups = [];  // __on("groups", test): each answer shown

function ask() {
  if (!groups.open) return;
  send({ type: "groups", open: true });
}

$("#groupsPane").addEventListener("toggle", (e) => {
  groups.open = /** @type {HTMLDetailsElement} */ (e.target).open;
  if (groups.open) { render(); ask(); } else send({ type: "groups", open: false });
});
// Another look or device has goldens of its own (Snapshots/ios ...): asked again.
for (const id of ["#look", "#device"]) $input(id).addEventListener("change", ask);

on("groups", (m) => {
  groups.last = /** @type {GroupsMessage} */ (m);
  render();
  emit("groups", m);
});

/** The pane: the check's summary, then each group (cause, count, its snapshots, the command that accepts it). */
function render() {
  const box = $("#groups");
  const m = groups.last;
  if (!m || !state.view || m.look !== state.view.look || m.device !== state.view.device) {
    box.innerHTML = `<p class="hint">${groups.open ? "Checking against the goldens…" : ""}</p>`;
    $("#groupsCount").textContent = "";
    return;
  }
  const d = m.data;
  if (!d.ok) {
    box.innerHTML = `<p class="hint">${esc(((d.diagnostics || [])[0] || {}).message || "no answer")}</p>`;
    return;
  }
  $("#groupsCount").textContent = `(${d.groups.length})`;
  let html = `<p class="summary">${esc(d.summary)} against <code>${esc(d.goldens)}</code></p>`;
  if (!d.groups.length) html += `<p class="hint">No golden changed: nothing to review.</p>`;
  const byName = new Map(d.snapshots.map((s) => [s.name, s]));
  for (const g of d.groups) {
    const n = g.snapshots.length, s = g.sessions.length;
    html += `<details class="group" data-group="${esc(g.id)}"><summary><span class="cause">${esc(g.cause)}</span> ` +
      `<span class="count">${n} snapshot${n === 1 ? "" : "s"} in ${s} session${s === 1 ? "" : "s"}</span></summary>` +
      `<ul>${g.snapshots.map((name) => {
        const c = byName.get(name);
        return `<li><button data-session="${esc(c ? c.session : "")}" data-snapshot="${esc(c && c.snapshot || "")}">` +
          `${esc(name)}</button></li>`;
      }).join("")}</ul>` +
      (g.accept ? `<p class="accept">Accept: <code>${esc(g.accept)}</code></p>` : "") + `</details>`;
  }
  html += `<p class="hint">The review page of the same check: <code>${esc(d.command)} --html out/review</code></p>`;
  box.innerHTML = html;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll("button[data-session]"))) {
    b.onclick = () => show(b.dataset.session || "", b.dataset.snapshot || "");
  }
}

/**
 * Shows a group's snapshot: its session, then the capture of that name once the session's timeline is known.
 * @param {string} session
 * @param {string} snapshot
 */
function show(session, snapshot) {
  if (!session) return;
  groups.pending = snapshot ? { session, snapshot } : null;
  if (!state.view || state.view.session !== session) choose(session);
  else if (snapshot) pickCapture();
  else setView({ capture: "final" });
}

function pickCapture() {
  const p = groups.pending, meta = state.metas.main;
  if (!p || !state.view || state.view.session !== p.session || !meta) return;
  groups.pending = null;
  const c = (meta.timeline || []).filter((t) => t.kind === "snapshot" && t.name === p.snapshot).pop();
  if (c) setView({ capture: `capture:${c.index}` });
}

onPainted(pickCapture);

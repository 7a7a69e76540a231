// The Inspector pane (the engine's facts of the element hovered or selected) and the iOS | Android
// notes (the session's portability findings) under the pictures.
import { $, esc } from "./dom.js";
import { select } from "./hover.js";
import { on } from "./socket.js";
import { emit, state } from "./state.js";

/** @typedef {import("./types").Rect} Rect */

/** @type {Array<(id: number | undefined, slot: string) => string>} */
const sections = [];

/**
 * Adds a section of HTML under the inspected element's facts (a11y.js: its findings, seen without
 * scrolling). The section escapes what it shows.
 * @param {(id: number | undefined, slot: string) => string} fn
 */
export function addInspectorSection(fn) { sections.push(fn); }

/** @param {number} n */
function fmt(n) { return String(Math.round(n * 100) / 100); }  // as `render inspect` prints dp

/** @param {Rect | undefined} f */
function frameText(f) { return f ? `${fmt(f[0])}, ${fmt(f[1])} · ${fmt(f[2])} × ${fmt(f[3])} dp` : "—"; }

const hint = `<p class="hint">Hover the picture to inspect an element; click to select it.</p>`;

/** The inspector for state.inspect, every value escaped. */
export function renderInspector() {
  const box = $("#inspector"), d = state.inspect;
  if (!d) return showInspector(box, hint);
  if (!d.ok) {
    const why = ((d.diagnostics || [])[0] || {}).message || "no answer";
    // The selected element is not in the state now shown (a save removed it, say).
    const id = state.asked;
    const gone = d.source === "tree" && id !== null && id !== undefined && !state.byId.has(id);
    const text = gone ? `Element #${id} is not on this frame any more (${why}).` : why;
    return showInspector(box, `<p class="hint${gone ? " gone" : ""}">${esc(text)}</p>`);
  }
  if (d.touch !== "element") return showInspector(box, `<p class="hint">${esc((d.lines || []).join("\n"))}</p>`);
  const el = d.id !== undefined ? state.byId.get(d.id) : undefined;
  const why = el && el.why;
  /** @type {Array<[string, unknown]>} */
  const rows = [["id", d.id], ["type", d.kind], ["text", d.text || "—"], ["frame", frameText(d.frame)],
    ["locator", d.locator ? `<code>${esc(d.locator)}</code>` : (why ? esc(`not reachable: ${why}`) : "—")]];
  let html = `<table id="facts">${rows.map(([k, v]) =>
    `<tr><th>${k}</th><td data-key="${k}">${k === "locator" ? v : esc(v)}</td></tr>`).join("")}</table>`;
  for (const section of sections) html += section(d.id, d.slot);
  /** @type {RegExpExecArray[]} */
  const styleRows = [];
  /** @type {string[]} */
  const raw = [];
  for (const line of (d.lines || []).slice(1)) {
    const m = /^\s*([\w.-]+): (.*?)(?: \(([^()]*)\))?$/.exec(line);
    if (m) styleRows.push(m); else raw.push(line);
  }
  html += `<h3>Resolved style</h3>`;
  html += styleRows.length
    ? `<table id="style">${styleRows.map((m) => `<tr><th>${esc(m[1])}</th><td>${esc(m[2])}` +
      (m[3] ? ` <span class="src">${esc(m[3])}</span>` : "") + `</td></tr>`).join("")}</table>`
    : `<p class="hint">none reported</p>`;
  if (raw.length) html += `<div class="raw">${esc(raw.join("\n"))}</div>`;
  const notes = state.findings.filter((f) => f.id === d.id);
  html += `<h3>Portability</h3>` + (notes.length
    ? `<ul id="portability">${notes.map((f) => `<li>${esc(f.line || f.message)}</li>`).join("")}</ul>`
    : `<p class="hint">no difference between iOS and Android reported for this element</p>`);
  showInspector(box, html);
}

// The same facts again (a new state that left the element as it was): the DOM stays, and so
// does its layout; rebuilding it cost the page milliseconds per live frame.
/**
 * @param {HTMLElement} box
 * @param {string} html  built by renderInspector, every value escaped
 */
function showInspector(box, html) {
  if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
}

on("portability", (m) => {
  if (!state.view || m.session !== state.view.session) return;
  state.findings = (m.data && m.data.findings) || [];
  renderNotes();
  emit("portability", state.findings);
});

/** The session's portability notes under the pictures (side by side), the differing ones first. */
function renderNotes() {
  const box = $("#notes");
  const differing = state.findings.filter((f) => f.ios || f.android);
  const list = differing.length ? differing : state.findings;
  box.innerHTML = `<strong>iOS | Android: ${list.length} note${list.length === 1 ? "" : "s"}</strong>` +
    `<ul>${list.map((f) => `<li data-id="${esc(f.id ?? "")}">${esc(f.line || f.message)}</li>`).join("")}</ul>`;
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("li[data-id]"))) {
    if (li.dataset.id) li.onclick = () => select(Number(li.dataset.id), "android");
  }
  renderInspector();
}

// The live app's controls (`render serve --app`): its bar over the picture (system actions, the clock,
// the text field, recording, Restart), the Steps pane, and the steps sent to the app.
import { $, $input, esc, setText } from "./dom.js";
import { afterDrawing } from "./frames.js";
import { on, send } from "./socket.js";
import { emit, history, state } from "./state.js";
import { onTree } from "./tree.js";

/** @typedef {import("./types").LiveMessage} LiveMessage */
/** @typedef {import("./types").LogEntry} LogEntry */

export const live = {
  /** @type {LogEntry[]} */ log: [],
  seq: 0, running: false,
  /** Steps sent that the app has not answered yet. */
  busy: 0,
  /** @type {number | null} */ focused: null,
  lastInput: performance.now(), sentAt: 0,
  /** Each scroll container's offset as the app has it (a drag starts from it). */
  /** @type {Map<number, number>} */ offsets: new Map(),
  logWaits: false,
  /** @type {string | null} */ stopName: null,
  snapshots: 0,
  /** When each step the page sent and the app has not answered yet left the user's hand (ms since 1970; 0: not a
   * click), oldest first: an answer takes the oldest. */
  /** @type {number[]} */ sent: [],
  /** Per log entry (its n), when its step was sent; once its frame is painted, its tap-to-pixel in ms. */
  /** @type {Map<number, number>} */ sentOf: new Map(),
  /** @type {Map<number, number>} */ pixelMs: new Map(),
};
window.__live = live;
history.live = [];  // __on("live", test): the page's events, as for frames

document.body.classList.add("live");  // live.css: the Steps pane takes a row of the side
const bar = document.createElement("div");
bar.id = "liveBar";
bar.innerHTML = `
  <span id="liveState">starting the app…</span>
  <button data-sys="back" title="The system back action">Back</button>
  <button data-sys="PAUSE">Pause</button><button data-sys="RESUME">Resume</button>
  <button data-sys="LANGUAGE_CHANGED">Language changed</button><button data-sys="MEMORY_WARNING">Memory warning</button>
  <span class="clock">Clock <label><input type="checkbox" id="realTime"> real time</label>
    <button data-tick="16">+16 ms</button><button data-tick="1000">+1 s</button></span>
  <input id="liveText" placeholder="tap a text field, then type here" size="24" disabled>
  <button id="record">Record</button><button id="snapshot" disabled>Snapshot</button><button id="stopRecord" disabled>Stop</button>
  <button id="restart">Restart</button> <a id="download" href="/live/session.json">session so far</a>
  <span id="liveNotes"><button id="lookRestart" hidden></button> <span id="lookNote"></span>
    <span id="recordNote"></span></span>`;
$("#stage").insertBefore(bar, $("#pictures"));
const pane = document.createElement("section");
pane.id = "livePane";
pane.innerHTML = `<h2>Steps</h2><ol id="liveLog"></ol>`;
$("#side").prepend(pane);
$("#timeline").hidden = true;

/**
 * A step to the app (session-format.md: tap, press, release, scroll, input, tick, back, sys, snapshot).
 * @param {{ type: string } & Record<string, unknown>} s
 */
export function step(s) {
  // Real time: the time since the last input goes first, as one tick (virtual time stays in the app).
  const now = performance.now();
  if ($input("#realTime").checked && s.type !== "tick") {
    const ms = Math.min(600000, Math.round(now - live.lastInput));
    if (ms > 0) {
      live.busy++;
      live.sent.push(0);  // no click of the user's: no tap-to-pixel
      send({ type: "live", op: "step", step: { type: "tick", ms } });
    }
  }
  live.lastInput = now;
  live.busy++;
  live.sentAt = now;
  live.sent.push(performance.timeOrigin + now);
  if (live.sent.length > 64) live.sent.shift();
  send({ type: "live", op: "step", step: s });
}

on("live", (m) => {
  const before = live.log.length ? live.log[live.log.length - 1].n : -1;
  live.log = m.log;
  live.seq = m.seq;
  live.running = m.running;
  const fresh = m.log.filter((e) => e.n > before);
  live.busy = Math.max(0, live.busy - fresh.filter((e) => e.input).length);
  for (const e of fresh) {
    if (e.step === "boot") live.sent.length = 0;  // a restart: the steps sent before it are not played
    else if (e.input && !e.replayed && live.sent.length) {
      const at = /** @type {number} */ (live.sent.shift());
      if (at) live.sentOf.set(e.n, at);
    }
  }
  for (const e of fresh) {
    if (e.step === "boot") { live.offsets.clear(); learnAppLook(); }  // a new run starts unscrolled
    const input = e.input || {};
    const first = (e.commands || [])[0] || {};
    if (input.type === "tap" && e.outcome === "ok" && first.internalId !== undefined) {
      const el = state.byId.get(first.internalId);
      live.focused = el && el.kind === "textField" ? first.internalId : null;
      $input("#liveText").disabled = live.focused === null;
      if (el && live.focused !== null) {
        $input("#liveText").value = el.text || "";
        $input("#liveText").focus({ preventScroll: true });
      }
    }
    for (const ev of e.events || []) {
      if (ev.type === "ScrollChangedEvent" && ev.internalId !== undefined) {
        live.offsets.set(ev.internalId, ev.scrollPos || 0);
      }
    }
  }
  // The server sends a step's frame before its log: while that frame is decoded and drawn, the
  // log waits for it (built first, it held the picture back by 8 to 18 ms).
  if (!live.logWaits) { live.logWaits = true; afterDrawing(() => { live.logWaits = false; timeToPixel(); renderLog(); }); }
  const ended = m.ended;
  setText($("#liveState"), m.running ? "app running" :
    ended ? `app ended: ${ended.outcome}${ended.step !== undefined ? ` at step ${ended.step}` : ""}: ${ended.message || ""}`
      : "starting the app…");
  $("#liveState").classList.toggle("bad", !m.running && !!ended);
  const rec = m.recording;
  $input("#record").disabled = !m.canRecord || !!rec;
  $input("#snapshot").disabled = !rec;
  $input("#stopRecord").disabled = !rec;
  setText($("#record"), rec ? `Recording (${rec.steps} steps)` : "Record");
  setText($("#recordNote"), m.recordNote || "");
  if ((m.restartNote || "") !== restartNote) { restartNote = m.restartNote || ""; showLookNote(); }
  $("#recordNote").title = m.recordNote || "";
  if (m.recordNote && m.recordNote.startsWith("exists: ") && live.stopName) {
    const name = live.stopName;
    live.stopName = null;  // asked once per Stop
    if (confirm(`${m.recordNote.slice(8)} exist already in the record folder. Replace them?`)) {
      send({ type: "live", op: "stop", name, overwrite: true });
    }
  }
  emit("live", m);
});

/** Tap-to-pixel (issue 49): from the step leaving the user's hand to the frame painted after its answer, what the
 * user waits for (the app's handler time is a part of it). The log comes after its step's frame, and is shown once
 * that frame is painted: the newest painted frame is the step's. */
function timeToPixel() {
  const painted = window.__frames.length ? window.__frames[window.__frames.length - 1] : null;
  for (const [n, at] of live.sentOf) {
    live.sentOf.delete(n);
    if (painted && painted.ok && painted.t >= at) live.pixelMs.set(n, painted.t - at);
  }
  for (const n of live.pixelMs.keys()) if (n < (live.log[0] ? live.log[0].n : 0)) live.pixelMs.delete(n);
}

// The log as the server sends it (its last entries): an entry already shown keeps its element
// (and whether its details are open), entries that left are removed and new ones inserted, so
// the browser lays out only what changed (replacing all 60 took 8-18 ms of the page's time).
function renderLog() {
  const ol = $("#liveLog");
  const items = live.log.map((e) => ({ e,
    key: [e.n, e.outcome, e.micros, e.message, (e.commands || []).length, (e.events || []).length, e.more,
      live.pixelMs.get(e.n)].join("|") }));
  const keep = new Set(items.map((i) => i.key));
  /** @type {Map<string, HTMLElement>} */
  const shown = new Map();
  for (const li of /** @type {HTMLElement[]} */ ([...ol.children])) {
    const key = li.dataset.key || "";
    if (keep.has(key)) shown.set(key, li); else li.remove();
  }
  let at = ol.firstElementChild, added = false;
  for (const { e, key } of items) {
    const li = shown.get(key);
    if (li === at && li) { at = li.nextElementSibling; continue; }
    ol.insertBefore(li || logItem(e, key), at);
    added = added || !li;
  }
  // Scrolled to the newest in the next frame's own layout, not in a layout forced now.
  if (added) requestAnimationFrame(() => { pane.scrollTop = pane.scrollHeight; });
}

/** The look the app runs in (its session's `theme`, its `--theme`), read at each boot. */
/** @type {string | null} */
let appLook = null;
async function learnAppLook() {
  try {
    const text = await (await fetch("/live/session.json")).text();
    const m = /"theme"\s*:\s*"([^"]*)"/.exec(text.slice(0, 4096));
    appLook = m ? m[1] : "default";
  } catch { appLook = null; }
  showLookNote();
}
/** The server's note on the page's last "Restart in LOOK" (LiveHub+Look.swift). */
let restartNote = "";
/** Says plainly when the picture is not the look the app runs in (issue 49): the Look switch draws the app's session
 * in another look, but the app laid out, asked for images and answered in its own; its button restarts the app in the
 * look chosen and replays the walk. */
function showLookNote() {
  const shown = $input("#look").value, note = $("#lookNote"), button = $input("#lookRestart");
  const other = !!(appLook && shown && shown !== appLook);
  setText(note, other
    ? `The app runs in the ${appLook} look: this is its session drawn in ${shown} (images it fetched, sizes it chose ` +
      `and what it answered are the ${appLook} look's).`
    : restartNote ? `The app ${restartNote}.` : "");
  note.title = note.textContent || "";
  button.hidden = !other;
  setText(button, `Restart the app in ${shown}`);
  button.title = `Starts the app again with --theme ${shown} and replays the steps since its boot`;
}
$("#lookRestart").onclick = () => send({ type: "live", op: "look", look: $input("#look").value });
$input("#look").addEventListener("change", showLookNote);

/** Every element the app's frames have shown, by id (ids are never reused in a run): a step names the element it
 * reached even once that element is gone (the OK that closed its dialog). */
/** @type {Map<number, import("./types").TreeEntry>} */
const seen = new Map();
onTree((entries) => { for (const el of entries) seen.set(el.id, el); });

/**
 * A step as a user reads it: the element it reached (the id the app's answer resolved the point or locator to, its
 * kind and text), not the raw point; the step's JSON is the line's title.
 * @param {LogEntry} e
 */
function stepWords(e) {
  if (!e.input) return e.step === "boot" ? "boot" : "(between steps)";
  const input = e.input, type = String(input.type || "step");
  const first = (e.commands || [])[0];
  const id = first && first.type === type && typeof first.internalId === "number" ? first.internalId : null;
  if (id === null) {
    if (type === "tick") return `tick ${input.ms} ms`;
    if (type === "snapshot") return `snapshot "${input.name}"`;
    if (type === "sys" || type === "back") return type === "back" ? "back" : `sys ${input.textValue}`;
    // A locator (a rebuild's or a look's replay) or a point that reached no element (the message says why).
    if (input.target) return `${type} ${JSON.stringify(input.target)}`;
    if (typeof input.x === "number" && typeof input.y === "number") return `${type} at ${input.x},${input.y}`;
    return JSON.stringify(input);
  }
  const el = seen.get(id);
  const what = el ? `${el.kind} ${id}${el.text ? ` "${el.text.length > 30 ? el.text.slice(0, 29) + "…" : el.text}"` : ""}`
    : `element ${id}`;
  if (type === "input") return `type "${input.textValue}" into ${what}`;
  if (type === "tap" && input.textValue) return `tap ${input.textValue} on ${what}`;
  return `${type} on ${what}`;
}

/**
 * One entry of the Steps pane, every value escaped.
 * @param {LogEntry} e
 * @param {string} key
 */
function logItem(e, key) {
  const li = document.createElement("li");
  li.dataset.key = key;
  const cmds = (e.commands || []).flatMap((c) => (c.type === "batch" ? c.steps || [] : [c]));
  const events = e.events || [];
  // Counted by the server before it shortened the list: the app's commands only, not the step itself.
  const count = e.commandCount ?? 0;
  const pixel = live.pixelMs.get(e.n);
  const shown = e.more ? ` (the first ${cmds.length} listed)` : "";
  li.className = e.outcome === "ok" ? "" : "bad";
  li.innerHTML = `<div class="in" title="${esc(e.input ? JSON.stringify(e.input) : "")}">${esc(stepWords(e))} → ` +
    `${esc(e.outcome)}` +
    `${e.micros !== undefined ? ` · app ${(e.micros / 1000).toFixed(1)} ms` : ""}` +
    `${pixel !== undefined ? ` · <span class="pixel" title="From the click to the new picture painted">` +
      `${Math.round(pixel)} ms to the picture</span>` : ""}` +
    `${e.replayed ? " · replayed" : ""}</div>` +
    (e.message ? `<div class="msg">${esc(e.message)}</div>` : "") +
    `<details><summary>${count} ${count === 1 ? "command" : "commands"}${shown}, ${events.length} ` +
    `${events.length === 1 ? "event" : "events"}</summary>` +
    `<pre>${esc(cmds.map((c) => JSON.stringify(c)).join("\n"))}</pre>` +
    `<pre>${esc(events.map((v) => JSON.stringify(v)).join("\n"))}</pre></details>`;
  return li;
}

$input("#liveText").addEventListener("keydown", (e) => {
  if (e.key !== "Enter" || live.focused === null) return;
  step({ type: "input", internalId: live.focused, textValue: /** @type {HTMLInputElement} */ (e.target).value });
});
for (const b of /** @type {NodeListOf<HTMLElement>} */ (bar.querySelectorAll("[data-sys]"))) {
  b.onclick = () => step(b.dataset.sys === "back" ? { type: "back" } : { type: "sys", textValue: b.dataset.sys });
}
for (const b of /** @type {NodeListOf<HTMLElement>} */ (bar.querySelectorAll("[data-tick]"))) {
  b.onclick = () => step({ type: "tick", ms: Number(b.dataset.tick) });
}
$("#restart").onclick = () => send({ type: "live", op: "restart" });
$("#record").onclick = () => send({ type: "live", op: "record" });
$("#snapshot").onclick = () => {
  const name = prompt("Snapshot name", `snapshot-${(live.snapshots = live.snapshots + 1)}`);
  if (name) step({ type: "snapshot", name });
};
$("#stopRecord").onclick = () => {
  const name = prompt("Save the recording as (NAME.script.json, NAME.session.json)", "walk");
  if (!name) return;
  live.stopName = name;
  send({ type: "live", op: "stop", name });
};

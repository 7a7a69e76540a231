// `render serve --app BIN --rebuild CMD` (docs/serve.md "Restart on code edit"): the rebuild's state at the top
// of the Steps pane (building, the compiler's errors by file and line, the replay and where it stopped), and a
// toggle that lays the picture from before the edit over the new one. Everything sits in the side pane or over
// the picture: nothing moves the picture under the pointer. Without --rebuild no message comes and nothing shows.
import { $, esc, setText } from "./dom.js";
import { onPainted } from "./frames.js";
import { on } from "./socket.js";
import { emit, history } from "./state.js";

/** @typedef {import("./types").RebuildMessage} RebuildMessage */

const rebuild = {
  /** @type {RebuildMessage | null} */ last: null,
  /** The build whose "before" picture is kept. */
  beforeBuild: 0,
  /** Whether the toggle shows the picture from before the edit. */
  showingBefore: false,
};
window.__rebuild = rebuild;
history.rebuild = [];

const box = document.createElement("div");
box.id = "rebuildBox";
box.hidden = true;
box.innerHTML = `<div class="head"><span id="rebuildState"></span>
  <button id="beforeEdit" disabled title="Lay the picture from before the edit over this one (again: back)">Before the edit</button></div>
  <div id="rebuildDetail"></div>`;
$("#livePane").insertBefore(box, $("#liveLog"));
const note = document.createElement("span");
note.id = "rebuildNote";
$("#liveNotes").prepend(note);

/** The picture before the edit: a copy of the main canvas as the build ended, drawn over the new one on demand. */
const before = document.createElement("canvas");
before.id = "beforeEditPic";
before.hidden = true;
const mainFrame = $('.pic[data-slot="main"] .frame');
mainFrame.insertBefore(before, $(".overlay", mainFrame));

function keepBefore() {
  const img = /** @type {HTMLCanvasElement} */ ($("canvas.img", mainFrame));
  before.width = img.width;
  before.height = img.height;
  const g = before.getContext("2d");
  if (g) g.drawImage(img, 0, 0);
}

function fitBefore() {
  const img = /** @type {HTMLCanvasElement} */ ($("canvas.img", mainFrame));
  before.style.width = `${img.offsetWidth}px`;
  before.style.height = `${img.offsetHeight}px`;
}

/** @param {boolean} shown */
function showBefore(shown) {
  rebuild.showingBefore = shown;
  fitBefore();
  before.hidden = !shown;
  setText($("#beforeEdit"), shown ? "After the edit" : "Before the edit");
  $("#beforeEdit").classList.toggle("on", shown);
  emit("rebuild", { toggle: shown });
}
$("#beforeEdit").onclick = () => showBefore(!rebuild.showingBefore);
// A frame painted: the toggle's picture keeps the new one's size; once the user has played a step of their own
// after a replay, the note about where that replay stopped is old news and leaves the notes' line.
onPainted(() => {
  if (rebuild.showingBefore) fitBefore();
  const log = /** @type {{ log: import("./types").LogEntry[] }} */ (window.__live).log;
  const last = log.length ? log[log.length - 1] : null;
  if (last && last.input && !last.replayed && rebuild.last && rebuild.last.state === "stopped") setText(note, "");
});

/** @param {import("./types").BuildDiagnostic} d */
function diagnosticLine(d) {
  const where = `${d.file}:${d.line}${d.column ? `:${d.column}` : ""}`;
  return `<li class="${d.severity === "warning" ? "warn" : "err"}"><code>${esc(where)}</code> ` +
    `<b>${esc(d.severity)}</b>: ${esc(d.message)}</li>`;
}

on("rebuild", (m) => {
  const previous = rebuild.last;
  rebuild.last = m;
  box.hidden = false;
  // The picture as the build ended is the one before the edit: kept before the replay's frame paints over it.
  if (m.state === "replaying" && rebuild.beforeBuild !== m.build) {
    rebuild.beforeBuild = m.build;
    keepBefore();
    if (rebuild.showingBefore) showBefore(false);
  }
  $("#beforeEdit").toggleAttribute("disabled", rebuild.beforeBuild === 0);
  const changed = m.changed.map((p) => p.split("/").pop()).join(", ");
  const words = {
    watching: `watching ${m.watching.join(", ")}: a save rebuilds the app`,
    building: `building (${changed} saved)…`,
    failed: "build failed",  // the note over the picture says the picture is the last good build's
    replaying: `built in ${m.seconds} s: restarting the app and replaying ${m.replay ? m.replay.steps : 0} steps…`,
    done: `rebuilt in ${m.seconds} s, ${m.replay ? m.replay.played : 0} steps replayed: this is the new build`,
    stopped: `rebuilt in ${m.seconds} s; the replay stopped`,
  };
  setText($("#rebuildState"), words[m.state] || m.state);
  box.className = m.state;
  const errors = m.diagnostics.filter((d) => d.severity !== "warning");
  setText(note, m.state === "failed" ? `Build failed (${errors.length} error${errors.length === 1 ? "" : "s"}): ` +
    "the picture is the last good build's. " : m.state === "stopped" ? "Rebuilt; the replay stopped before the screen " +
    "you were on. " : m.state === "building" ? "Building… " : "");
  let detail = "";
  if (m.message && m.state !== "done") detail += `<div class="msg">${esc(m.message)}</div>`;
  if (m.replay && m.replay.stoppedAt !== undefined) {
    detail += `<div class="msg">The replay stopped at step ${m.replay.stoppedAt + 1} of ${m.replay.steps}: ` +
      `${esc(m.replay.message || "")}</div>`;
  } else if (m.replay && m.replay.message) {
    detail += `<div class="msg">${esc(m.replay.message)}</div>`;
  }
  if (m.diagnostics.length) detail += `<ul class="diags">${m.diagnostics.map(diagnosticLine).join("")}</ul>`;
  if (m.state === "failed" && m.output) {
    detail += `<details${m.diagnostics.length ? "" : " open"}><summary>the build's output (its last lines)</summary>` +
      `<pre>${esc(m.output)}</pre></details>`;
  }
  $("#rebuildDetail").innerHTML = detail;
  if (!previous || previous.state !== m.state || previous.build !== m.build) emit("rebuild", m);
});

// The timeline under the picture: a button per snapshot, tick and the final frame; the slider scrubs
// virtual time; ▶ plays at real speed.
import { $, $input, setText } from "./dom.js";
import { setView } from "./sessions.js";
import { state } from "./state.js";

/**
 * The timeline of the frame shown; its buttons are built again only when the captures changed.
 * @param {import("./types").FrameMeta} meta
 */
export function renderTimeline(meta) {
  if (!state.view) return;
  const capture = state.view.capture;
  const tl = meta.timeline || [];
  const max = tl.length ? Math.max(...tl.map((c) => c.time)) : 0;
  const scrub = $input("#scrub");
  scrub.max = String(max);
  if (!state.playing) scrub.value = String(meta.shown ? meta.shown.time : max);
  setText($("#time"), capture === "final" ? `final · ${max} ms` : `${meta.shown ? meta.shown.time : 0} ms`);
  const sig = tl.map((c) => `${c.kind}${c.name}${c.time}`).join("|") + capture;
  if (sig === state.timelineSig) return;
  state.timelineSig = sig;
  const box = $("#captures");
  box.innerHTML = "";
  for (const c of tl) {
    if (c.kind === "tick" && tl.length > 60 && c.index % Math.ceil(tl.length / 60)) continue;
    const b = document.createElement("button");
    b.className = c.kind;
    b.textContent = c.kind === "snapshot" ? (c.name || "snapshot") : c.kind === "final" ? "final" : `${c.time} ms`;
    b.title = `${c.kind} at ${c.time} ms, step ${c.step}`;
    const at = c.kind === "final" ? "final" : `capture:${c.index}`;
    b.dataset.capture = at;
    b.classList.toggle("on", capture === at);
    b.onclick = () => { stop(); setView({ capture: at }); };
    box.append(b);
  }
}

$input("#scrub").addEventListener("input", (e) => {
  stop();
  setView({ capture: `at:${/** @type {HTMLInputElement} */ (e.target).value}` });
});

function stop() { state.playing = false; $("#play").textContent = "▶"; }

$("#play").onclick = () => {
  if (state.playing) return stop();
  const max = Number($input("#scrub").max);
  if (!max) return;
  state.playing = true;
  $("#play").textContent = "■";
  let from = Number($input("#scrub").value);
  if (from >= max) from = 0;
  const start = performance.now();
  /** @param {number} now */
  const step = (now) => {
    if (!state.playing) return;
    const t = Math.min(max, Math.round(from + now - start));
    $input("#scrub").value = String(t);
    if (state.waiting === 0) setView({ capture: `at:${t}` });  // a frame at a time: real speed, frames skipped if slow
    if (t >= max) return stop();
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
};

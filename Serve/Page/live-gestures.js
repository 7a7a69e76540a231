// The picture's pointer in the live mode, as a finger on a phone: a click is a `tap` at that point;
// held still for a third of a second it is a `press` until released (`release`); moved more than a
// few px before that, it is a drag that scrolls the scroll container under where it started (neither
// a tap nor a press); the wheel scrolls the container under the pointer. Every point goes to the app
// as it is: the engine in the app decides what it reaches (semantics.md item 39).
import { $canvas } from "./dom.js";
import { dpPoint } from "./hover.js";
import { live, step } from "./live-controls.js";
import { state } from "./state.js";

/** @typedef {import("./types").TreeEntry} TreeEntry */
/**
 * A drag of a scroll container: its offset at the start, the last one sent and the one now.
 * @typedef {{ box: TreeEntry, from: number, sent: number, value: number }} Drag
 */
/**
 * A button held on the picture: where (dp and client px), and what it has become.
 * @typedef {{ p: { x: number, y: number }, cx: number, cy: number, pressed: boolean, moved: boolean,
 *   drag: Drag | null, timer: number }} Down
 */

const over = $canvas(".pic[data-slot=main] .overlay");
const slop = 6;  // CSS px a click may move and stay a tap (a touch screen's slop)
const holdMs = 350;  // held still this long: a press
const scrollers = ["scrollLayout", "listView", "gridView"];
/** @type {Down | null} */
let down = null;
let dragEnded = false;  // the click that follows a drag's mouseup selects nothing in the inspector

/**
 * The innermost scroll container whose frame holds the point (dp); later entries are drawn on top.
 * @param {{ x: number, y: number }} p
 * @returns {TreeEntry | undefined}
 */
function scrollBoxAt(p) {
  /** @param {import("./types").Rect} f */
  const holds = (f) => p.x >= f[0] && p.y >= f[1] && p.x < f[0] + f[2] && p.y < f[1] + f[3];
  return state.tree.filter((t) => scrollers.includes(t.kind) && t.frame && holds(t.frame)).pop();
}

/**
 * A drag's offset: the offset at its start minus the distance dragged down, in dp (content follows the
 * pointer); not below 0 (the engine clamps the far end to the content).
 * @param {Down} d
 * @param {Drag} drag
 * @param {MouseEvent} e
 */
function dragValue(d, drag, e) {
  const dy = ((e.clientY - d.cy) / over.clientHeight) * state.metas.main.device.height;
  return Math.max(0, Math.round(drag.from - dy));
}

/**
 * One scroll step with the drag's offset, unless the app has that offset already.
 * @param {Down} d
 * @param {Drag} drag
 */
function scrollTo(d, drag) {
  if (drag.value === drag.sent) return;
  drag.sent = drag.value;
  live.offsets.set(drag.box.id, drag.value);
  step({ type: "scroll", x: d.p.x, y: d.p.y, value: drag.value });
}

over.addEventListener("mousedown", (e) => {
  if (!state.metas.main || e.button !== 0) return;
  e.preventDefault();  // a drag selects no text of the page
  const p = dpPoint("main", e);
  /** @type {Down} */
  const d = { p, cx: e.clientX, cy: e.clientY, pressed: false, moved: false, drag: null, timer: 0 };
  d.timer = window.setTimeout(() => { d.pressed = true; step({ type: "press", x: p.x, y: p.y }); }, holdMs);
  down = d;
});
// While dragging, a scroll step whenever the app has answered every step sent (one in flight at
// most: the picture follows at the app's pace, with no queue of stale offsets), and the last
// offset at release. A press that began (held still first) stays a press: no step cancels one.
window.addEventListener("mousemove", (e) => {
  const d = down;
  if (!d || d.pressed) return;
  if (!d.moved) {
    if (Math.hypot(e.clientX - d.cx, e.clientY - d.cy) <= slop) return;
    d.moved = true;
    clearTimeout(d.timer);
    const box = scrollBoxAt(d.p);
    const from = box ? live.offsets.get(box.id) || 0 : 0;
    if (box) d.drag = { box, from, sent: from, value: from };  // the app has `from` already
  }
  const drag = d.drag;
  if (!drag) return;
  drag.value = dragValue(d, drag, e);
  if (live.busy === 0) scrollTo(d, drag);
});
window.addEventListener("mouseup", (e) => {
  const d = down;
  if (!d) return;
  clearTimeout(d.timer);
  down = null;
  if (d.moved) {
    dragEnded = true;
    setTimeout(() => { dragEnded = false; });  // after this mouseup's click, if one comes
  }
  const drag = d.drag;
  if (drag) {
    drag.value = dragValue(d, drag, e);
    scrollTo(d, drag);
  } else if (d.pressed) step({ type: "release", x: d.p.x, y: d.p.y });
  else if (!d.moved && e.target === over) step({ type: "tap", x: d.p.x, y: d.p.y });
});
over.addEventListener("click", (e) => { if (dragEnded) e.stopImmediatePropagation(); }, { capture: true });
over.addEventListener("wheel", (e) => {
  if (!state.metas.main) return;
  e.preventDefault();
  const p = dpPoint("main", e);
  const box = scrollBoxAt(p);
  const from = box ? (live.offsets.get(box.id) || 0) : 0;
  const value = Math.max(0, Math.round(from + e.deltaY));
  if (box) live.offsets.set(box.id, value);
  step({ type: "scroll", x: p.x, y: p.y, value });
}, { passive: false });

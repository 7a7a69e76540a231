// The outlines over each picture: the selected element (blue), other parts' outlines (a11y.js's
// findings, magenta) and the element under the pointer (orange, dashed).
import { $canvas, context2d, figure } from "./dom.js";
import { state } from "./state.js";

/** @typedef {import("./types").Rect} Rect */
/** @typedef {(frame: Rect | null | undefined, color: string, dash: number[]) => void} Collect */

/** @type {Array<(slot: string, collect: Collect) => void>} */
const outliners = [];

/**
 * Adds outlines drawn over each slot, after the selection's and before the hover's.
 * @param {(slot: string, collect: Collect) => void} fn  calls collect with each frame to outline
 */
export function addOutlines(fn) { outliners.push(fn); }

// What each overlay shows: the same outlines are not drawn again.
/** @type {WeakMap<HTMLCanvasElement, string>} */
const drawnSig = new WeakMap();

/**
 * An overlay canvas sized anew is blank: its outlines are drawn again.
 * @param {HTMLCanvasElement} over
 */
export function forgetOutlines(over) { drawnSig.set(over, ""); }

export function drawAllOutlines() { for (const slot in state.metas) drawOutlines(slot); }

/** @param {string} slot */
export function drawOutlines(slot) {
  const meta = state.metas[slot];
  if (!meta) return;
  const over = $canvas(".overlay", figure(slot));
  /** @type {Array<[Rect, string, number[]]>} */
  const boxes = [];
  /** @type {Collect} */
  const collect = (f, color, dash) => { if (f) boxes.push([f, color, dash]); };
  if (state.selected !== null) {
    const el = state.byId.get(state.selected);
    collect(el ? el.frame : null, "rgba(45,108,223,1)", []);
  }
  for (const fn of outliners) fn(slot, collect);
  const sideBySide = !!state.view && state.view.sideBySide;
  if (state.hover && (state.hover.slot === slot || sideBySide)) collect(state.hover.frame, "rgba(230,80,0,1)", [6, 3]);
  // The same outlines as drawn: the canvas is left alone (a redraw is a browser frame, and a frame
  // begun just before a live tap's picture arrives makes the picture wait for the next one).
  const sig = JSON.stringify(boxes);
  if (drawnSig.get(over) === sig) return;
  drawnSig.set(over, sig);
  const ctx = context2d(over);
  ctx.clearRect(0, 0, over.width, over.height);
  const k = over.width / meta.device.width;
  for (const [f, color, dash] of boxes) {
    ctx.save(); ctx.strokeStyle = color; ctx.lineWidth = 2 * devicePixelRatio; ctx.setLineDash(dash);
    ctx.fillStyle = color.replace("1)", "0.12)");
    ctx.fillRect(f[0] * k, f[1] * k, f[2] * k, f[3] * k);
    ctx.strokeRect(f[0] * k + 1, f[1] * k + 1, Math.max(0, f[2] * k - 2), Math.max(0, f[3] * k - 2));
    ctx.restore();
  }
}

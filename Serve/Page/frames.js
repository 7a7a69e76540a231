// The pictures: frame messages decoded and painted on their slot's canvas, in order, and sized to
// the stage.
import { $, $canvas, $input, context2d, figure, setText } from "./dom.js";
import { refreshInspector } from "./hover.js";
import { drawOutlines, forgetOutlines } from "./outlines.js";
import { sendView } from "./sessions.js";
import { onFrames, send } from "./socket.js";
import { emit, state } from "./state.js";
import { renderTimeline } from "./timeline.js";
import { setTree } from "./tree.js";

/** @typedef {import("./types").FrameHead} FrameHead */
/** @typedef {import("./types").FrameMeta} FrameMeta */
/** @typedef {import("./types").Reply<FrameMeta>} FrameReply */
/** @typedef {import("./types").PaintedFrame} PaintedFrame */

// What waits for the frames being decoded and drawn to be on screen (afterDrawing).
/** @type {Array<() => void>} */
const waitingForDrawing = [];

/**
 * Runs fn once no frame is being decoded or drawn (at once when none is).
 * @param {() => void} fn
 */
export function afterDrawing(fn) { if (state.drawing) waitingForDrawing.push(fn); else fn(); }

function drawn() {
  state.drawing = Math.max(0, state.drawing - 1);
  if (!state.drawing) for (const fn of waitingForDrawing.splice(0)) fn();
}

/** @type {Array<() => void>} */
const paintedHooks = [];

/**
 * Adds what runs after each frame painted, once the tree, timeline and inspector have followed it
 * (a11y.js asks for the new state's findings).
 * @param {() => void} fn
 */
export function onPainted(fn) { paintedHooks.push(fn); }

/** @param {ArrayBuffer} buf */
async function onFrame(buf) {
  const recv = performance.timeOrigin + performance.now();  // for the bench's breakdown
  const view = new DataView(buf);
  const n = view.getUint32(0);
  /** @type {FrameHead} */
  const head = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, n)));
  const png = new Uint8Array(buf, 4 + n);
  if (!state.view || head.session !== state.view.session) return;
  // Frames arrive in order, but a PNG is decoded on the browser's decoder thread: a small one
  // can come back before a larger one that arrived first. Each slot shows only frames newer
  // than the one it shows (an older whole frame painted after would put the old state back).
  const seq = (state.arrived[head.slot] = (state.arrived[head.slot] || 0) + 1);
  state.waiting = Math.max(0, state.waiting - 1);
  const meta = head.meta;
  showDiagnostics(head, meta);
  if (!meta.ok || !png.length) {  // a broken save: the last good picture stays
    /** @type {PaintedFrame} */
    const f = { slot: head.slot, version: head.version, ok: false, t: performance.timeOrigin + performance.now() };
    window.__frames.push(f);
    emit("frame", f);
    return;
  }
  state.drawing++;
  /** @type {ImageBitmap | ImageData} */
  let bitmap;
  // A small changed rectangle comes as pixel runs, expanded here at once; a PNG goes through
  // the browser's decoder thread and comes back a task later.
  if (head.patchFormat === "runs" && head.patch) bitmap = pixelRuns(png, head.patch[2], head.patch[3]);
  else try { bitmap = await createImageBitmap(new Blob([png], { type: "image/png" })); } catch (e) { drawn(); throw e; }
  const close = () => { if (bitmap instanceof ImageBitmap) bitmap.close(); };
  const decoded = performance.timeOrigin + performance.now();
  state.metas[head.slot] = meta;
  requestAnimationFrame((ts) => {
    if (seq < (state.paintedSeq[head.slot] || 0)) { close(); drawn(); return; }
    const canvas = $canvas(".img", figure(head.slot));
    const shown = state.shown;
    if (head.patch && shown[head.slot] !== head.base) {  // not over the frame it changes: ask again
      close();
      sendView(); drawn(); return;
    }
    const changed = shown[head.slot] !== head.state;
    if (bitmap instanceof ImageData) {
      const at = head.patch || [0, 0];
      context2d(canvas).putImageData(bitmap, at[0], at[1]);
    } else if (head.patch) context2d(canvas).drawImage(bitmap, head.patch[0], head.patch[1]);
    else {
      canvas.width = bitmap.width; canvas.height = bitmap.height; context2d(canvas).drawImage(bitmap, 0, 0);
    }
    shown[head.slot] = head.state;
    state.paintedSeq[head.slot] = seq;
    close();
    layoutSlot(head.slot);
    const t = performance.timeOrigin + ts;
    const capture = state.view ? state.view.capture : undefined;
    /** @type {PaintedFrame} */
    const f = { slot: head.slot, version: head.version, state: head.state, look: head.look, ok: true, t,
      width: canvas.width, height: canvas.height, capture,
      noticed: head.noticed, sent: head.sent, recv, decoded, timing: meta.timing, bytes: png.length,
      patch: head.patch || null, format: head.patch ? head.patchFormat || "png" : "whole" };
    window.__frames.push(f);
    if (window.__frames.length > 500) window.__frames.splice(0, 100);
    send({ type: "painted", slot: head.slot, version: head.version, state: head.state, t });
    // The tree, the timeline and the inspector after the picture is on screen: rebuilding the
    // tree's rows before it would hold the new picture back (docs/serve.md, "Live").
    setTimeout(() => {
      if (head.slot !== "ios") { setTree(meta.tree || []); renderTimeline(meta); }
      if (changed) refreshInspector(head.slot);
      emit("frame", f);
      drawn();
      for (const fn of paintedHooks) fn();
    }, 0);
  });
  setText(/** @type {HTMLElement} */ (figure(head.slot).querySelector("figcaption")), caption(head, meta));
}
onFrames(onFrame);

/**
 * Pixel runs (docs/serve.md, "Live"; Sources/render/PixelRuns.swift) to an ImageData: byte h < 128:
 * h + 1 literal pixels follow; h >= 128: one pixel repeated h - 126 times. Pixels are premultiplied B,
 * G, R, A; straight RGBA comes out, rounded as the PNG encoder rounds.
 * @param {Uint8Array} bytes
 * @param {number} w
 * @param {number} h
 * @returns {ImageData}
 */
function pixelRuns(bytes, w, h) {
  const out = new Uint8ClampedArray(w * h * 4);
  /** @type {(c: number, a: number) => number} */
  const un = (c, a) => (a === 0 ? 0 : Math.min(255, Math.floor((c * 255 + (a >> 1)) / a)));
  let i = 0, o = 0;
  while (i < bytes.length && o < out.length) {
    const c = bytes[i++];
    let n = c < 128 ? c + 1 : 1;
    const repeat = c < 128 ? 1 : c - 126;
    for (; n > 0; n--, i += 4) {
      const b = bytes[i], g = bytes[i + 1], r = bytes[i + 2], a = bytes[i + 3];
      let R = r, G = g, B = b;
      if (a !== 255) { R = un(r, a); G = un(g, a); B = un(b, a); }
      for (let k = 0; k < repeat; k++, o += 4) { out[o] = R; out[o + 1] = G; out[o + 2] = B; out[o + 3] = a; }
    }
  }
  return new ImageData(out, w, h);
}

/**
 * @param {FrameHead} head
 * @param {FrameMeta} meta
 */
function caption(head, meta) {
  const d = meta.device;
  const look = head.slot === "main" ? head.look : head.slot;
  return `${head.session.replace(/\.json$/, "")} · ${look} · ${d.width}×${d.height} dp @${d.scale}`;
}

/**
 * A save that does not render (or renders with errors): its diagnostics over the picture.
 * @param {FrameHead} head
 * @param {FrameReply} meta  the frame's answer, or why it failed
 */
function showDiagnostics(head, meta) {
  const box = $("#diagnostics");
  const diags = (meta.diagnostics || []).filter((d) => !meta.ok || d.severity === "error");
  if (!diags.length) { box.hidden = true; setText(box, ""); return; }
  box.hidden = false;
  box.classList.toggle("warn", meta.ok);
  const lines = diags.map((d) => {
    const where = d.step !== undefined ? `step ${d.step}: ` : "";
    return `${head.session}: ${where}${d.severity}: ${d.message}${d.code ? ` [${d.code}]` : ""}`;
  });
  setText(box, (meta.ok ? "" : "This save does not render; showing the last good picture.\n") + lines.join("\n"));
}

/**
 * The picture's CSS size: the device's size in dp (1 CSS pixel per dp), or fitted to the stage.
 * @param {string} slot
 */
export function layoutSlot(slot) {
  const meta = state.metas[slot];
  if (!meta) return;
  const fig = figure(slot);
  const img = $canvas(".img", fig), over = $canvas(".overlay", fig);
  let w = meta.device.width, h = meta.device.height;
  if ($input("#fit").checked) {
    const box = $("#pictures").getBoundingClientRect();
    const slots = state.view && state.view.sideBySide ? 2 : 1;
    const k = Math.min((box.height - 24) / h, (box.width / slots - 16) / w, 2);
    w = Math.max(40, Math.floor(w * k)); h = Math.max(40, Math.floor(h * k));
  }
  for (const c of [img, over]) { c.style.width = `${w}px`; c.style.height = `${h}px`; }
  over.width = Math.round(w * devicePixelRatio); over.height = Math.round(h * devicePixelRatio);
  forgetOutlines(over);  // a canvas sized anew is blank
  drawOutlines(slot);
}

// For tests: a pixel of a picture (canvas pixels), as [r, g, b, a].
window.__probe = (slot, x, y) => Array.from(context2d($canvas(".img", figure(slot))).getImageData(x, y, 1, 1).data);

// Small DOM helpers every part of the page uses.

/**
 * The first element that matches; the page's markup always has the ones asked for.
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {HTMLElement}
 */
export function $(selector, root = document) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/**
 * An <input> or <select> of the page, by selector.
 * @param {string} selector
 * @returns {HTMLInputElement}
 */
export function $input(selector) {
  return /** @type {HTMLInputElement} */ (document.querySelector(selector));
}

/**
 * A <canvas> of the page, by selector.
 * @param {string} selector
 * @param {ParentNode} [root]
 * @returns {HTMLCanvasElement}
 */
export function $canvas(selector, root = document) {
  return /** @type {HTMLCanvasElement} */ (root.querySelector(selector));
}

/**
 * A canvas's 2D context (a canvas always has one unless another kind was asked of it first).
 * @param {HTMLCanvasElement} canvas
 * @returns {CanvasRenderingContext2D}
 */
export function context2d(canvas) {
  const g = canvas.getContext("2d");
  if (!g) throw new Error("no 2d context");
  return g;
}

// Text set only when it differs: the same text set again still replaces the text node, and every
// live tap then laid out the page around each caption and label it touched.
/**
 * @param {HTMLElement} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @type {Record<string, string>} */
const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text made safe to put in HTML, in an element or a quoted attribute.
 * @param {unknown} s
 * @returns {string}
 */
export function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => entities[c]);
}

/**
 * The picture's figure of a slot: main, ios or android.
 * @param {string} slot
 * @returns {HTMLElement}
 */
export function figure(slot) {
  return $(`.pic[data-slot="${slot}"]`);
}

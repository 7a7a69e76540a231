// The Elements pane: the worker's tree of the frame shown, in paint order; a row hovered outlines its
// element, a row clicked selects it.
import { $ } from "./dom.js";
import { select } from "./hover.js";
import { drawAllOutlines } from "./outlines.js";
import { state } from "./state.js";

/** @typedef {import("./types").TreeEntry} TreeEntry */

/** @type {Array<(entries: TreeEntry[]) => void>} */
const treeHooks = [];

/**
 * Adds what runs after each new tree is set (live-action-bar.js shows the app's bar buttons).
 * @param {(entries: TreeEntry[]) => void} fn
 */
export function onTree(fn) { treeHooks.push(fn); }

/**
 * The tree of the frame shown; its rows are built again only when its elements changed.
 * @param {TreeEntry[]} entries
 */
export function setTree(entries) {
  showTree(entries);
  for (const fn of treeHooks) fn(entries);
}

/** @param {TreeEntry[]} entries */
function showTree(entries) {
  const sig = entries.map((e) => `${e.id}:${e.parent}:${e.kind}:${e.text}`).join("|");
  state.tree = entries;
  state.byId = new Map(entries.map((e) => [e.id, e]));
  // The hovered element's outline follows its frame in the new state (or goes with it).
  if (state.hover && state.hover.id !== undefined) {
    const e = state.byId.get(state.hover.id);
    state.hover = e ? { ...state.hover, frame: e.frame } : null;
  }
  if (sig === state.treeSig) { drawAllOutlines(); return; }
  state.treeSig = sig;
  const open = new Set([...document.querySelectorAll("#tree details[open]")].map((d) => {
    return /** @type {HTMLElement} */ (d).dataset.id;
  }));
  /** @type {Map<number | "root", TreeEntry[]>} */
  const kids = new Map();
  for (const e of entries) {
    const p = e.parent ?? "root";
    const list = kids.get(p) || [];
    if (!kids.has(p)) kids.set(p, list);
    list.push(e);
  }
  /** @type {(e: TreeEntry) => HTMLElement} */
  const build = (e) => {
    const label = `${e.kind} #${e.id}${e.text ? ` "${e.text.slice(0, 30)}"` : ""}`;
    const children = kids.get(e.id) || [];
    /** @type {HTMLElement} */
    let node, head;
    if (children.length) {
      const details = document.createElement("details");
      node = details;
      details.dataset.id = String(e.id);
      details.open = open.size ? open.has(String(e.id)) : true;
      head = document.createElement("summary");
      node.append(head);
      for (const c of children) node.append(build(c));
    } else {
      node = head = document.createElement("div");
      head.className = "leaf";
    }
    head.textContent = label;
    head.dataset.id = String(e.id);
    head.title = e.reachable ? `${e.kind} ${e.id} (its locator: hover or select it)` : `not reachable: ${e.why || ""}`;
    if (!e.reachable) head.classList.add("unreachable");
    head.addEventListener("click", () => select(e.id, null));
    head.addEventListener("mouseenter", () => { state.hover = { id: e.id, frame: e.frame, slot: "*" }; drawAllOutlines(); });
    return node;
  };
  const tree = $("#tree");
  tree.innerHTML = "";
  for (const e of kids.get("root") || []) tree.append(build(e));
  if (state.selected !== null) markTree(state.selected);
  drawAllOutlines();
}

/**
 * Marks the selected element's row, opens its ancestors and scrolls it into view.
 * @param {number} id
 */
export function markTree(id) {
  const n = document.querySelector(`#tree [data-id="${id}"]:is(summary, .leaf)`);
  const marked = document.querySelectorAll("#tree .sel");
  if (n && marked.length === 1 && marked[0] === n) return;  // as shown: no style or layout work
  for (const m of marked) m.classList.remove("sel");
  if (!n) return;
  n.classList.add("sel");
  for (let d = n.parentElement; d && d.id !== "tree"; d = d.parentElement) {
    if (d instanceof HTMLDetailsElement) d.open = true;
  }
  n.scrollIntoView({ block: "nearest" });
}

// What the page knows (the view asked for, the frames shown, hover and selection), and the events the
// browser tests wait on.

/** @typedef {import("./types").FrameMeta} FrameMeta */
/** @typedef {import("./types").TreeEntry} TreeEntry */
/** @typedef {import("./types").PortabilityFinding} PortabilityFinding */
/** @typedef {import("./types").Rect} Rect */
/** @typedef {import("./types").InspectAnswer} InspectAnswer */
/** @typedef {import("./types").AnswerDiagnostic} AnswerDiagnostic */

/**
 * The view the page asks the server for.
 * @typedef {{ session: string, look: string, device: string, fontScale: number, capture: string,
 *   sideBySide: boolean }} View
 */
/** @typedef {{ type: "hover", slot: string, x: number, y: number }} HoverAsk */
/** @typedef {{ id?: number, frame?: Rect | null, slot: string }} Hover */
/**
 * The last inspector answer (or its failure) and what asked.
 * @typedef {Partial<Omit<InspectAnswer, "ok">> & { ok?: boolean, diagnostics?: AnswerDiagnostic[], slot: string,
 *   source: string, n: number }} Inspected
 */

export const state = {
  /** @type {import("./types").SessionItem[]} */ sessions: [],
  /** @type {View | null} */ view: null,
  /** @type {Record<string, FrameMeta>} */ metas: {},
  /** @type {TreeEntry[]} */ tree: [],
  /** @type {Map<number, TreeEntry>} */ byId: new Map(),
  /** @type {Hover | null} */ hover: null,
  /** @type {number | null} */ selected: null,
  /** @type {Rect | null | undefined} */ selectedFrame: null,
  /** @type {PortabilityFinding[]} */ findings: [],
  /** @type {Inspected | null} */ inspect: null,
  /** @type {HoverAsk | null} */ pendingHover: null,
  /** @type {HoverAsk | null} */ lastHover: null,
  hoverBusy: false, selectOnHover: false, pressing: false, hoverFrame: 0,
  /** @type {string | null} */ movedTo: null,
  asks: 0, hoverAsked: 0, selectedAsk: 0, inspects: 0,
  /** @type {number | null | undefined} */ asked: null,
  playing: false, waiting: 0,
  /** Per slot: frames received, and the number of the one on screen. */
  /** @type {Record<string, number>} */ arrived: {},
  /** @type {Record<string, number>} */ paintedSeq: {},
  /** Per slot: the state painted (the frame a patch must be drawn over). */
  /** @type {Record<string, string>} */ shown: {},
  /** Frames being decoded and drawn (frames.js, afterDrawing). */
  drawing: 0,
  /** @type {string | null} */ treeSig: null,
  /** @type {string | null} */ timelineSig: null,
};

// For tests and the bench: every frame painted, with the page's requestAnimationFrame time.
window.__frames = [];
window.__state = state;

// Tests wait on events, not on time: __on(kind, test) resolves with the first event of that kind (the
// last 200 included) for which test returns true. A part of the page with events of its own adds its
// kind to `history` (a11y.js, live.js).
/** @type {Array<{ kind: string, test: (data: any) => boolean, resolve: (data: unknown) => void }>} */
const listeners = [];
/** @type {Record<string, unknown[]>} */
export const history = { frame: window.__frames, inspect: [], portability: [] };
window.__on = (kind, test) => new Promise((resolve) => {
  const past = (history[kind] || []).find(test);
  if (past) resolve(past); else listeners.push({ kind, test, resolve });
});

/**
 * An event of the page: kept for __on (frames are in __frames already) and handed to its waiters.
 * @param {string} kind
 * @param {unknown} data
 */
export function emit(kind, data) {
  if (kind !== "frame") { history[kind].push(data); if (history[kind].length > 200) history[kind].shift(); }
  for (const l of [...listeners]) {
    if (l.kind === kind && l.test(data)) { listeners.splice(listeners.indexOf(l), 1); l.resolve(data); }
  }
}

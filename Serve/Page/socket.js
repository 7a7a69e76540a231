// The page's WebSocket: messages out (send), text messages in to the handler each part of the page
// registers for its type (on), binary messages (frames) to the frame handler (onFrames).
import { $, setText } from "./dom.js";

/** @typedef {import("./types").ServerMessage} ServerMessage */

/** @type {WebSocket | null} */
let ws = null;

/**
 * The handler of each type of text message. A test hook too (window.__handlers): the live bench wraps
 * the live handler to time the page's work on each message.
 * @type {Map<string, (m: any) => void>}
 */
const handlers = new Map();
window.__handlers = handlers;

/** @type {(buffer: ArrayBuffer) => void} */
let frameHandler = () => {};

/**
 * Registers the handler of one type of the server's text messages (a type has one handler).
 * @template {ServerMessage["type"]} T
 * @param {T} type
 * @param {(m: Extract<ServerMessage, { type: T }>) => void} handler
 */
export function on(type, handler) {
  handlers.set(type, handler);
}

/**
 * Registers the handler of the binary messages, the frames.
 * @param {(buffer: ArrayBuffer) => void} handler
 */
export function onFrames(handler) {
  frameHandler = handler;
}

/**
 * A message to the server, when connected (a view is sent again on connecting).
 * @param {object} o
 */
export function send(o) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(o));
}

/**
 * The status line at the bar's right.
 * @param {string} text
 * @param {boolean} [bad]
 */
export function status(text, bad) {
  const s = $("#status");
  setText(s, text);
  s.classList.toggle("bad", !!bad);
}

/** @type {() => void} */
let onOpen = () => {};

/**
 * Connects, and again a second after every close. main.js calls it once every part has registered
 * its handlers: a message that arrived before would go to no handler (the live app's first log was lost
 * when the live script came late).
 * @param {() => void} opened  what to do on each connection (the view is sent again)
 */
export function connect(opened) {
  onOpen = opened;
  open();
}

function open() {
  ws = new WebSocket(`ws://${location.host}/ws`);
  ws.binaryType = "arraybuffer";
  ws.onopen = () => { status("live"); onOpen(); };
  ws.onclose = (e) => {
    status(e.reason ? `disconnected: ${e.reason}` : "disconnected; retrying…", true);
    window.__closed = { code: e.code, reason: e.reason };
    setTimeout(open, 1000);
  };
  ws.onmessage = (e) => {
    if (typeof e.data !== "string") return frameHandler(e.data);
    /** @type {ServerMessage} */
    const m = JSON.parse(e.data);
    const handler = handlers.get(m.type);
    if (handler) handler(m);
  };
}

// A message the server sends when a request of this page failed (a session gone, say).
on("error", (m) => status(m.message, true));

// The app's action bar in the live mode's bar: one button per button of each action bar on the
// screen (the worker's tree names them in `barButtons`: back or menu, save or compose). A click on
// the picture's bar reaches the bar itself, so a bar button is pressed as the session format does
// it: a `tap` on the bar with the button's name (session-format.md section 4), which sends the app
// the framework's `CommandEvent` (back -2, menu -1, save -4, compose -3). A bar a dialog covers
// keeps its buttons, disabled, with the reason (docs/decisions/2026-11-28-live-action-bar-buttons.md).
import { $ } from "./dom.js";
import { step } from "./live-controls.js";
import { onTree } from "./tree.js";

/** @type {Record<string, string>} */
const names = { back: "‹ Back", menu: "☰ Menu", save: "Save", compose: "Compose" };
/** @type {Record<string, number>} */
const events = { back: -2, menu: -1, save: -4, compose: -3 };
const span = document.createElement("span");
span.id = "barButtons";
$('#liveBar [data-sys="back"]').after(span);
/** @type {string | null} */
let shown = null;

onTree((entries) => {
  const bars = entries.filter((e) => e.barButtons);
  const sig = JSON.stringify(bars.map((b) => [b.id, b.text, b.barButtons, b.reachable, b.why]));
  if (sig === shown) return;
  shown = sig;
  span.replaceChildren(...bars.flatMap((b) => {
    const label = document.createElement("span");
    label.textContent = `Action bar${b.text ? ` "${b.text}"` : ""}:`;
    return [label, ...(b.barButtons || []).map((name) => {
      const button = document.createElement("button");
      button.textContent = names[name] || name;
      button.dataset.bar = String(b.id);
      button.dataset.button = name;
      button.disabled = !b.reachable;
      button.title = b.reachable ? `The action bar's ${name} button (CommandEvent ${events[name]})` :
        `not reachable: ${b.why || ""}`;
      button.onclick = () => step({ type: "tap", internalId: b.id, textValue: name });
      return button;
    })];
  }));
});

/// The picture's pointer in the live mode, as a finger on a phone: a click is a `tap` at that point;
/// held still for a third of a second it is a `press` until released (`release`); moved more than a
/// few px before that, it is a drag that scrolls the scroll container under where it started (neither
/// a tap nor a press); the wheel scrolls the container under the pointer. Every point goes to the app
/// as it is: the engine in the app decides what it reaches (semantics.md item 39).
extension LivePage {
    static let gestures = #"""
        "use strict";
        (() => {
          const live = window.__live, step = window.__liveStep;
          const over = $(".pic[data-slot=main] .overlay");
          const slop = 6;  // CSS px a click may move and stay a tap (a touch screen's slop)
          const holdMs = 350;  // held still this long: a press
          const scrollers = ["scrollLayout", "listView", "gridView"];
          let down = null;
          let dragEnded = false;  // the click that follows a drag's mouseup selects nothing in the inspector

          // The innermost scroll container whose frame holds the point (dp); later entries are drawn on top.
          function scrollBoxAt(p) {
            const holds = (f) => p.x >= f[0] && p.y >= f[1] && p.x < f[0] + f[2] && p.y < f[1] + f[3];
            return state.tree.filter((t) => scrollers.includes(t.kind) && t.frame && holds(t.frame)).pop();
          }

          // A drag's offset: the offset at its start minus the distance dragged down, in dp (content follows
          // the pointer); not below 0 (the engine clamps the far end to the content).
          function dragValue(d, e) {
            const dy = ((e.clientY - d.cy) / over.clientHeight) * state.metas.main.device.height;
            return Math.max(0, Math.round(d.drag.from - dy));
          }

          // One scroll step with the drag's offset, unless the app has that offset already.
          function scrollTo(d) {
            if (d.drag.value === d.drag.sent) return;
            d.drag.sent = d.drag.value;
            live.offsets.set(d.drag.box.id, d.drag.value);
            step({ type: "scroll", x: d.p.x, y: d.p.y, value: d.drag.value });
          }

          over.addEventListener("mousedown", (e) => {
            if (!state.metas.main || e.button !== 0) return;
            e.preventDefault();  // a drag selects no text of the page
            const p = dpPoint("main", e);
            const d = { p, cx: e.clientX, cy: e.clientY, pressed: false, moved: false, drag: null };
            d.timer = setTimeout(() => { d.pressed = true; step({ type: "press", x: p.x, y: p.y }); }, holdMs);
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
            if (!d.drag) return;
            d.drag.value = dragValue(d, e);
            if (live.busy === 0) scrollTo(d);
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
            if (d.drag) {
              d.drag.value = dragValue(d, e);
              scrollTo(d);
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
        })();

        """#
}

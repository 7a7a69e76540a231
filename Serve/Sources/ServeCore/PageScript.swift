extension Page {
    /// The page's behaviour. Hover and selection ask the server, which asks the engine's hit map
    /// (semantics.md item 39): the page draws outlines but never decides what is under the pointer.
    static let script = #"""
        "use strict";
        const $ = (s, r = document) => r.querySelector(s);
        // Text set only when it differs: the same text set again still replaces the text node, and every
        // live tap then laid out the page around each caption and label it touched.
        function setText(el, t) { if (el.textContent !== t) el.textContent = t; }
        const state = {
          sessions: [], view: null, metas: {}, tree: [], byId: new Map(), hover: null, selected: null,
          findings: [], inspect: null, pendingHover: null, hoverBusy: false, asks: 0, hoverAsked: 0, selectedAsk: 0, playing: false, waiting: 0,
          arrived: {}, paintedSeq: {},  // per slot: frames received, and the number of the one on screen
        };
        // For tests and the bench: every frame painted, with the page's requestAnimationFrame time.
        window.__frames = [];
        window.__state = state;
        // Tests wait on events, not on time: __on(kind, test) resolves with the first event of that
        // kind (the last 200 included) for which test returns true.
        const listeners = [], history = { frame: window.__frames, inspect: [], portability: [] };
        window.__on = (kind, test) => new Promise((resolve) => {
          const past = (history[kind] || []).find(test);
          if (past) resolve(past); else listeners.push({ kind, test, resolve });
        });
        function emit(kind, data) {
          if (kind !== "frame") { history[kind].push(data); if (history[kind].length > 200) history[kind].shift(); }
          for (const l of [...listeners]) {
            if (l.kind === kind && l.test(data)) { listeners.splice(listeners.indexOf(l), 1); l.resolve(data); }
          }
        }
        let ws = null;

        function send(o) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(o)); }

        function connect() {
          ws = new WebSocket(`ws://${location.host}/ws`);
          ws.binaryType = "arraybuffer";
          ws.onopen = () => { status("live"); if (state.view) sendView(); };
          ws.onclose = (e) => {
            status(e.reason ? `disconnected: ${e.reason}` : "disconnected; retrying…", true);
            window.__closed = { code: e.code, reason: e.reason };
            setTimeout(connect, 1000);
          };
          ws.onmessage = (e) => typeof e.data === "string" ? onText(JSON.parse(e.data)) : onFrame(e.data);
        }

        function status(t, bad) { const s = $("#status"); setText(s, t); s.classList.toggle("bad", !!bad); }

        function onText(m) {
          if (m.type === "sessions") return onSessions(m);
          if (m.type === "inspect") return onInspect(m);
          if (m.type === "a11y") return onA11y(m);
          if (m.type === "portability") {
            if (!state.view || m.session !== state.view.session) return;
            state.findings = (m.data && m.data.findings) || [];
            renderNotes();
            emit("portability", state.findings);
            return;
          }
          if (m.type === "error") status(m.message, true);
        }

        // ---- sessions and controls

        function fillSelect(sel, values, current) {
          if (sel.dataset.filled === values.join("|")) return;
          sel.dataset.filled = values.join("|");
          sel.innerHTML = "";
          for (const v of values) { const o = document.createElement("option"); o.value = o.textContent = v; sel.append(o); }
          if (current !== undefined) sel.value = current;
        }

        function onSessions(m) {
          const first = !state.sessions.length && !state.view;
          state.sessions = m.items;
          fillSelect($("#look"), m.looks, state.view ? state.view.look : m.look);
          fillSelect($("#device"), m.devices, state.view ? state.view.device : m.device);
          if (!state.view) $("#fontScale").value = String(m.fontScale);
          const list = $("#list");
          const known = new Map([...list.children].map((li) => [li.dataset.name, li]));
          list.innerHTML = "";
          for (const s of m.items) {
            let li = known.get(s.name);
            if (!li) {
              li = document.createElement("li");
              li.dataset.name = s.name;
              const img = document.createElement("img");
              img.alt = "";
              img.onerror = () => li.classList.add("broken");
              img.onload = () => li.classList.remove("broken");
              const span = document.createElement("span");
              span.textContent = s.name.replace(/\.json$/, "");
              li.append(img, span);
              li.onclick = () => choose(s.name);
            }
            const src = `/thumb/${encodeURIComponent(s.name)}?v=${s.version}`;
            const img = li.querySelector("img");
            // A new thumbnail once the frame being drawn is on screen: its request and render would
            // share the cores with the picture's decode and paint.
            if (img.getAttribute("src") !== src) afterDrawing(() => img.setAttribute("src", src));
            li.classList.toggle("selected", !!state.view && state.view.session === s.name);
            list.append(li);
          }
          $("#empty").hidden = m.items.length > 0;
          if ((first || !state.view) && m.items.length) choose(m.items[0].name);
        }

        function choose(name) {
          const v = state.view || {};
          state.view = {
            session: name, look: $("#look").value || "default", device: $("#device").value || "session",
            fontScale: Number($("#fontScale").value), capture: "final", sideBySide: $("#sideBySide").checked,
          };
          if (v.session !== name) { state.selected = null; state.inspect = null; state.findings = []; renderInspector(); }
          for (const li of $("#list").children) li.classList.toggle("selected", li.dataset.name === name);
          sendView();
        }

        function sendView() { state.waiting = state.view.sideBySide ? 2 : 1; send({ type: "view", ...state.view }); }

        function setView(change) { if (!state.view) return; Object.assign(state.view, change); sendView(); }

        $("#look").onchange = (e) => setView({ look: e.target.value });
        $("#device").onchange = (e) => setView({ device: e.target.value });
        $("#fontScale").onchange = (e) => setView({ fontScale: Number(e.target.value) });
        $("#sideBySide").onchange = (e) => {
          for (const f of document.querySelectorAll(".pic")) f.hidden = (f.dataset.slot === "main") === e.target.checked;
          $("#notes").hidden = !e.target.checked;
          setView({ sideBySide: e.target.checked });
        };
        $("#fit").onchange = () => { for (const slot in state.metas) layoutSlot(slot); };
        window.addEventListener("resize", () => { for (const slot in state.metas) layoutSlot(slot); });

        // ---- frames

        // Frames being decoded and drawn, and what waits for them to be on screen (afterDrawing).
        state.drawing = 0;
        const waitingForDrawing = [];
        function afterDrawing(fn) { if (state.drawing) waitingForDrawing.push(fn); else fn(); }
        function drawn() {
          state.drawing = Math.max(0, state.drawing - 1);
          if (!state.drawing) for (const fn of waitingForDrawing.splice(0)) fn();
        }

        function figure(slot) { return document.querySelector(`.pic[data-slot="${slot}"]`); }

        async function onFrame(buf) {
          const recv = performance.timeOrigin + performance.now();  // for the bench's breakdown
          const view = new DataView(buf);
          const n = view.getUint32(0);
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
            const f = { slot: head.slot, version: head.version, ok: false, t: performance.timeOrigin + performance.now() };
            window.__frames.push(f);
            emit("frame", f);
            return;
          }
          state.drawing++;
          let bitmap;
          // A small changed rectangle comes as pixel runs, expanded here at once; a PNG goes through
          // the browser's decoder thread and comes back a task later.
          if (head.patchFormat === "runs") bitmap = pixelRuns(png, head.patch[2], head.patch[3]);
          else try { bitmap = await createImageBitmap(new Blob([png], { type: "image/png" })); } catch (e) { drawn(); throw e; }
          const decoded = performance.timeOrigin + performance.now();
          state.metas[head.slot] = meta;
          requestAnimationFrame((ts) => {
            if (seq < (state.paintedSeq[head.slot] || 0)) { if (bitmap.close) bitmap.close(); drawn(); return; }
            const canvas = $(".img", figure(head.slot));
            const shown = state.shown || (state.shown = {});
            if (head.patch && shown[head.slot] !== head.base) {  // not over the frame it changes: ask again
              if (bitmap.close) bitmap.close();
              sendView(); drawn(); return;
            }
            const changed = shown[head.slot] !== head.state;
            if (bitmap instanceof ImageData) canvas.getContext("2d").putImageData(bitmap, head.patch[0], head.patch[1]);
            else if (head.patch) canvas.getContext("2d").drawImage(bitmap, head.patch[0], head.patch[1]);
            else { canvas.width = bitmap.width; canvas.height = bitmap.height; canvas.getContext("2d").drawImage(bitmap, 0, 0); }
            shown[head.slot] = head.state;
            state.paintedSeq[head.slot] = seq;
            if (bitmap.close) bitmap.close();
            layoutSlot(head.slot);
            const t = performance.timeOrigin + ts;
            const f = { slot: head.slot, version: head.version, state: head.state, look: head.look, ok: true, t,
              width: canvas.width, height: canvas.height, capture: state.view.capture,
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
              a11yPainted();
            }, 0);
          });
          setText(figure(head.slot).querySelector("figcaption"), caption(head, meta));
        }

        // Pixel runs (docs/serve.md, "Live"; Sources/render/PixelRuns.swift) to an ImageData:
        // byte h < 128: h + 1 literal pixels follow; h >= 128: one pixel repeated h - 126 times. Pixels are
        // premultiplied B, G, R, A; straight RGBA comes out, rounded as the PNG encoder rounds.
        function pixelRuns(bytes, w, h) {
          const out = new Uint8ClampedArray(w * h * 4);
          const un = (c, a) => (a === 0 ? 0 : Math.min(255, Math.floor((c * 255 + (a >> 1)) / a)));
          let i = 0, o = 0;
          while (i < bytes.length && o < out.length) {
            const c = bytes[i++];
            let n = c < 128 ? c + 1 : 1, repeat = c < 128 ? 1 : c - 126;
            for (; n > 0; n--, i += 4) {
              const b = bytes[i], g = bytes[i + 1], r = bytes[i + 2], a = bytes[i + 3];
              let R = r, G = g, B = b;
              if (a !== 255) { R = un(r, a); G = un(g, a); B = un(b, a); }
              for (let k = 0; k < repeat; k++, o += 4) { out[o] = R; out[o + 1] = G; out[o + 2] = B; out[o + 3] = a; }
            }
          }
          return new ImageData(out, w, h);
        }

        function caption(head, meta) {
          const d = meta.device;
          const look = head.slot === "main" ? head.look : head.slot;
          return `${head.session.replace(/\.json$/, "")} · ${look} · ${d.width}×${d.height} dp @${d.scale}`;
        }

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

        // The picture's CSS size: the device's size in dp (1 CSS pixel per dp), or fitted to the stage.
        function layoutSlot(slot) {
          const meta = state.metas[slot];
          if (!meta) return;
          const fig = figure(slot);
          const img = $(".img", fig), over = $(".overlay", fig);
          let w = meta.device.width, h = meta.device.height;
          if ($("#fit").checked) {
            const box = $("#pictures").getBoundingClientRect();
            const slots = state.view && state.view.sideBySide ? 2 : 1;
            const k = Math.min((box.height - 24) / h, (box.width / slots - 16) / w, 2);
            w = Math.max(40, Math.floor(w * k)); h = Math.max(40, Math.floor(h * k));
          }
          for (const c of [img, over]) { c.style.width = `${w}px`; c.style.height = `${h}px`; }
          over.width = Math.round(w * devicePixelRatio); over.height = Math.round(h * devicePixelRatio);
          over.drawnSig = "";  // a canvas sized anew is blank
          drawOutlines(slot);
        }

        // ---- hover, selection, tree

        function dpPoint(slot, e) {
          const meta = state.metas[slot], over = e.target;
          return { x: (e.offsetX / over.clientWidth) * meta.device.width, y: (e.offsetY / over.clientHeight) * meta.device.height };
        }

        for (const fig of document.querySelectorAll(".pic")) {
          const slot = fig.dataset.slot, over = $(".overlay", fig);
          over.addEventListener("mousemove", (e) => {
            if (!state.metas[slot]) return;
            // A move to where the pointer was asks nothing new (the browser sends such moves around a
            // click; a new state under a still pointer is asked again by refreshInspector).
            const p = dpPoint(slot, e);
            const at = `${slot} ${p.x} ${p.y}`;
            if (at === state.movedTo) return;
            state.movedTo = at;
            state.pendingHover = { type: "hover", slot, x: p.x, y: p.y };
            // Asked once per animation frame at most (a pointer moves many times per frame), and not
            // while a button is down: a press in the same frame is a tap in the live mode, and the
            // tap's step goes first (a hover asked before it held it up by 5 ms on the server).
            if (!state.hoverFrame) state.hoverFrame = requestAnimationFrame(() => { state.hoverFrame = 0; pumpHover(); });
          });
          over.addEventListener("mousedown", () => { state.pressing = true; });
          over.addEventListener("mouseleave", () => { state.hover = null; state.movedTo = null; drawAllOutlines(); });
          over.addEventListener("click", () => {
            // A point the engine has not answered for yet: the click selects what its answer names.
            if (state.pendingHover || state.hoverBusy) state.selectOnHover = true;
            else if (state.hover && state.hover.id !== undefined) select(state.hover.id, slot, false);
          });
        }
        // The held hover goes after everything the release sends (the live mode's tap first).
        window.addEventListener("mouseup", () => {
          if (!state.pressing) return;
          state.pressing = false;
          setTimeout(pumpHover);
        });

        function pumpHover() {
          if (state.hoverBusy || !state.pendingHover || state.pressing) return;
          state.hoverBusy = true;
          send(state.pendingHover);
          state.hoverAsked = ++state.asks;
          state.lastHover = state.pendingHover;
          state.pendingHover = null;
        }

        function onInspect(m) {
          if (m.source === "hover") { state.hoverBusy = false; pumpHover(); }
          const d = m.data || {};
          if (m.source === "hover") state.hover = d.touch === "element" ? { id: d.id, frame: d.frame, slot: m.slot } : null;
          // The answer for the point a click waited for (no newer one asked): its element is selected.
          if (m.source === "hover" && state.selectOnHover && !state.hoverBusy && !state.pendingHover) {
            state.selectOnHover = false;
            if (state.hover) return select(state.hover.id, m.slot, false);
          }
          // A hover asked before the latest selection answers late: the selected element's facts stay.
          if (m.source === "hover" && state.selected !== null && state.hoverAsked < state.selectedAsk) {
            return drawAllOutlines();
          }
          state.inspect = { ...d, slot: m.slot, source: m.source, n: (state.inspects = (state.inspects || 0) + 1) };
          window.__inspect = state.inspect;
          renderInspector();
          drawAllOutlines();
          emit("inspect", state.inspect);
        }

        function select(id, slot, fromTree) {
          state.selected = id;
          state.selectedAsk = ++state.asks;
          const el = state.byId.get(id);
          state.selectedFrame = el ? el.frame : null;
          markTree(id);
          drawAllOutlines();
          state.asked = id;
          send({ type: "element", slot: slot || (state.view.sideBySide ? "android" : "main"), id });
        }

        // A new state painted in the slot the inspector reads (a save, another look, device or capture):
        // its values are asked again of the new state, the selected element's or the one under the pointer.
        function refreshInspector(slot) {
          const d = state.inspect;
          if (!d || d.slot !== slot) return;
          if (state.selected !== null) {
            state.asked = state.selected;
            send({ type: "element", slot, id: state.selected });
          } else if (d.source === "hover" && state.lastHover && state.lastHover.slot === slot) {
            state.pendingHover = state.lastHover;
            pumpHover();
          }
        }

        function drawAllOutlines() { for (const slot in state.metas) drawOutlines(slot); }

        function drawOutlines(slot) {
          const meta = state.metas[slot];
          if (!meta) return;
          const over = $(".overlay", figure(slot));
          const boxes = [];
          const collect = (f, color, dash) => { if (f) boxes.push([f, color, dash]); };
          if (state.selected !== null) {
            const el = state.byId.get(state.selected);
            collect(el ? el.frame : null, "rgba(45,108,223,1)", []);
          }
          a11yOutlines(slot, collect);
          if (state.hover && (state.hover.slot === slot || state.view.sideBySide)) collect(state.hover.frame, "rgba(230,80,0,1)", [6, 3]);
          // The same outlines as drawn: the canvas is left alone (a redraw is a browser frame, and a frame
          // begun just before a live tap's picture arrives makes the picture wait for the next one).
          const sig = JSON.stringify(boxes);
          if (over.drawnSig === sig) return;
          over.drawnSig = sig;
          const ctx = over.getContext("2d");
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

        function setTree(entries) {
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
          const open = new Set([...document.querySelectorAll("#tree details[open]")].map((d) => d.dataset.id));
          const kids = new Map();
          for (const e of entries) { const p = e.parent ?? "root"; if (!kids.has(p)) kids.set(p, []); kids.get(p).push(e); }
          const build = (e) => {
            const label = `${e.kind} #${e.id}${e.text ? ` "${e.text.slice(0, 30)}"` : ""}`;
            const children = kids.get(e.id) || [];
            let node, head;
            if (children.length) {
              node = document.createElement("details");
              node.dataset.id = e.id;
              node.open = open.size ? open.has(String(e.id)) : true;
              head = document.createElement("summary");
              node.append(head);
              for (const c of children) node.append(build(c));
            } else {
              node = head = document.createElement("div");
              head.className = "leaf";
            }
            head.textContent = label;
            head.dataset.id = e.id;
            head.title = e.reachable ? `${e.kind} ${e.id} (its locator: hover or select it)` : `not reachable: ${e.why || ""}`;
            if (!e.reachable) head.classList.add("unreachable");
            head.addEventListener("click", (ev) => { if (ev.detail !== 0 || true) select(e.id, null, true); });
            head.addEventListener("mouseenter", () => { state.hover = { id: e.id, frame: e.frame, slot: "*" }; drawAllOutlines(); });
            return node;
          };
          const tree = $("#tree");
          tree.innerHTML = "";
          for (const e of kids.get("root") || []) tree.append(build(e));
          if (state.selected !== null) markTree(state.selected);
          drawAllOutlines();
        }

        function markTree(id) {
          const n = document.querySelector(`#tree [data-id="${id}"]:is(summary, .leaf)`);
          const marked = document.querySelectorAll("#tree .sel");
          if (n && marked.length === 1 && marked[0] === n) return;  // as shown: no style or layout work
          for (const m of marked) m.classList.remove("sel");
          if (!n) return;
          n.classList.add("sel");
          for (let d = n.parentElement; d && d.id !== "tree"; d = d.parentElement) if (d.tagName === "DETAILS") d.open = true;
          n.scrollIntoView({ block: "nearest" });
        }

        // ---- inspector

        function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }
        function fmt(n) { return String(Math.round(n * 100) / 100); }  // as `render inspect` prints dp
        function frameText(f) { return f ? `${fmt(f[0])}, ${fmt(f[1])} · ${fmt(f[2])} × ${fmt(f[3])} dp` : "—"; }

        function renderInspector() {
          const box = $("#inspector"), d = state.inspect;
          if (!d) return showInspector(box, `<p class="hint">Hover the picture to inspect an element; click to select it.</p>`);
          if (!d.ok) {
            const why = ((d.diagnostics || [])[0] || {}).message || "no answer";
            // The selected element is not in the state now shown (a save removed it, say).
            const id = state.asked;
            const gone = d.source === "tree" && id !== null && id !== undefined && !state.byId.has(id);
            const text = gone ? `Element #${id} is not on this frame any more (${why}).` : why;
            return showInspector(box, `<p class="hint${gone ? " gone" : ""}">${esc(text)}</p>`);
          }
          if (d.touch !== "element") return showInspector(box, `<p class="hint">${esc((d.lines || []).join("\n"))}</p>`);
          const el = state.byId.get(d.id) || {};
          const rows = [["id", d.id], ["type", d.kind], ["text", d.text || "—"], ["frame", frameText(d.frame)],
            ["locator", d.locator ? `<code>${esc(d.locator)}</code>` : (el.why ? esc(`not reachable: ${el.why}`) : "—")]];
          let html = `<table id="facts">${rows.map(([k, v]) => `<tr><th>${k}</th><td data-key="${k}">${k === "locator" ? v : esc(v)}</td></tr>`).join("")}</table>`;
          html += a11yInspector(d.id, d.slot);  // its findings first, where they are seen without scrolling
          const styleRows = [], raw = [];
          for (const line of (d.lines || []).slice(1)) {
            const m = /^\s*([\w.-]+): (.*?)(?: \(([^()]*)\))?$/.exec(line);
            if (m) styleRows.push(m); else raw.push(line);
          }
          html += `<h3>Resolved style</h3>`;
          html += styleRows.length
            ? `<table id="style">${styleRows.map((m) => `<tr><th>${esc(m[1])}</th><td>${esc(m[2])}` +
              (m[3] ? ` <span class="src">${esc(m[3])}</span>` : "") + `</td></tr>`).join("")}</table>`
            : `<p class="hint">none reported</p>`;
          if (raw.length) html += `<div class="raw">${esc(raw.join("\n"))}</div>`;
          const notes = state.findings.filter((f) => f.id === d.id);
          html += `<h3>Portability</h3>` + (notes.length
            ? `<ul id="portability">${notes.map((f) => `<li>${esc(f.line || f.message)}</li>`).join("")}</ul>`
            : `<p class="hint">no difference between iOS and Android reported for this element</p>`);
          showInspector(box, html);
        }

        // The same facts again (a new state that left the element as it was): the DOM stays, and so
        // does its layout; rebuilding it cost the page milliseconds per live frame.
        function showInspector(box, html) {
          if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
        }

        function renderNotes() {
          const box = $("#notes");
          const differing = state.findings.filter((f) => f.ios || f.android);
          const list = differing.length ? differing : state.findings;
          box.innerHTML = `<strong>iOS | Android: ${list.length} note${list.length === 1 ? "" : "s"}</strong>` +
            `<ul>${list.map((f) => `<li data-id="${f.id ?? ""}">${esc(f.line || f.message)}</li>`).join("")}</ul>`;
          for (const li of box.querySelectorAll("li[data-id]")) {
            if (li.dataset.id) li.onclick = () => select(Number(li.dataset.id), "android", false);
          }
          renderInspector();
        }

        // ---- timeline: snapshots and ticks; scrub in virtual time; play at real speed

        function renderTimeline(meta) {
          const tl = meta.timeline || [];
          const max = tl.length ? Math.max(...tl.map((c) => c.time)) : 0;
          const scrub = $("#scrub");
          scrub.max = String(max);
          if (!state.playing) scrub.value = String(meta.shown ? meta.shown.time : max);
          setText($("#time"), state.view.capture === "final" ? `final · ${max} ms` : `${meta.shown ? meta.shown.time : 0} ms`);
          const sig = tl.map((c) => `${c.kind}${c.name}${c.time}`).join("|") + state.view.capture;
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
            const capture = c.kind === "final" ? "final" : `capture:${c.index}`;
            b.dataset.capture = capture;
            b.classList.toggle("on", state.view.capture === capture);
            b.onclick = () => { stop(); setView({ capture }); };
            box.append(b);
          }
        }

        $("#scrub").addEventListener("input", (e) => { stop(); setView({ capture: `at:${e.target.value}` }); });

        function stop() { state.playing = false; $("#play").textContent = "▶"; }

        $("#play").onclick = () => {
          if (state.playing) return stop();
          const max = Number($("#scrub").max);
          if (!max) return;
          state.playing = true;
          $("#play").textContent = "■";
          let from = Number($("#scrub").value);
          if (from >= max) from = 0;
          const start = performance.now();
          const step = (now) => {
            if (!state.playing) return;
            const t = Math.min(max, Math.round(from + now - start));
            $("#scrub").value = String(t);
            if (state.waiting === 0) setView({ capture: `at:${t}` });  // a frame at a time: real speed, frames skipped if slow
            if (t >= max) return stop();
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        };

        // For tests: a pixel of a picture (canvas pixels), as [r, g, b, a].
        window.__probe = (slot, x, y) => Array.from($(".img", figure(slot)).getContext("2d").getImageData(x, y, 1, 1).data);

        // Once every script has run (a11y.js and live.js add message handlers after this one): a
        // message that arrived between them went to no handler (the live app's first log was lost
        // when live.js came late).
        if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", connect);
        else connect();

        """#
}

"""The soak's light pages (soak.py): a WebSocket client on a raw socket that behaves as the page's script does
for frames (Serve/Page/frames.js): on the `sessions` message it sends `view` for the first session (the server's
look, device and font scale, the final capture), and after every frame `painted` with the frame's slot,
version and state, so the server may send changed rectangles. It keeps, for each frame, its arrival time, its
header's version and state and the texts of the frame's tree (`meta.tree`) that the soak looks for, and the
latest `live` message. Every read has a time limit; it never blocks the soak."""
import base64
import json
import os
import socket
import struct
import threading
import time

from serve_support import masked_frame

MARKS = ("typed ", "flooded", "no events", "stdout closed", "save ")


class Frame:
    __slots__ = ("t", "version", "state", "texts")

    def __init__(self, t, version, state, texts):
        self.t, self.version, self.state, self.texts = t, version, state, texts


class LightPage:
    def __init__(self, host, port, name):
        self.name = name
        self.frames = []
        self.live = None
        self.field_id = None
        self.closed = None
        self.viewing = False
        self.cond = threading.Condition()
        self.send_lock = threading.Lock()
        self.stop = False
        self.sock = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        deadline = time.time() + 10
        while b"\r\n\r\n" not in head and time.time() < deadline:
            chunk = self.sock.recv(4096)
            if not chunk:
                break
            head += chunk
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"{name}: no WebSocket: {head[:200]!r}")
        self.buf = head.split(b"\r\n\r\n", 1)[1]
        self.frag_op, self.frag = None, b""
        self.sock.settimeout(0.5)
        self.thread = threading.Thread(target=self.run, name=name, daemon=True)
        self.thread.start()

    # ---- wire

    def send_frame(self, opcode, payload):
        frame = masked_frame(opcode, payload)
        with self.send_lock:
            try:
                self.sock.sendall(frame)
            except OSError as e:
                self.closed = self.closed or f"send: {e}"

    def send(self, obj):
        self.send_frame(0x1, json.dumps(obj).encode())

    def messages(self):
        """Whole messages in the buffer: (opcode, payload); continuation frames joined (across reads)."""
        out, at, buf = [], 0, self.buf
        while len(buf) - at >= 2:
            b0, b1 = buf[at], buf[at + 1]
            n, p = b1 & 0x7F, at + 2
            if n == 126:
                if len(buf) - p < 2:
                    break
                n, p = struct.unpack(">H", buf[p:p + 2])[0], p + 2
            elif n == 127:
                if len(buf) - p < 8:
                    break
                n, p = struct.unpack(">Q", buf[p:p + 8])[0], p + 8
            if len(buf) - p < n:
                break
            payload, at = buf[p:p + n], p + n
            op = b0 & 0x0F
            if op >= 0x8:  # control frames may come between fragments
                out.append((op, payload))
                continue
            if op != 0:
                self.frag_op, self.frag = op, b""
            self.frag += payload
            if b0 & 0x80:
                out.append((self.frag_op, self.frag))
                self.frag_op, self.frag = None, b""
        self.buf = buf[at:]
        return out

    def run(self):
        for op, data in self.messages():  # what came with the handshake's answer
            self.handle(op, data)
        while not self.stop and not self.closed:
            try:
                chunk = self.sock.recv(1 << 20)
            except socket.timeout:
                continue
            except OSError as e:
                self.closed = f"recv: {e}"
                break
            if not chunk:
                self.closed = "the server closed the connection"
                break
            self.buf += chunk
            for op, data in self.messages():
                self.handle(op, data)
        with self.cond:
            self.cond.notify_all()

    def handle(self, op, data):
        t = time.time()
        if op == 0x9:
            self.send_frame(0xA, data)
            return
        if op == 0x8:
            self.closed = f"close frame {data[:2].hex()} {data[2:]!r}"
            return
        if op == 0x1:
            m = json.loads(data)
            if m.get("type") == "sessions" and not self.viewing and m.get("items"):
                self.viewing = True
                self.send({"type": "view", "session": m["items"][0]["name"], "look": m.get("look", "default"),
                           "device": m.get("device", "session"), "fontScale": m.get("fontScale", 1),
                           "capture": "final", "sideBySide": False})
            elif m.get("type") == "live":
                with self.cond:
                    self.live = m
                    self.cond.notify_all()
            return
        if op == 0x2:
            n = struct.unpack(">I", data[:4])[0]
            head = json.loads(data[4:4 + n])
            meta = head.get("meta") or {}
            texts = set()
            for e in meta.get("tree") or []:
                text = e.get("text")
                if isinstance(text, str) and text.startswith(MARKS):
                    texts.add(text)
                if self.field_id is None and e.get("kind") == "textField":
                    self.field_id = e.get("id")
            f = Frame(t, head.get("version"), head.get("state"), frozenset(texts))
            self.send({"type": "painted", "slot": head.get("slot"), "version": head.get("version"),
                       "state": head.get("state"), "t": t * 1000})
            with self.cond:
                self.frames.append(f)
                if len(self.frames) > 20000:
                    del self.frames[:5000]
                self.cond.notify_all()

    # ---- what the soak asks

    def wait(self, test, timeout):
        """Waits (at most timeout s) until test(self) holds; whether it did."""
        with self.cond:
            return self.cond.wait_for(lambda: test(self) or self.closed is not None, timeout) and test(self)

    def has_frame(self, test):
        return any(test(f) for f in self.frames)

    def first(self, test):
        return next((f for f in self.frames if test(f)), None)

    def wait_first(self, test, timeout):
        """The first frame that passes the test, waiting at most timeout s for it; None: none."""
        found = []

        def check(p):
            f = p.first(test)
            if f:
                found.append(f)
            return f is not None
        self.wait(check, timeout)
        return found[0] if found else None

    def last_frame(self):
        with self.cond:
            return self.frames[-1] if self.frames else None

    def count_since(self, t):
        with self.cond:
            return sum(1 for f in self.frames if f.t >= t)

    def live_seq(self):
        return (self.live or {}).get("seq", 0)

    def running(self):
        return (self.live or {}).get("running", False)

    def last_n(self):
        log = (self.live or {}).get("log") or []
        return max((e.get("n", -1) for e in log), default=-1)

    def close(self):
        self.stop = True
        try:
            self.sock.close()
        except OSError:
            pass
        self.thread.join(timeout=2)

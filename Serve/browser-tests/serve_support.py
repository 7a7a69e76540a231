"""What the `render serve` tests and the bench share: a session folder, a server process, a
minimal WebSocket client (the 50-page and security tests need raw frames a browser would not send)."""
import argparse
import atexit
import base64
import http.client
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import unittest
import zlib


# The messages between page and server, as Sources/ServeProtocol's types describe them
# (Serve/Page/messages.schema.json, written from the types by Serve/Tests/ServeUnitTests/SchemaTests.swift): every
# message a test sees, from the raw clients below and from each test class's chromium page, is checked against it.
SCHEMA = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Page",
                                     "messages.schema.json"), encoding="utf-8"))
SCHEMA_PROBLEMS = []
SCHEMA_CHECKED = {"serverText": 0, "frameHead": 0, "pageMessage": 0}
try:
    import jsonschema
except ImportError:  # a small validator for the keywords the schema uses
    jsonschema = None


def _fits_type(value, t):
    """Whether `value` is of the JSON Schema type `t` (a bool is not a number)."""
    kinds = {"object": dict, "array": list, "string": str, "boolean": bool}
    if t in kinds:
        return isinstance(value, kinds[t])
    if t == "null":
        return value is None
    if t == "integer":
        return not isinstance(value, bool) and isinstance(value, int)
    if t == "number":
        return not isinstance(value, bool) and isinstance(value, (int, float))
    return True


def _problems(value, schema, at="$"):
    """What in `value` does not fit `schema` (type, const, properties, required, additionalProperties, items,
    oneOf, $ref): the fallback when Python's jsonschema is not installed."""
    if "$ref" in schema:
        node = SCHEMA
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        return _problems(value, node, at)
    if "oneOf" in schema:
        fits = [s for s in schema["oneOf"] if not _problems(value, s, at)]
        return [] if len(fits) == 1 else [f"{at}: fits {len(fits)} of oneOf"]
    if "const" in schema and value != schema["const"]:
        return [f"{at}: {value!r} is not {schema['const']!r}"]
    t = schema.get("type")
    if t is not None and not any(_fits_type(value, one) for one in (t if isinstance(t, list) else [t])):
        return [f"{at}: {type(value).__name__} is not {t}"]
    out = []
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{at}: no {k}" for k in schema.get("required", []) if k not in value]
        if schema.get("additionalProperties") is False:
            out += [f"{at}: {k} is not in the schema" for k in value if k not in props]
        for k, v in value.items():
            if k in props:
                out += _problems(v, props[k], f"{at}.{k}")
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            out += _problems(v, schema["items"], f"{at}[{i}]")
    return out


def check_message(kind, message, at_once=False):
    """Checks one message against the schema's `kind` (serverText, frameHead or pageMessage): a mismatch raises
    at once (`at_once`: the raw clients, in the test's own code) or is kept in SCHEMA_PROBLEMS (the page's, seen
    in Playwright's callbacks: the test fails on it in its tearDown, `assert_schema`)."""
    SCHEMA_CHECKED[kind] += 1
    if jsonschema is not None:
        errors = [f"{'.'.join(map(str, e.absolute_path)) or '$'}: {e.message[:200]}"
                  for e in jsonschema.Draft7Validator(dict(SCHEMA, **{"$ref": f"#/{kind}"})).iter_errors(message)]
    else:
        errors = _problems(message, SCHEMA[kind])
    if errors:
        problem = f"{kind} {json.dumps(message)[:300]}: {'; '.join(errors)[:500]}"
        if at_once:
            raise AssertionError("a message that does not fit Serve/Page/messages.schema.json: " + problem)
        SCHEMA_PROBLEMS.append(problem)


def check_frame(data, at_once=False):
    """Checks a binary frame message's head (4 bytes of length, then the JSON)."""
    n = struct.unpack(">I", data[:4])[0]
    check_message("frameHead", json.loads(data[4:4 + n]), at_once)


def _report_checked():
    print(f"schema: {SCHEMA_CHECKED['serverText']} server text messages, {SCHEMA_CHECKED['frameHead']} frame "
          f"heads and {SCHEMA_CHECKED['pageMessage']} page messages fit Serve/Page/messages.schema.json",
          file=sys.stderr)


atexit.register(_report_checked)


def assert_schema(case):
    """Fails `case` when a message seen so far did not fit the schema."""
    problems, SCHEMA_PROBLEMS[:] = list(SCHEMA_PROBLEMS), []
    case.assertEqual(problems, [], "messages that do not fit Serve/Page/messages.schema.json")


def watch_messages(page):
    """Checks every WebSocket message the page sends and receives against the schema."""
    def on_socket(ws):
        def sent(payload):
            if isinstance(payload, str):
                check_message("pageMessage", json.loads(payload))

        def received(payload):
            if isinstance(payload, str):
                check_message("serverText", json.loads(payload))
            else:
                check_frame(payload)
        ws.on("framesent", sent)
        ws.on("framereceived", received)
    page.on("websocket", on_socket)


def session(background="#e3f2fd", final_background="#ffcc80", label="Hello"):
    """A small session: a coloured frame layout, one text element, a snapshot `first`, then the
    background changed and a tick (so the timeline has a snapshot, a tick and the final frame)."""
    def style(i, k, v):
        return {"type": "SET_STYLE", "internalId": i, "value": 0, "textValue": k, "textValue2": v}
    steps = [
        {"type": "CREATE_APPLICATION", "internalId": 0, "childInternalId": 1, "textValue": "com.example.serve"},
        {"type": "CREATE_FRAMEVIEW", "internalId": 1, "childInternalId": 2},
        {"type": "CREATE_FRAME_LAYOUT", "internalId": 2, "childInternalId": 3},
        style(3, "width", "match-parent"), style(3, "height", "match-parent"),
        style(3, "background-color", background),
        {"type": "CREATE_TEXT", "internalId": 3, "childInternalId": 4, "textValue": label},
        style(4, "gravity", "top|left"), style(4, "margin", "20"), style(4, "padding", "10"),
        style(4, "background-color", "#1e88e5"), style(4, "color", "#ffffff"),
        style(4, "font-family", "DejaVu Sans"), style(4, "font-size", "16"),
        {"type": "snapshot", "name": "first"},
        style(3, "background-color", final_background),
        {"type": "tick", "ms": 200},
    ]
    return json.dumps({"format": "framework-session", "version": 1, "name": "serve-test",
                       "device": {"width": 360, "height": 640, "scale": 2}, "steps": steps}, indent=1)


def write(path, text):
    """Writes a file the way an editor saves: a new file renamed over the old one."""
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


def hex_rgb(h):
    return [int(h[i:i + 2], 16) for i in (1, 3, 5)]


class Server:
    """`render serve FOLDER --port 0`; the address from its first line."""

    def __init__(self, render, folder, *extra, preexec_fn=None):
        # RENDER_SERVE=path runs that server binary directly (a debug build while working on it).
        command = ([os.environ["RENDER_SERVE"], "--render", render] if os.environ.get("RENDER_SERVE")
                   else [render, "serve"])
        self.proc = subprocess.Popen([*command, folder, "--port", "0", *extra], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, preexec_fn=preexec_fn)
        line = self.proc.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"render serve did not start: {line!r} {self.proc.stderr.read()}")
        self.host, self.port = m.group(1), int(m.group(2))
        self.url = f"http://{self.host}:{self.port}/"

    def get(self, path, headers=None):
        status, _, body = self.response(path, headers)
        return status, body

    def response(self, path, headers=None):
        """A GET's status, headers (lower-case names) and body."""
        c = http.client.HTTPConnection(self.host, self.port, timeout=60)
        c.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        h = {"Host": f"{self.host}:{self.port}"}
        h.update(headers or {})
        for k, v in h.items():
            c.putheader(k, v)
        c.endheaders()
        r = c.getresponse()
        body = r.read()
        c.close()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, body

    def stats(self):
        return json.loads(self.get("/api/stats")[1])

    def stop(self):
        """Ctrl-C: SIGINT, then the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=60)


def masked_frame(opcode, payload, declared=None):
    """A client's WebSocket frame (final, masked, RFC 6455 5.2); `declared` overrides the length it states."""
    n = len(payload) if declared is None else declared
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class WS:
    """A WebSocket client over a plain socket, masked frames out as RFC 6455 requires."""

    def __init__(self, server, host=None, origin=None):
        self.sock = socket.create_connection((server.host, server.port), timeout=120)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET /ws HTTP/1.1", f"Host: {host or f'{server.host}:{server.port}'}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1") else 0
        self.buf = b""

    def send_frame(self, opcode, payload, declared=None):
        self.sock.sendall(masked_frame(opcode, payload, declared))

    def send(self, obj):
        self.send_frame(0x1, json.dumps(obj).encode())

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def message(self):
        """The next whole message: (opcode, payload); continuation frames joined."""
        opcode, data = None, b""
        while True:
            b0, payload = self.raw_frame()
            op = b0 & 0x0F
            if op in (0x9, 0xA):
                continue
            if op != 0:
                opcode = op
            data += payload
            if b0 & 0x80:
                if opcode == 0x1:
                    check_message("serverText", json.loads(data), at_once=True)
                elif opcode == 0x2:
                    check_frame(data, at_once=True)
                return opcode, data

    def raw_frame(self):
        """The next frame as sent, control frames included: (its first byte, its payload)."""
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return b0, self._read(n)

    def frame(self):
        """The next frame message, skipping text messages: its header (JSON) and its picture bytes (a
        whole PNG, the changed rectangle's PNG, or nothing when the session did not load)."""
        while True:
            op, data = self.message()
            if op == 0x8:
                raise EOFError(f"closed: {data!r}")
            if op == 0x2:
                n = struct.unpack(">I", data[:4])[0]
                return json.loads(data[4:4 + n]), data[4 + n:]

    def close_reason(self):
        """Reads until the server's close frame: (code, reason)."""
        while True:
            op, data = self.message()
            if op == 0x8:
                return (struct.unpack(">H", data[:2])[0] if len(data) >= 2 else None), data[2:].decode()

    def close(self):
        self.sock.close()


def png_rgba(data):
    """A PNG's pixels (8-bit RGB or RGBA, not interlaced) as (width, height, RGBA rows): enough to compare
    the server's frames and changed rectangles pixel for pixel."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, width = 8, b"", 0
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if channels == 3:
            line = bytearray(b for i in range(width) for b in (*line[i * 3:i * 3 + 3], 255))
        rows.append(line)
    return width, height, rows


def runs_rgba(data, width, height):
    """A changed rectangle sent as pixel runs (docs/serve.md, "Live") as (width, height,
    RGBA rows), expanded and un-premultiplied independently of the page's script, to compare with PNGs."""
    px, i = bytearray(), 0
    while i < len(data):
        h = data[i]
        i += 1
        count, literal = (h + 1, True) if h < 128 else (h - 126, False)
        for k in range(count):
            b, g, r, a = data[i:i + 4]
            if literal or k == count - 1:
                i += 4
            un = (lambda c: 0 if a == 0 else c if a == 255 else min(255, (c * 255 + a // 2) // a))
            px += bytes((un(r), un(g), un(b), a))
    assert len(px) == width * height * 4, (len(px), width, height)
    stride = width * 4
    return width, height, [px[y * stride:(y + 1) * stride] for y in range(height)]


def patch_rgba(head, data):
    """A frame message's changed rectangle (PNG or pixel runs) as (width, height, RGBA rows)."""
    if head.get("patchFormat") == "runs":
        return runs_rgba(data, head["patch"][2], head["patch"][3])
    return png_rgba(data)


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


class PageCase(unittest.TestCase):
    """A test class with one server and one chromium page at 1280 x 800, shared by its tests (which run in
    order: test_1..., test_2...). A subclass's setUpClass starts its server and calls open_page."""

    @classmethod
    def open_page(cls, server, chromium):
        from playwright.sync_api import sync_playwright
        cls.server = server
        cls.pw = sync_playwright().start()
        cls.browser = cls.pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        cls.page = cls.browser.new_page(viewport={"width": 1280, "height": 800})
        watch_messages(cls.page)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.pw.stop()
        cls.server.stop()

    def tearDown(self):
        assert_schema(self)

    def wait(self, kind, test):
        """The first event of a kind that passes the test. The 120 s limit only turns a hang into a failure."""
        why = json.dumps(f"no {kind} event: {test}")
        return self.page.evaluate(f"""() => Promise.race([window.__on('{kind}', {test}),
            new Promise((_, no) => setTimeout(() => no(new Error({why})), 120000))])""")


def test_args(out, **paths):
    """The browser tests' command line: --render, --chromium, --out (default OUT) and a --NAME for each
    keyword (its default a path, made absolute like --render); what is left goes to unittest.main."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--render", default=".build/release/render")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", default=out)
    for name, default in paths.items():
        parser.add_argument(f"--{name}", default=default)
    args, rest = parser.parse_known_args()
    for name in ["render", *paths]:
        setattr(args, name, os.path.abspath(getattr(args, name)))
    return args, [sys.argv[0]] + rest

#!/usr/bin/env python3
"""`render serve`'s connection limits over raw sockets, no browser (docs/serve.md "Connections"): a
half-sent request closed after --header-timeout with 408, the connection past --max-connections
refused with 503, 1,100 half-sent requests under `ulimit -n 1024` (a normal GET still answered, the
server's CPU under 5 s), an idle HTTP connection closed after --idle-timeout, a page that answers pings
kept and one that does not closed (1001), invalid UTF-8 in a text frame (1007), an unmasked frame (1002).
Run by `make serve-test`:
    python3 Serve/browser-tests/test_connections.py --render .build/release/render --out out/serve
Short limits (1 s) keep it to a few seconds; the only times checked are the stated bounds."""
import os
import resource
import selectors
import shutil
import socket
import struct
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import WS, Server, session, test_args, write  # noqa: E402

ARGS = None


def folder(name):
    d = os.path.abspath(os.path.join(ARGS.out, name))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    write(os.path.join(d, "screen.json"), session())
    return d


def cpu_seconds(pid):
    """utime + stime of the process, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_to_end(sock, timeout):
    """Everything the server sends until it closes (or the timeout): (bytes, seconds taken, closed).
    The socket is closed after."""
    with sock:
        return _read_to_end(sock, timeout)


def _read_to_end(sock, timeout):
    sock.settimeout(timeout)
    start, data = time.monotonic(), b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return data, time.monotonic() - start, True
            data += chunk
    except (socket.timeout, TimeoutError):
        return data, time.monotonic() - start, False
    except ConnectionResetError:
        return data, time.monotonic() - start, True


def get(server, path="/", timeout=10, keep_alive=False):
    s = socket.create_connection((server.host, server.port), timeout=timeout)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
              f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n".encode())
    return s


def status(data):
    return int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else 0


def frame(ws):
    """The next frame, control frames included: (opcode, payload)."""
    b0, payload = ws.raw_frame()
    return b0 & 0x0F, payload


def close_code(ws, timeout=5):
    """Reads frames until the server's close frame: its code."""
    ws.sock.settimeout(timeout)
    while True:
        op, data = frame(ws)
        if op == 0x8:
            return struct.unpack(">H", data[:2])[0] if len(data) >= 2 else None


class Limits(unittest.TestCase):
    """One server with 1 s limits and at most 3 connections."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server(ARGS.render, folder("connections"), "--header-timeout", "1", "--idle-timeout", "1",
                            "--max-connections", "3")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_half_sent_request_gets_408_after_the_header_timeout(self):
        s = socket.create_connection((self.server.host, self.server.port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
        data, took, closed = read_to_end(s, 5)
        self.assertTrue(closed)
        self.assertEqual(status(data), 408, data)
        self.assertIn(b"render serve: the request's headers did not arrive within 1 s (--header-timeout)", data)
        self.assertGreaterEqual(took, 0.8)
        self.assertLess(took, 1 + 1.5)
        # A connection that sends nothing is closed as quietly.
        s = socket.create_connection((self.server.host, self.server.port))
        data, took, closed = read_to_end(s, 5)
        self.assertEqual((data, closed), (b"", True))
        self.assertLess(took, 1 + 1.5)

    def test_idle_http_connection_is_closed_after_the_idle_timeout(self):
        s = get(self.server, keep_alive=True)
        data, took, closed = read_to_end(s, 5)
        self.assertTrue(closed, "kept-alive connection closed")
        self.assertEqual(status(data), 200)
        self.assertGreaterEqual(took, 0.8)
        self.assertLess(took, 1 + 1.5)

    def test_the_connection_past_the_maximum_is_refused(self):
        held = [WS(self.server) for _ in range(3)]
        try:
            self.assertEqual([w.status for w in held], [101] * 3)
            data, _, closed = read_to_end(get(self.server), 5)
            self.assertTrue(closed)
            self.assertEqual(status(data), 503, data)
            self.assertIn(b"render serve: too many connections (3, --max-connections)", data)
        finally:
            for w in held:
                w.close()
        for _ in range(50):  # the server sees the three close
            data, _, _ = read_to_end(get(self.server), 5)
            if status(data) == 200:
                break
            time.sleep(0.05)
        self.assertEqual(status(data), 200)

    def test_at_the_maximum_the_oldest_half_sent_request_makes_room(self):
        half = []
        for _ in range(3):
            s = socket.create_connection((self.server.host, self.server.port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
            half.append(s)
            time.sleep(0.05)  # in this order
        data, _, _ = read_to_end(get(self.server), 5)
        self.assertEqual(status(data), 200, "a request that is ready takes the place of one that is not")
        data, took, closed = read_to_end(half[0], 5)
        self.assertTrue(closed)
        self.assertEqual(status(data), 503, data)
        self.assertIn(b"render serve: too many connections (3, --max-connections)", data)
        self.assertLess(took, 0.5, "closed when the new one came, not at the header timeout")
        for s in half[1:]:
            s.close()

    def test_a_page_that_answers_pings_stays_one_that_does_not_is_closed(self):
        answering, silent = WS(self.server), WS(self.server)
        start, pings = time.monotonic(), 0
        answering.sock.settimeout(5)
        while time.monotonic() - start < 2.5:  # 2.5 idle timeouts with nothing to say but pongs
            op, data = frame(answering)
            if op == 0x9:
                pings += 1
                answering.send_frame(0xA, data)
            self.assertNotEqual(op, 0x8, f"closed: {data!r}")
        self.assertGreaterEqual(pings, 2)
        # Still served: a malformed message is answered with its close code (1003).
        answering.send_frame(0x1, b"[]")
        self.assertEqual(close_code(answering), 1003)
        self.assertEqual(close_code(silent), 1001, "a page that never answers a ping is closed (going away)")
        answering.close()
        silent.close()

    def test_invalid_utf8_closes_with_1007(self):
        ws = WS(self.server)
        ws.send_frame(0x1, b'{"type": "\xff\xfe"}')
        self.assertEqual(close_code(ws), 1007)
        ws.close()

    def test_unmasked_frame_closes_with_1002(self):
        ws = WS(self.server)
        payload = b'{"type": "view", "session": "screen.json"}'
        ws.sock.sendall(bytes([0x81, len(payload)]) + payload)
        self.assertEqual(close_code(ws), 1002)
        ws.close()


class OutOfDescriptors(unittest.TestCase):
    def test_1100_half_sent_requests_under_ulimit_1024(self):
        """The server may open 1,024 files; 1,100 connections each send half a request line and wait.
        A normal GET is answered (once the header timeout has closed the half-sent ones at the latest),
        and the server does not spin: under 5 CPU-seconds over the whole test."""
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < 1300:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))

        def limit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

        server = Server(ARGS.render, folder("descriptors"), "--header-timeout", "1", preexec_fn=limit)
        try:
            with open(f"/proc/{server.proc.pid}/limits") as f:
                self.assertEqual(int(f.read().split("Max open files")[1].split()[0]), 1024)
            before = cpu_seconds(server.proc.pid)
            socks, sel = [], selectors.DefaultSelector()
            for _ in range(1100):
                s = socket.socket()
                s.setblocking(False)
                try:
                    s.connect((server.host, server.port))
                except BlockingIOError:
                    pass
                socks.append(s)
                sel.register(s, selectors.EVENT_WRITE)
            sent, deadline = 0, time.monotonic() + 5
            while sel.get_map() and time.monotonic() < deadline:
                for key, _ in sel.select(timeout=0.2):
                    sel.unregister(key.fileobj)
                    try:
                        key.fileobj.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1")
                        sent += 1
                    except OSError:
                        pass
            self.assertGreaterEqual(sent, 1000, "connections the kernel completed")
            start = time.monotonic()
            data, took, _ = read_to_end(get(server, timeout=10), 10)
            self.assertEqual(status(data), 200, data[:200])
            self.assertLess(time.monotonic() - start, 1 + 3, "answered by the header timeout at the latest")
            self.assertEqual(os.path.exists(f"/proc/{server.proc.pid}"), True)
            time.sleep(1)  # the idle ones keep arriving as others are closed: no spinning meanwhile
            spent = cpu_seconds(server.proc.pid) - before
            print(f"\n  server CPU {spent:.2f} s; GET / answered in {took:.2f} s", file=sys.stderr)
            self.assertLess(spent, 5)
            for s in socks:
                s.close()
        finally:
            server.stop()


if __name__ == "__main__":
    ARGS, argv = test_args("out/serve")
    os.makedirs(ARGS.out, exist_ok=True)
    unittest.main(argv=argv, verbosity=2)

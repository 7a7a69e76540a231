#!/usr/bin/env python3
"""`render mcp` with the Python MCP client (PyPI `mcp`, pinned in scripts/serve-test-deps.sh) over stdio
(docs/mcp.md): the tools listed with their schemas; `render` of a sample gives `render`'s own pixels; the tree,
inspect by locator; an agent-style task on the headless platform's stand-in app done with the tools alone (find
the button labelled "Open dialog", tap it, see "Inside the dialog", answer OK, see "dialog returned 7", record
the walk) whose recording `render check` keeps; a call while app_step runs is refused as busy; bad inputs are
tool errors and the server goes on; the app and the worker end with the server. Run by `make mcp-test`:
    python3 Serve/browser-tests/test_mcp.py --render .build/release/render --app out/platform/previewtest
Waits are on answers, never on time."""
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from serve_support import png_rgba, test_args  # noqa: E402
from mcp import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

ARGS = None
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
FIX = os.path.join(REPO, "Platform", "tests", "fixtures")
SAMPLE = "Examples/example1-front-view.json"
TOOLS = {"render", "tree", "inspect", "check", "accept", "a11y", "portability", "app_start", "app_step",
         "app_snapshot", "app_record", "app_stop", "explore"}


def descendants(pid):
    """Process ids below `pid` (from /proc), zombies included: what a server left behind."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def text(result):
    return "\n".join(c.text for c in result.content if c.type == "text")


def image(result):
    import base64
    return [base64.b64decode(c.data) for c in result.content if c.type == "image"]


class MCP(unittest.TestCase):
    """One server for the whole run (a session of an agent), its calls in order."""

    def run_async(self, body):
        asyncio.run(body())

    def server(self, root, step_timeout="2"):
        command = ([os.environ["RENDER_MCP"], "--render", ARGS.render] if os.environ.get("RENDER_MCP")
                   else [ARGS.render, "mcp"])
        app = ["--app", ARGS.app, "--assets", os.path.join(FIX, "assets"), "--http", os.path.join(FIX, "http"),
               "--step-timeout", "2"]
        return StdioServerParameters(command=command[0], args=command[1:] + [
            "--root", root, "--fonts-dir", os.path.join(REPO, "Fonts"), "--step-timeout", step_timeout, *app])

    async def call(self, s, tool, args=None, error=False):
        r = await s.call_tool(tool, args or {})
        self.assertEqual(bool(r.is_error), error, f"{tool} {args}: {text(r)}")
        return r

    def test_tools(self):
        root, outside = os.path.join(ARGS.out, "root"), os.path.abspath(os.path.join(ARGS.out, "outside"))
        for d in (root, outside):
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
        os.makedirs(os.path.join(root, "Examples"))
        shutil.copy(os.path.join(REPO, SAMPLE), os.path.join(root, SAMPLE))
        shutil.copytree(os.path.join(REPO, "Examples", "assets"), os.path.join(root, "Examples", "assets"))
        shutil.copy(os.path.join(REPO, SAMPLE), os.path.join(outside, "s.json"))
        os.symlink(os.path.join(outside, "s.json"), os.path.join(root, "out.json"))

        async def body():
            async with stdio_client(self.server(root)) as (r, w):
                async with ClientSession(r, w) as s:
                    init = await s.initialize()
                    self.assertEqual(init.server_info.name, "render-mcp")
                    self.me = os.getpid()
                    await self.listing(s)
                    await self.rendering(s, root)
                    await self.bad_inputs(s)
                    await self.agent_task(s, root)
                    await self.busy(s)
                    await self.exploring(s, root)
            # The client closed stdin: the server ended, and with it the worker and the app (reaped).
            self.assertEqual([cmdline(p) for p in descendants(os.getpid())], [])
        self.run_async(body)

    async def listing(self, s):
        tools = (await s.list_tools()).tools
        self.assertEqual({t.name for t in tools}, TOOLS)
        for t in tools:
            self.assertTrue(t.description and "\n" not in t.description, t.name)
            self.assertEqual(t.input_schema["type"], "object", t.name)
        resources = (await s.list_resources()).resources
        self.assertIn("session:///" + SAMPLE, [str(x.uri) for x in resources])
        body = (await s.read_resource("session:///" + SAMPLE)).contents[0].text
        self.assertIn("steps", json.loads(body))

    async def rendering(self, s, root):
        # The whole picture is `render`'s PNG, pixel for pixel.
        r = await self.call(s, "render", {"session": SAMPLE, "full_size": True})
        png = os.path.join(ARGS.out, "mcp-sample.png")
        subprocess.run([ARGS.render, os.path.join(root, SAMPLE), "-o", png, "--fonts-dir", os.path.join(REPO, "Fonts")],
                       check=True, capture_output=True)
        with open(png, "rb") as f:
            self.assertEqual(png_rgba(image(r)[0]), png_rgba(f.read()))
        self.assertIn("saved: .render-mcp/renders/example1-front-view.png", text(r))
        self.assertTrue(os.path.exists(os.path.join(root, ".render-mcp/renders/example1-front-view.png")))
        with open(os.path.join(root, ".render-mcp/.gitignore")) as f:
            self.assertIn("*", f.read().split())
        # By default shrunk to at most 800 px on its longest side, by a whole factor.
        r = await self.call(s, "render", {"session": SAMPLE, "snapshot": "front-view"})
        width, height, _ = png_rgba(image(r)[0])
        self.assertEqual((width, height), (360, 640), "720 x 1280 shrunk 2x, the smallest whole factor to 800 px")
        self.assertIn("snapshot front-view", text(r))
        # The tree: kind, text, frame, reach and locator per element, in a few thousand characters.
        t = text(await self.call(s, "tree", {"session": SAMPLE}))
        self.assertLess(len(t), 6500)
        # A button found by its text says it once, in its locator.
        self.assertRegex(t, r'#\d+ button \[[\d.,]+\] \{"text":"[^"]+"\}')
        small = text(await self.call(s, "tree", {"session": SAMPLE, "max_chars": 600}))
        self.assertRegex(small, r"more elements: call again with offset \d+")
        button = json.loads(re.search(r"#\d+ button \[[\d.,]+\] (\{.*\})", t).group(1))
        i = text(await self.call(s, "inspect", {"session": SAMPLE, "locator": button}))
        self.assertTrue(i.startswith("touch: element #"), i)
        a = text(await self.call(s, "a11y", {"session": SAMPLE}))
        self.assertIn("findings", a)
        p = text(await self.call(s, "portability", {"session": SAMPLE}))
        self.assertIn("session: " + SAMPLE, p)
        # An inline session is drawn as a file would be.
        with open(os.path.join(root, SAMPLE)) as f:
            inline = f.read()
        r = await self.call(s, "render", {"session_json": inline.replace('"assets/', '"Examples/assets/'), "full_size": True})
        self.assertEqual(len(image(r)), 1)

    async def bad_inputs(self, s):
        for tool, args, said in [
            ("render", {"session": "../../etc/passwd"}, ". or .."),
            ("render", {"session": "/etc/passwd"}, "outside --root"),
            ("render", {"session": "out.json"}, "outside --root"),  # a link inside the root that leads out of it
            ("render", {"session": "missing.json"}, "no such file"),
            ("render", {}, "give session"),
            ("render", {"session": SAMPLE, "font_scale": 9}, "between 0.5 and 3"),
            ("render", {"session": SAMPLE, "sesion": 1}, "unknown argument sesion"),
            ("render", {"session": SAMPLE, "snapshot": "nope"}, "its snapshots: front-view"),
            ("render", {"session_json": "{not json"}, "not a JSON object"),
            ("tree", {"session": 7}, "must be a string"),
            ("inspect", {"session": SAMPLE, "locator": {"text": "No such words"}}, "finds no reachable element"),
            ("check", {"sessions": ["../x.json"]}, ". or .."),
            ("app_step", {"action": "tap", "locator": {"text": "OK"}}, "no app is running"),
            ("app_record", {"action": "stop", "name": "x"}, "no app is running"),
            ("nonesuch", {}, "no tool nonesuch"),
        ]:
            r = await self.call(s, tool, args, error=True)
            self.assertIn(said, text(r), (tool, args))
        # ... and the server goes on.
        await self.call(s, "render", {"session": SAMPLE})

    async def agent_task(self, s, root):
        r = await self.call(s, "app_start")
        self.assertIn('button [0,35,112.2,36] {"text":"Open dialog"}', text(r))
        await self.call(s, "app_record", {"action": "start"})
        r = await self.call(s, "app_step", {"action": "tap", "locator": {"text": "Open dialog"}})
        self.assertIn("outcome: ok", text(r))
        self.assertRegex(text(r), r'changed: appeared .*"Inside the dialog"')
        self.assertEqual(len(image(r)), 1)
        await self.call(s, "app_snapshot", {"name": "dialog"})
        r = await self.call(s, "app_step", {"action": "tap", "locator": {"text": "OK"}})
        self.assertIn('"dialog returned 7"', text(r))
        # A step the app cannot deliver is a tool error that says why; the run goes on.
        r = await self.call(s, "app_step", {"action": "tap", "locator": {"text": "No such button"}}, error=True)
        self.assertIn("not-delivered", text(r))
        r = await self.call(s, "app_record", {"action": "stop", "name": "walk"})
        self.assertIn(".render-mcp/recordings/walk.session.json", text(r))
        with open(os.path.join(root, ".render-mcp/recordings/walk.script.json")) as f:
            script = json.load(f)
        self.assertEqual([x["type"] for x in script["steps"]], ["tap", "snapshot", "tap"])
        self.assertEqual(script["steps"][0]["target"], {"text": "Open dialog"})
        # The recorded walk is a test `render check` keeps: recorded once, then passing.
        walk = {"sessions": [".render-mcp/recordings/walk.session.json"], "snapshots": "goldens"}
        r = await self.call(s, "check", {**walk, "record": "missing"})
        self.assertIn("recorded", text(r))
        r = await self.call(s, "check", walk)
        self.assertRegex(text(r), r"^2 snapshots: 2 passed")

    async def busy(self, s):
        # The text field's magic text hangs the app (Platform/README.md): app_step waits for the step time
        # (--step-timeout 2); a call meanwhile is refused as busy, and the hung step is a tool error.
        step = asyncio.create_task(s.call_tool("app_step", {"action": "input", "locator": {"type": "textField"}, "text": "soak:hang"}))
        while True:
            r = await s.call_tool("render", {"session": SAMPLE})
            if r.is_error:
                break
            await asyncio.sleep(0.02)
        self.assertIn("busy: app_step is running", text(r))
        r = await step
        self.assertTrue(r.is_error)
        self.assertIn("hung", text(r))
        self.assertIn("(render mcp --step-timeout)", text(r))
        await self.call(s, "app_stop")
        self.assertEqual(apps(), [], "app_stop ended the app's process group and reaped it")

    async def exploring(self, s, root):
        r = await self.call(s, "explore", {"depth": 1, "max_paths": 6, "budget": 20})
        self.assertRegex(text(r), r"^\d+ screens, 6 paths")
        self.assertIn("- screen-000 (depth 0) 'started, resumed': the first screen; .render-mcp/explore/sessions/screen-000.json",
                      text(r))
        self.assertIn("tap 'Open dialog'; .render-mcp/explore/sessions/screen-001.json", text(r))
        self.assertTrue(os.path.exists(os.path.join(root, ".render-mcp/explore/explore.json")))


class HTTP(unittest.TestCase):
    """`render mcp --http 0`: the same tools over streamable HTTP on 127.0.0.1, other Hosts and Origins refused."""

    def test_http(self):
        import urllib.error
        import urllib.request
        from mcp.client.streamable_http import streamable_http_client
        root = os.path.join(ARGS.out, "http-root")
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(os.path.join(root, "Examples"))
        shutil.copy(os.path.join(REPO, SAMPLE), os.path.join(root, SAMPLE))
        p = subprocess.Popen([ARGS.render, "mcp", "--http", "0", "--root", root, "--fonts-dir", os.path.join(REPO, "Fonts")],
                             stdout=subprocess.PIPE, text=True)
        try:
            url = re.search(r"(http://127\.0\.0\.1:\d+/mcp) ", p.stdout.readline()).group(1)

            async def body():
                async with streamable_http_client(url) as streams:
                    async with ClientSession(streams[0], streams[1]) as s:
                        await s.initialize()
                        self.assertEqual({t.name for t in (await s.list_tools()).tools}, TOOLS)
                        r = await s.call_tool("render", {"session": SAMPLE})
                        self.assertFalse(r.is_error, text(r))
                        self.assertEqual(len(image(r)), 1)
                        r = await s.call_tool("render", {"session": "../x.json"})
                        self.assertTrue(r.is_error)
            asyncio.run(body())

            def post(headers):
                request = urllib.request.Request(url, data=b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}', headers={
                    "Content-Type": "application/json", "Accept": "application/json", **headers})
                try:
                    with urllib.request.urlopen(request) as f:
                        return f.status, f.read().decode()
                except urllib.error.HTTPError as e:
                    return e.code, e.read().decode()
            self.assertEqual(post({})[0], 200)
            self.assertEqual(post({"Origin": "http://evil.example"}), (403, "refused: Origin http://evil.example is not this server's page\n"))
            port = url.split(":")[2].split("/")[0]
            self.assertEqual(post({"Host": f"evil.example:{port}"})[0], 403)  # DNS rebinding
        finally:
            p.terminate()
            self.assertEqual(p.wait(timeout=30), 143)


def apps():
    """The stand-in app's processes below this one (the server's live app, its helpers)."""
    return [p for p in descendants(os.getpid()) if cmdline(p).startswith(ARGS.app + " ")]


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


if __name__ == "__main__":
    ARGS, rest = test_args("out/mcp", app="out/platform/previewtest")
    os.makedirs(ARGS.out, exist_ok=True)
    unittest.main(argv=rest, verbosity=2)

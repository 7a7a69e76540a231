import MCP

/// The tools, each with its one-line description and JSON schema (docs/mcp.md lists them with examples).
enum ToolList {
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var o: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { o["required"] = .array(required.map { .string($0) }) }
        return .object(o)
    }

    static func prop(_ type: String, _ description: String, extra: [String: Value] = [:]) -> Value {
        var o: [String: Value] = ["type": .string(type), "description": .string(description)]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }

    static let locator = prop(
        "object",
        "An element, as session scripts name one: {\"text\": \"OK\"}, {\"textContains\": \"Sav\"}, {\"type\": "
            + "\"button\", \"index\": 1}, {\"id\": 12} (tree gives each element's)."
    )

    /// What names a frame of a session: shared by render, tree, inspect, a11y.
    static let view: [String: Value] = [
        "session": prop("string", "A session file, relative to --root (see resources/list)."),
        "session_json": prop(
            "string", "A whole session as JSON text, instead of `session` (written to .render-mcp/inline/)."),
        "snapshot": prop("string", "A snapshot's name in the session (default: the final frame)."),
        "look": prop(
            "string", "default, ios, android, or a theme JSON file under --root (default: the session's theme)."),
        "device": prop("string", "A device preset name or WxH@S in dp (default: the session's)."),
        "font_scale": prop(
            "number", "Accessibility text size, 0.5-3 (default 1).", extra: ["minimum": 0.5, "maximum": 3]),
    ]

    static let images: [String: Value] = [
        "full_size": prop("boolean", "The picture at full size, not shrunk to at most 800 px on its longest side.")
    ]

    static let treePaging: [String: Value] = [
        "offset": prop("integer", "The first element to list (paging; default 0).", extra: ["minimum": 0]),
        "max_chars": prop(
            "integer", "The tree's text is cut at about this many characters (default 6000, at most 40000).",
            extra: ["minimum": 500, "maximum": 40000]),
    ]

    static func merged(_ parts: [String: Value]...) -> [String: Value] {
        parts.reduce(into: [:]) { $0.merge($1) { a, _ in a } }
    }

    static let all: [Tool] = [
        Tool(
            name: "render",
            description:
                "Render a session (a file under --root or inline JSON) to a PNG: the picture and its diagnostics.",
            inputSchema: schema(merged(view, images))),
        Tool(
            name: "tree",
            description:
                "List a frame's elements: id, kind, text, frame in dp, whether a touch reaches it, and the "
                + "locator that finds it.",
            inputSchema: schema(
                merged(view, treePaging, ["reachable_only": prop("boolean", "Only elements a touch reaches.")]))),
        Tool(
            name: "inspect",
            description:
                "Describe the element at a point (dp) or found by a locator: its facts, resolved style and "
                + "where each value came from.",
            inputSchema: schema(
                merged(
                    view,
                    [
                        "x": prop("number", "x in dp"), "y": prop("number", "y in dp"), "locator": locator,
                        "id": prop("integer", "An element id from tree."),
                    ]))),
        Tool(
            name: "check",
            description:
                "Compare sessions with their golden PNGs (render check): the status of each snapshot and what "
                + "changed, in words.",
            inputSchema: schema(
                [
                    "sessions": prop(
                        "array", "Session files or folders under --root.", extra: ["items": ["type": "string"]]),
                    "snapshots": prop(
                        "string",
                        "The goldens folder under --root (default: render check's, Snapshots/...)."
                    ),
                    "record": prop(
                        "string", "never (default), missing, failed or all.",
                        extra: ["enum": ["never", "missing", "failed", "all"]]),
                    "look": prop("string", "A theme name or theme file under --root."),
                    "device": prop("string", "A device preset or WxH@S."),
                    "diff_images": prop("boolean", "Also return the diff image of each failed snapshot (at most 4)."),
                ], required: ["sessions"])),
        Tool(
            name: "accept",
            description:
                "Re-record the failing goldens of sessions (or only the named ones: NAME or NAME@SNAPSHOT) as "
                + "the new expected pictures.",
            inputSchema: schema(
                [
                    "sessions": prop("array", "Session files under --root.", extra: ["items": ["type": "string"]]),
                    "names": prop(
                        "array", "Only these goldens (NAME, NAME@SNAPSHOT).", extra: ["items": ["type": "string"]]),
                    "snapshots": prop(
                        "string",
                        "The goldens folder under --root (default: render check's, Snapshots/...)."
                    ),
                    "look": prop("string", "A theme name or theme file under --root."),
                    "device": prop("string", "A device preset or WxH@S."),
                ], required: ["sessions"])),
        Tool(
            name: "a11y",
            description:
                "Accessibility findings of a frame: text contrast, touch-target sizes, large text, each with "
                + "its element and locator.",
            inputSchema: schema(view)),
        Tool(
            name: "portability",
            description: "Every step of a session whose result differs between the iOS and Android profiles, in words.",
            inputSchema: schema(
                [
                    "session": prop("string", "A session file under --root."),
                    "session_json": prop("string", "A whole session as JSON text."),
                    "device": prop("string", "A device preset or WxH@S."),
                    "font_scale": prop("number", "0.5-3 (default 1)."),
                ])),
        Tool(
            name: "app_start",
            description:
                "Start the live app (one at a time; a running one is ended first): its first screen, picture and tree.",
            inputSchema: schema(
                merged(
                    [
                        "binary": prop("string", "The app's preview binary under --root (default: render mcp --app)."),
                        "args": prop(
                            "array", "The app's arguments (default: those after --app).",
                            extra: ["items": ["type": "string"]]),
                        "look": prop("string", "The app's theme (passed as --theme)."),
                        "device": prop("string", "The app's device (passed as --device)."),
                    ], images))),
        Tool(
            name: "app_step",
            description:
                "Play one input on the live app (tap, press, scroll, input, back, tick) by locator or point: "
                + "the new picture, what changed in words, the new tree.",
            inputSchema: schema(
                merged(
                    [
                        "action": prop(
                            "string", "The input.",
                            extra: ["enum": ["tap", "press", "release", "scroll", "input", "back", "tick", "sys"]]),
                        "locator": locator,
                        "x": prop("number", "x in dp (with y, instead of a locator)"),
                        "y": prop("number", "y in dp"),
                        "text": prop("string", "input: the text typed; sys: the event's name."),
                        "value": prop("integer", "scroll: the offset in dp."),
                        "ms": prop("integer", "tick: milliseconds of virtual time."),
                        "image": prop("boolean", "Return the new picture (default true)."),
                    ], images, treePaging), required: ["action"])),
        Tool(
            name: "app_snapshot",
            description:
                "The live app's current screen: picture and tree; with a name, also a snapshot step kept in a "
                + "recording.",
            inputSchema: schema(merged(["name": prop("string", "Record a snapshot of this name.")], images, treePaging))
        ),
        Tool(
            name: "app_record",
            description:
                "Record a walk: start restarts the app and keeps every step; stop writes NAME.script.json and "
                + "NAME.session.json, which render check can keep.",
            inputSchema: schema(
                [
                    "action": prop("string", "start or stop", extra: ["enum": ["start", "stop"]]),
                    "name": prop("string", "stop: the files' name (letters, digits, . _ -)."),
                    "overwrite": prop("boolean", "stop: replace files of that name."),
                ], required: ["action"])),
        Tool(
            name: "app_stop",
            description: "End the live app (and every process it started).",
            inputSchema: schema([:])),
        Tool(
            name: "explore",
            description:
                "Walk the app breadth first, tapping everything reachable: the distinct screens found, how to "
                + "reach each, and failures.",
            inputSchema: schema(
                [
                    "depth": prop(
                        "integer", "Taps from the first screen (default 2, at most 6).",
                        extra: ["minimum": 1, "maximum": 6]),
                    "budget": prop(
                        "number", "Seconds to start new paths (default 30, at most 300).",
                        extra: ["minimum": 1, "maximum": 300]),
                    "max_paths": prop(
                        "integer", "App runs in all (default 200).", extra: ["minimum": 1, "maximum": 2000]),
                    "images": prop("boolean", "Also return each screen's picture (at most 8, shrunk)."),
                ])),
    ]
}

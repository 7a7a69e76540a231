#!/usr/bin/env python3
"""`make c-tests`: writes a C program that calls every function preview_renderer.h declares with
the extreme values of each parameter's type, so a function added to the header later is tested
without anyone remembering to (issue 44; docs/limits.md, "The C library").

  scripts/make-c-extremes.py CLibrary/include/preview_renderer.h OUT.c

Each parameter in turn takes each extreme value of its type while the others keep an ordinary one
(integers 0, -1, 1 and their type's minimum and maximum; sizes 0, 1, SIZE_MAX, 2^63, INT64_MAX and
one past a session file's 256 MiB; doubles NaN, infinities, +-1e308, -0 and the smallest subnormal;
strings NULL, "" and bad UTF-8; a pointer NULL beside a non-zero length; every field of a struct the
header defines, the same way), then every parameter its ordinary value (last, so pr_destroy's valid
call ends its run). The ordinary values are a valid backend with the test screen (screen.h), valid
out-pointers and buffers large enough for the ordinary lengths.

The program runs each function's calls in a child process of its own (fork before the library is
loaded into use), and names a child that dies (signal) or hangs (60 s alarm) with the call it was
making. A call must return a status the header's `pr_status` enum names, with a message in
`pr_last_error` when it is an error.

The generator fails, naming the function, on any prototype it cannot parse and any parameter or
return type it has no extreme values for: it never skips a function."""
import re
import sys

HEADER_ORDINARY_STRINGS = {
    # Names of string parameters (and struct fields) whose ordinary value must mean something.
    "json": r'"{\"type\": \"tap\", \"x\": 20, \"y\": 20}"',
    "locator": r'"{\"text\": \"Tap me\"}"',
    "type": '"PAUSE"',
    "theme": '"default"',
    "name": '"shot"',
    "bar_button": "NULL",
}

INTS = {
    "int64_t": ["0", "-1", "1", "INT64_MIN", "INT64_MAX"],
    "int32_t": ["0", "-1", "1", "INT32_MIN", "INT32_MAX"],
    "int": ["0", "-1", "1", "INT_MIN", "INT_MAX"],
    "uint32_t": ["0", "1", "UINT32_MAX"],
}
SIZES = ["0", "1", "SIZE_MAX", "(size_t)1 << 63", "(size_t)INT64_MAX", "SESSION_BYTES + 1"]
DOUBLES = ["0.0", "-0.0", "NAN", "INFINITY", "-INFINITY", "1e308", "-1e308", "5e-324", "-1.0"]
STRINGS = ["NULL", '""', r'"\xff\xfe"']


class Unknown(Exception):
    pass


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))


def split_decl(decl):
    """'const char *text' -> ('const char *', 'text')."""
    decl = " ".join(decl.split())
    m = re.fullmatch(r"(.*?[\s\*])(\w+)", decl)
    if not m:
        raise Unknown(f"cannot read the declaration `{decl}`")
    t = re.sub(r"\s*\*", " *", m.group(1).strip()).replace("* *", "**")
    return t.strip(), m.group(2)


def parse(header):
    code = strip_comments(header)
    structs = {}
    for m in re.finditer(r"typedef struct (\w+) \{(.*?)\} \1;", code, flags=re.S):
        fields = [split_decl(f) for f in m.group(2).split(";") if f.strip()]
        structs[m.group(1)] = fields
    status = re.search(r"typedef enum pr_status \{(.*?)\} pr_status;", code, flags=re.S)
    if not status:
        raise Unknown("no `typedef enum pr_status {...} pr_status;` in the header")
    statuses = [v.split("=")[0].strip() for v in status.group(1).split(",") if v.strip()]
    # Every `pr_name(` outside comments is a prototype this parser reads, or the generator fails.
    body = re.sub(r"typedef .*?;", " ", code, flags=re.S)
    functions = []
    for m in re.finditer(r"([^;{}]*?)\b(pr_\w+)\s*\(([^()]*)\)\s*;", body):
        ret = re.sub(r"\s*\*", " *", " ".join(m.group(1).split()))
        params = [] if m.group(3).strip() in ("", "void") else [split_decl(p) for p in m.group(3).split(",")]
        functions.append((ret.replace('extern "C" {', "").strip(), m.group(2), params))
    named = re.findall(r"\b(pr_\w+)\s*\(", body)
    if sorted(named) != sorted(f[1] for f in functions) or not functions:
        missed = sorted(set(named) - {f[1] for f in functions})
        raise Unknown(f"cannot parse the prototype of {', '.join(missed) or 'any function'}")
    return structs, statuses, functions


def ordinary(t, name, after_pointer, structs):
    """The ordinary value of a parameter (or struct field) named `name` of type `t`."""
    if t in INTS:
        return "4" if name.endswith("id") else "1"
    if t == "size_t":
        return "4" if after_pointer else "0"
    if t == "double":
        return "20.0"
    if t == "const char *":
        if "path" in name:
            return '"extreme-out.bin"'  # relative: the child runs in OUT_DIR
        if name.endswith("dir"):
            return "NULL"
        return HEADER_ORDINARY_STRINGS.get(name, '"text"')
    if t in ("const uint8_t *", "const void *"):
        return "zeros"
    if t in ("pr_backend *", "const pr_backend *"):
        return "b"
    if t == "void *":
        return "NULL"  # pr_free: only NULL or a block the library returned may be freed
    m = re.fullmatch(r"const (pr_\w+) \*", t)
    if m and m.group(1) in structs:
        return f"ordinary_{m.group(1)}"
    m = re.fullmatch(r"(\w+) (\*+)", t)
    if m:
        return f"&out_{name}"
    raise Unknown(f"no values for type `{t}`")


def extremes(t, structs):
    if t in INTS:
        return INTS[t]
    if t == "size_t":
        return SIZES
    if t == "double":
        return DOUBLES
    if t == "const char *":
        return STRINGS
    if t in ("const uint8_t *", "const void *", "void *", "pr_backend *", "const pr_backend *"):
        return ["NULL"]
    m = re.fullmatch(r"const (pr_\w+) \*", t)
    if m and m.group(1) in structs:
        return ["NULL"] + struct_variants(m.group(1), structs)[1]
    if re.fullmatch(r"\w+ \*+", t):
        return ["NULL"]
    raise Unknown(f"no values for type `{t}`")


def struct_variants(s, structs):
    """(the ordinary struct's initialisation, the names of its variants); the variants are defined
    by `struct_code`: one field extreme each, the others ordinary."""
    fields = structs[s]
    names = []
    for i, (t, f) in enumerate(fields):
        if t not in INTS and t not in ("size_t", "double", "const char *"):
            raise Unknown(f"struct {s}: no values for the field `{f}` of type `{t}`")
        for k, _ in enumerate(extremes(t, structs)):
            names.append(f"{s}_{f}_{k}")
    return fields, names


def struct_code(s, structs):
    """Static definitions: `ordinary_S[4]` and one `S S_FIELD_K[4]` per extreme (element 0 holds it)."""
    fields, _ = struct_variants(s, structs)
    out = []
    values = []
    for i, (t, f) in enumerate(fields):
        after_pointer = i > 0 and fields[i - 1][0].endswith("*")
        v = ordinary(t, f, after_pointer, structs)
        values.append(v)
    # pr_device: zero fields take the defaults (an ordinary phone); ordinary doubles would be a 20 dp screen.
    if all(t == "double" for t, _ in fields):
        values = ["0.0"] * len(fields)
    init = "{" + ", ".join(values) + "}"
    out.append(f"static {s} ordinary_{s}[4] = {{{init}, {init}, {init}, {init}}};")
    for i, (t, f) in enumerate(fields):
        for k, v in enumerate(extremes(t, structs)):
            vs = list(values)
            vs[i] = v
            one = "{" + ", ".join(vs) + "}"
            out.append(f"static {s} {s}_{f}_{k}[4] = {{{one}, {init}, {init}, {init}}};")
    return out


def call_code(ret, fn, params, structs, statuses):
    """`static void run_FN(pr_backend *b)`: the calls, each announced before it is made."""
    if ret not in ("pr_status", "const char *", "void"):
        raise Unknown(f"no check for the return type `{ret}`")
    lines = [f"static void run_{fn}(pr_backend *b) {{", "    (void)b;"]
    for t, name in params:
        m = re.fullmatch(r"(\w+) (\*+)", t)
        if m and not t.startswith("const") and t not in ("pr_backend *", "void *"):
            inner = m.group(1) + " " + m.group(2)[1:] if len(m.group(2)) > 1 else m.group(1)
            lines.append(f"    {inner.strip()} out_{name};")
            lines.append(f"    memset(&out_{name}, 0, sizeof out_{name});")
    ords = []
    for i, (t, name) in enumerate(params):
        ords.append(ordinary(t, name, i > 0 and params[i - 1][0].endswith("*"), structs))
    variants = []
    for i, (t, name) in enumerate(params):
        for v in extremes(t, structs):
            if v == ords[i]:
                continue
            args = list(ords)
            args[i] = v
            variants.append(args)
    variants.append(ords)  # last: pr_destroy(b) ends its run
    backend_arg = next((i for i, (t, _) in enumerate(params) if t.endswith("pr_backend *")), None)
    for args in variants:
        text = f"{fn}({', '.join(args)})".replace("\\", "\\\\").replace('"', '\\"')
        handle = "NULL" if backend_arg is None or args[backend_arg] == "NULL" else "b"
        lines.append(f'    announce("{text}");')
        if ret == "pr_status":
            lines.append(f"    check_status(\"{text}\", {handle}, {fn}({', '.join(args)}));")
        elif ret == "const char *":
            lines.append(f"    check_string(\"{text}\", {fn}({', '.join(args)}));")
        else:
            lines.append(f"    {fn}({', '.join(args)});")
    lines.append("}")
    return lines, len(variants)


PRELUDE = r"""/* Generated by scripts/make-c-extremes.py from preview_renderer.h: do not edit (make c-tests
 * writes it again). Every function of the header called with the extreme values of each parameter,
 * each function's calls in a child process: a signal or a hang is reported with the call it made.
 * Usage: c_extremes_test OUT_DIR [FUNCTION] */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, strsignal under -std=c99 */
#include "screen.h"

#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define SESSION_BYTES ((size_t)256 * 1024 * 1024)
/* The ordinary buffer (pixels, image data): zeros are premultiplied, and it is longer than any
   ordinary length or stride times rows the calls use. */
static const uint8_t zeros[1 << 16];
/* The call a child is making, in memory the parent reads after the child ends. */
static char *current;

static void announce(const char *call) {
    strncpy(current, call, 4095);
    current[4095] = 0;
}

static int valid_status(pr_status s) {
    switch (s) {
STATUS_CASES        return 1;
    default: return 0;
    }
}

static void check_status(const char *call, pr_backend *handle, pr_status s) {
    CHECK(valid_status(s), "%s returned %d, which pr_status does not name", call, (int)s);
    if ((int)s < 0) {
        const char *m = pr_last_error(handle);
        CHECK(m != NULL && m[0] != 0, "%s returned %d with no message in pr_last_error", call, (int)s);
    }
}

static void check_string(const char *call, const char *s) {
    CHECK(s != NULL, "%s returned NULL", call);
}
"""

MAIN = r"""
typedef struct { const char *name; void (*run)(pr_backend *); int calls; } entry;
static const entry FUNCTIONS[] = {
ENTRIES};

/* One function's calls, in this (child) process: a backend with the test screen, then the calls,
   from OUT_DIR (a path argument writes there). Exit 0 when every check passed. */
static int child(const entry *e, const char *out) {
    alarm(60);
    pr_device device = {360, 640, 2, 0, 0};
    pr_backend *b = NULL;
    if (pr_create(&device, NULL, &b) != PR_OK) {
        fprintf(stderr, "pr_create: %s\n", pr_last_error(NULL));
        return 1;
    }
    test_build_screen(b);
    test_send_image(b);
    test_send_surface(b);
    if (chdir(out) != 0) { perror(out); return 1; }
    e->run(b);
    return test_failures ? 1 : 0;
}

int main(int argc, char **argv) {
    (void)test_pixel;
    (void)test_compare_replay;
    if (argc < 2) { fprintf(stderr, "usage: %s OUT_DIR [FUNCTION]\n", argv[0]); return 2; }
    current = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (current == MAP_FAILED) { perror("mmap"); return 2; }
    int failed = 0, run = 0, calls = 0;
    for (size_t i = 0; i < sizeof FUNCTIONS / sizeof FUNCTIONS[0]; i++) {
        const entry *e = &FUNCTIONS[i];
        if (argc > 2 && strcmp(argv[2], e->name) != 0) continue;
        current[0] = 0;
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) _exit(child(e, argv[1]));
        int status = 0;
        while (waitpid(pid, &status, 0) < 0) {}
        run++;
        calls += e->calls;
        if (WIFSIGNALED(status)) {
            int sig = WTERMSIG(status);
            fprintf(stderr, "FAIL %s: %s (signal %d) during %s\n", e->name,
                    sig == SIGALRM ? "no answer in 60 s" : strsignal(sig), sig, current[0] ? current : "setup");
            failed++;
        } else if (WEXITSTATUS(status) != 0) {
            fprintf(stderr, "FAIL %s: a check failed (above) or setup failed (exit %d)\n", e->name, WEXITSTATUS(status));
            failed++;
        }
    }
    if (run == 0) { fprintf(stderr, "c_extremes_test: no function named %s\n", argv[2]); return 2; }
    if (failed) { fprintf(stderr, "c_extremes_test: %d of %d functions failed\n", failed, run); return 1; }
    printf("c_extremes_test: %d functions, %d calls with extreme values: none crashed or hung\n", run, calls);
    return 0;
}
"""


def generate(header):
    structs, statuses, functions = parse(header)
    out = [PRELUDE.replace("STATUS_CASES", "".join(f"    case {s}:\n" for s in statuses))]
    used = set()
    for _, fn, params in functions:
        for t, name in params:
            m = re.fullmatch(r"const (pr_\w+) \*", t)
            if m and m.group(1) in structs:
                used.add(m.group(1))
    for s in sorted(used):
        try:
            out += struct_code(s, structs)
        except Unknown as e:
            raise Unknown(f"struct {s}: {e}")
    entries = []
    for ret, fn, params in functions:
        try:
            lines, n = call_code(ret, fn, params, structs, statuses)
        except Unknown as e:
            raise Unknown(f"{fn}: {e}")
        out += [""] + lines
        entries.append(f'    {{"{fn}", run_{fn}, {n}}},\n')
    out.append(MAIN.replace("ENTRIES", "".join(entries)))
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            text = generate(f.read())
    except Unknown as e:
        sys.exit(f"make-c-extremes: {sys.argv[1]}: {e}: teach scripts/make-c-extremes.py its values")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()

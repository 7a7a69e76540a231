"""The start and end both platform test scripts share (check-platform.py, check-explore.py): their
command line (APP RENDER OUT_DIR), the fixtures folder, and check(), which prints each result and
keeps the failures for finish()."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
failures = []


def command_line():
    """(APP, RENDER, OUT_DIR) from the script's arguments; a usage error without them."""
    if len(sys.argv) < 4:
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} APP RENDER OUT_DIR")
    return sys.argv[1:4]


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def finish(name):
    """Prints the count and exits 1 when any check failed."""
    print(f"{len(failures)} failure(s)" if failures else f"{name}: all passed")
    sys.exit(1 if failures else 0)

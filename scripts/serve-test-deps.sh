#!/usr/bin/env bash
# Python packages from PyPI the tests use (and the MCP client, below): Playwright for Python, which `make serve-test` and `make bench` use to
# drive Debian's chromium (no browser download: the tests launch /usr/bin/chromium), and numpy and Pillow, with
# which scripts/pngimage.py decodes the PNGs check-expectations and the platform checks probe (its pure-Python
# decoder spent about 40 CPU-seconds of every `make test` there: Benchmarks/notes/test-time.md). A no-op when
# they are installed already.
set -euo pipefail
missing=()
for module in playwright numpy PIL; do
  python3 -c "import $module" 2>/dev/null || missing+=("$([ "$module" = PIL ] && echo pillow || echo "$module")")
done
# The Model Context Protocol's client, with which `make mcp-test` and `make bench` drive `render mcp`: one version,
# so that the tests speak to the server as that release does (the protocol version is agreed at initialize).
mcp=2.3.0
python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$mcp')" 2>/dev/null ||
  missing+=("mcp==$mcp")
[ ${#missing[@]} = 0 ] && { echo "deps: playwright, numpy, pillow and mcp $mcp present"; exit 0; }
echo "installing: ${missing[*]} (pip)"
# Debian's python3 refuses pip installs outside a virtual environment (PEP 668) unless told.
python3 -m pip install -q --user "${missing[@]}" 2>/dev/null ||
  python3 -m pip install -q --user --break-system-packages "${missing[@]}"

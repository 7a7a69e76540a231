#!/usr/bin/env bash
# Playwright for Python (PyPI), which `make serve-test` and `make bench` use to drive Debian's chromium
# (no browser download: the tests launch /usr/bin/chromium). A no-op when it is installed already.
set -euo pipefail
python3 -c "import playwright" 2>/dev/null && { echo "deps: playwright present"; exit 0; }
echo "installing: playwright (pip)"
# Debian's python3 refuses pip installs outside a virtual environment (PEP 668) unless told.
python3 -m pip install -q --user playwright 2>/dev/null || python3 -m pip install -q --user --break-system-packages playwright

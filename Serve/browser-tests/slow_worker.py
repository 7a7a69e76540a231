#!/usr/bin/env python3
"""A `render --serve-worker` that takes at least SLOW_WORKER_DELAY seconds (default 0.1) per request: the
real worker (SLOW_WORKER_RENDER) behind a relay that holds each request (WorkerWire's job: a line
`J INDEX COUNT LEN...`, then the fields' bytes) for that long. test_serve.py's save burst uses it so that
saves come faster than frames on any machine: `render serve ... --render slow_worker.py`."""
import os
import subprocess
import sys
import time

real = os.environ["SLOW_WORKER_RENDER"]
delay = float(os.environ.get("SLOW_WORKER_DELAY", "0.1"))
worker = subprocess.Popen([real, *sys.argv[1:]], stdin=subprocess.PIPE, stdout=sys.stdout.fileno())
source = sys.stdin.buffer
while True:
    line = source.readline()
    if not line:
        break
    fields = line.split()
    count = int(fields[2])
    body = source.read(sum(int(n) for n in fields[3:3 + count]))
    time.sleep(delay)
    worker.stdin.write(line + body)
    worker.stdin.flush()
worker.stdin.close()
worker.wait()

"""What the soak (soak.py) reads of processes: /proc/PID/stat (state, parent, process group, session) and
cmdline for every process, a process's VmRSS and open descriptors, and ending given processes by id."""
import os
import signal


class Proc:
    __slots__ = ("pid", "comm", "state", "ppid", "pgrp", "sid", "cmdline")


def scan():
    """Every process now: pid -> Proc (comm, state, ppid, pgrp, sid, cmdline as a list)."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                s = f.read()
            with open(f"/proc/{d}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="replace").split("\0")
        except OSError:
            continue
        p = Proc()
        p.pid = int(d)
        p.comm = s[s.index("(") + 1:s.rindex(")")]
        rest = s[s.rindex(")") + 2:].split()
        p.state, p.ppid, p.pgrp, p.sid = rest[0], int(rest[1]), int(rest[2]), int(rest[3])
        p.cmdline = cmd
        out[p.pid] = p
    return out


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def fd_count(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def kill_pids(pids):
    for p in pids:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass

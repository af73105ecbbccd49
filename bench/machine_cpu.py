"""CPU time used by each part of the machine, read from /proc: what a request cost the web
processes, the database, Redis, the relay and workers, the load generator and the rest
(bench/http_load.py prints it per request and phase)."""

from __future__ import annotations

import os

CPU_PARTS = ("web", "db", "redis", "relay", "client", "other")


def cpu_by_part(roots: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds used so far by each part of the machine, read from /proc: "web" and "relay"
    are the process trees of the pids `roots` gives them (gunicorn; the outbox relay and any
    worker), "db" every postgres process, "redis" redis-server, "client" this process (the load
    generator), "other" the rest. Each process counts with the children it has waited for, so
    a process that ended between two readings is missed only until its parent reaps it."""
    ticks = os.sysconf("SC_CLK_TCK")
    processes = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                raw = stat.read().decode(errors="replace")
        except OSError:
            continue
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        processes[int(entry.name)] = (
            comm,
            int(fields[1]),
            sum(int(value) for value in fields[11:15]) / ticks,
        )
    owner = {pid: part for part, pids in roots.items() for pid in pids}

    def part_of(pid: int) -> str:
        seen = pid
        while seen in processes:
            if seen in owner:
                return owner[seen]
            seen = processes[seen][1]
        comm = processes[pid][0]
        if pid == os.getpid():
            return "client"
        if comm.startswith("postgres"):
            return "db"
        if comm.startswith("redis-server"):
            return "redis"
        return "other"

    used = dict.fromkeys(CPU_PARTS, 0.0)
    for pid, (_, _, seconds) in processes.items():
        used[part_of(pid)] += seconds
    return used

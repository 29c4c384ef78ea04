#!/usr/bin/env python3
"""The live room at hall scale, bounded, on loopback only (Python's standard library).

    nice python3 scripts/live-hall.py [--arbiter target/release/arbiter]
        [--emulator target/release/examples/livechess_room] [--boards 1000] [--viewers 5]
        [--seconds 120] [--min-period 2] [--max-period 5]

A 2,000-player event paired on 1,000 boards; an emulated DGT LiveChess
(examples/livechess_room.rs) with 1,000 e-boards, each put on its board through the API;
`arbiter serve --livechess` follows them (one WebSocket for all). Each board then gets a new
legal placement every 2–5 s (its own period, drawn once; the knights going out and back) for
`--seconds`, while `--viewers` readers hold `/events` open and read all it sends. Prints, over
the run: the server's resident memory (largest seen and at the end, and the kernel's peak),
its threads (largest seen), its CPU (user + system time as % of one core), the event latency
from the emulator's send to the first viewer (p50, p99, max), the placements whose event no
viewer got ("missed"), and the bytes each viewer read a minute. Exit status 1 when a target
of docs/performance.md is not met (--check). Bounded: `--seconds` at most 600, `--boards` at
most 3,000, `--viewers` at most 20.
"""

import argparse
import http.client
import importlib.util
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The legal placements and the CPU reading of the 40-board script (scripts/live-load.py).
_spec = importlib.util.spec_from_file_location("live_load", os.path.join(ROOT, "scripts/live-load.py"))
live_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(live_load)
CYCLE, cpu_seconds = live_load.CYCLE, live_load.cpu_seconds


def status(pid, key):
    """A field of /proc/PID/status as a number (kB for the memory's)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def viewer(host, port, stop, got, first, sent, lock):
    """Reads `/events` until `stop`: bytes into `got[0]`; each event's (serial, placement)
    arrival, the first viewer's only, into `first` (against `sent`)."""
    sock = socket.create_connection((host, port), timeout=5)
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    sock.settimeout(0.5)
    carry = b""
    while not stop.is_set():
        try:
            data = sock.recv(1 << 16)
        except socket.timeout:
            continue
        if not data:
            break
        got[0] += len(data)
        if first is None:
            continue
        now = time.time()
        lines = (carry + data).split(b"\n")
        carry = lines.pop()
        for line in lines:
            if not line.startswith(b"data: "):
                continue
            try:
                d = json.loads(line[6:])
            except ValueError:
                continue
            key = (d.get("serialnr"), d.get("placement"))
            with lock:
                t = sent.pop(key, None)
            if t is not None:
                first.append(now - t)
    sock.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/release/arbiter"))
    ap.add_argument("--emulator", default=os.path.join(ROOT, "target/release/examples/livechess_room"))
    ap.add_argument("--boards", type=int, default=1000)
    ap.add_argument("--viewers", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--min-period", type=float, default=2.0)
    ap.add_argument("--max-period", type=float, default=5.0)
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is not met")
    ap.add_argument("--server-log", metavar="FILE", help="the server's standard error")
    a = ap.parse_args()
    boards, seconds, viewers = min(a.boards, 3000), min(a.seconds, 600), min(a.viewers, 20)
    work = tempfile.mkdtemp(prefix="arbiter-live-hall-")
    state = os.path.join(work, "event.arbiter")
    run = lambda *x: subprocess.run([a.arbiter, *x], check=True, stdout=subprocess.DEVNULL)
    run("tournament", "new", state, "--name", "Hall", "--rounds", "4")
    players = os.path.join(work, "players.csv")
    with open(players, "w") as f:
        f.write("surname;name;rating\n")
        for i in range(1, 2 * boards + 1):
            f.write(f"Player{i:04d};P;{2600 - i // 2}\n")
    run("tournament", "add-players", state, players, "--apply", "--with-duplicates")
    run("tournament", "pair", state, "--auto")
    serials = [str(100000 + b) for b in range(1, boards + 1)]
    emu = subprocess.Popen([a.emulator, *serials], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True)
    ws = emu.stdout.readline().strip()
    server = subprocess.Popen([a.arbiter, "serve", state, "--addr", "127.0.0.1:0", "--livechess", ws],
                              stdout=subprocess.PIPE, text=True,
                              stderr=open(a.server_log, "w") if a.server_log else subprocess.DEVNULL)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")
    host, port = url.split("//", 1)[1].split(":")
    port = int(port)

    def api(method, path, body=None):
        c = http.client.HTTPConnection(host, port, timeout=30)
        c.request(method, path, body=None if body is None else json.dumps(body),
                  headers={"Content-Type": "application/json"} if body is not None else {})
        r = c.getresponse()
        return r.status, json.loads(r.read() or b"{}")

    stop = threading.Event()
    try:
        deadline = time.time() + 120
        while len(api("GET", "/api/live")[1].get("eboards", [])) < boards:
            if time.time() > deadline:
                raise SystemExit("the e-boards were not listed within 120 s")
            time.sleep(0.5)
        for b, s in enumerate(serials, 1):
            st, body = api("POST", "/api/live/assign", {"serialnr": s, "board": b})
            assert st == 200, body
        time.sleep(2.0)
        sent, lock, first = {}, threading.Lock(), []
        got = [[0] for _ in range(viewers)]
        threads = [threading.Thread(target=viewer, daemon=True,
                                    args=(host, port, stop, got[i], first if i == 0 else None, sent, lock))
                   for i in range(viewers)]
        for t in threads:
            t.start()
        time.sleep(1.0)
        rng = random.Random(36)
        period = {s: rng.uniform(a.min_period, a.max_period) for s in serials}
        due = {s: time.time() + rng.uniform(0, period[s]) for s in serials}
        step = {s: 0 for s in serials}
        rss_max = threads_max = 0
        cpu0, t0, g0 = cpu_seconds(server.pid), time.time(), [g[0] for g in got]
        count = 0
        next_sample = t0
        while time.time() - t0 < seconds:
            now = time.time()
            batch = []
            for s in serials:
                if due[s] <= now:
                    p = CYCLE[step[s] % len(CYCLE)]
                    step[s] += 1
                    due[s] += period[s]
                    with lock:
                        sent[(s, p)] = time.time()
                    batch.append(f"{s} {p}\n")
            if batch:
                emu.stdin.write("".join(batch))
                emu.stdin.flush()
                count += len(batch)
            if now >= next_sample:
                rss_max = max(rss_max, status(server.pid, "VmRSS"))
                threads_max = max(threads_max, status(server.pid, "Threads"))
                next_sample = now + 1.0
            time.sleep(0.02)
        time.sleep(2.0)
        wall = time.time() - t0
        cpu = (cpu_seconds(server.pid) - cpu0) / wall
        rss_end, hwm = status(server.pid, "VmRSS"), status(server.pid, "VmHWM")
        rss_max = max(rss_max, rss_end)
        stop.set()
        with lock:
            missed = len(sent)
        lat = sorted(first)
        pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")
        per_min = [(g[0] - g0[i]) / (wall / 60) / 1e6 for i, g in enumerate(got)]
        print(f"{boards} boards, a placement every {a.min_period:g}-{a.max_period:g} s each, "
              f"{viewers} viewers, {seconds:.0f} s: {count} placements sent")
        print(f"server: resident memory {rss_max / 1024:.0f} MB at most "
              f"({rss_end / 1024:.0f} MB at the end, kernel's peak {hwm / 1024:.0f} MB); "
              f"{threads_max} threads at most; CPU {100 * cpu:.1f} % of one core")
        print(f"event latency: p50 {pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms, max {pct(1.0):.0f} ms; "
              f"missed {missed} of {count} ({100 * missed / max(count, 1):.2f} %)")
        print("bytes to each viewer: " + ", ".join(f"{m:.1f}" for m in per_min) + " MB a minute")
        ok = (rss_max <= 400 * 1024 and threads_max <= 32 and cpu <= 0.30 and pct(0.99) <= 100
              and missed == 0 and max(per_min) <= 10)
        print("targets (400 MB, 32 threads, 30 % CPU, p99 100 ms, nothing missed, 10 MB/min): "
              + ("met" if ok else "NOT met"))
        return 0 if ok or not a.check else 1
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=10)
        emu.stdin.close()
        emu.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

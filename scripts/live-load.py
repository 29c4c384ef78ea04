#!/usr/bin/env python3
"""Bounded load test of the live room on loopback (127.0.0.1 only; Python's standard library).

    python3 scripts/live-load.py [--arbiter target/release/arbiter]
        [--emulator target/release/examples/livechess_room] [--boards 40] [--period 0.25]
        [--seconds 20]

An 80-player event paired on 40 boards; an emulated LiveChess (examples/livechess_room.rs) with
40 e-boards, each on its board; `arbiter serve --livechess` follows them. Every board then gets
a new placement every `--period` seconds for `--seconds` (the knights going out and back: legal
moves), while one Server-Sent Events reader (`/events`) notes when each board's placement
arrives. Prints the server's CPU (its user + system time over the run, as % of one core) and
the event latency from the emulator's send to the reader (p50, p99, max), and the share of
placements whose event was missed. Bounded: `--seconds` (at most 600) and `--boards` (at most
100).

Then result entry with and without the hall's screens: `--results` results (at most 500) are
entered through the API (`POST /api/rounds/1/boards/B/result`, a correction after the first
round of boards, so that each is a real write of the state file) while the boards keep sending,
in `--blocks` pairs of blocks: alone and with `--viewers` (at most 100) `/screen` viewers at
once, in the order A B B A … so that a drift over the run (the journal grows with every
result) weighs on both sides alike. The viewers live in a process of their own for the whole
run (spawned, not forked; at the lowest priority, so that on the load's processor the timing
thread is not held back by them), connect before each watched block and close after it; every
block, with viewers or not, is timed after the same pause of `--settle` seconds. Each viewer
holds `/events?for=screen` open and reads what it sends, loads `/screen` again every
`--screen-every` seconds (2 s: ten times what the screen does by itself), or both
(`--viewer-mode`), so the two costs can be measured apart; `--viewer-mode idle` starts the
viewers' threads without any request, the control: what the setup alone moves the ratios by.
With `--follow-reloads` a screen also loads `/screen` again after each `reload` event its
stream sends, as the screen's script does. Prints each side's result-entry latency (p50, p99, max) with
the server's CPU while it ran, the ratio with viewers to without, the pages served, the bytes
the screens read, the events a screen's stream sent a second by kind, and at the end the event's
database's size and journal entries. `--server-log FILE` keeps the server's standard error. `--pin` puts the server on the first CPU and this script, the emulator and the viewers on the second, so the
load client's own work does not take the server's core (on a 2-core machine).
"""

import argparse
import http.client
import json
import socket
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CYCLE = [
    "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R",
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R",
    "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def feeder(emu, serials, period, stop):
    """The boards keep sending a placement every `period` seconds each until `stop`."""
    step = 0
    while not stop.is_set():
        tick = time.time()
        for s in serials:
            emu.stdin.write(f"{s} {CYCLE[step % len(CYCLE)]}\n")
        emu.stdin.flush()
        step += 1
        time.sleep(max(0.0, period - (time.time() - tick)))


def drain(sock, stop, received, reloaded):
    """Reads what a stream sends until `stop` (a screen's browser would draw it), counting the
    bytes and the events by kind (`received`: bytes, `board` and `move` events, `reload` events); each
    `reload` sets `reloaded` (the screen's script then loads the page again)."""
    buf = bytearray(1 << 16)
    carry = b""
    try:
        while not stop.is_set():
            n = sock.recv_into(buf)
            if not n:
                return
            received[0] += n
            chunk = carry + bytes(buf[:n])
            received[1] += chunk.count(b"event: board\n") + chunk.count(b"event: move\n")
            reloads = chunk.count(b"event: reload\n")
            received[2] += reloads
            if reloads:
                reloaded.set()
            carry = chunk[-20:]
            # What the carry holds was counted: keep only an event's unfinished start.
            cut = carry.rfind(b"\n")
            carry = carry[cut + 1:] if cut >= 0 else carry
    except OSError:
        return


def viewer(host, port, every, mode, follow, stop, served, received):
    """A hall's screen: `/events` held open (mode `events` or `both`) and `/screen` loaded every
    `every` seconds (mode `page` or `both`) and, with `follow` (mode `both`), as the screen's
    script does, after each `reload` event too."""
    sock = None
    reloaded = threading.Event()
    if mode in ("events", "both"):
        sock = socket.create_connection((host, port), timeout=300)
        sock.sendall(f"GET /events?for=screen HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        threading.Thread(target=drain, args=(sock, stop, received, reloaded), daemon=True).start()
    if mode in ("page", "both"):
        c = http.client.HTTPConnection(host, port, timeout=30)
        # Each screen at its own moment: the loads spread evenly over time, so that a short
        # block sees its share of them (all at once, a block shorter than `every` could
        # fall between two rounds of loads and see none).
        stop.wait(random.uniform(0, every))
        while not stop.is_set():
            c.request("GET", "/screen")
            resp = c.getresponse()
            received[0] += len(resp.read())
            if resp.status == 200:
                served.append(1)
            if not follow:
                stop.wait(every)
                continue
            reloaded.clear()
            # The next load: the screen's own pace, or at once after a `reload` event.
            t = time.time() + every
            while not stop.is_set() and time.time() < t and not reloaded.wait(0.05):
                pass
    stop.wait()
    if sock is not None:
        sock.close()


def screens_process(host, port, viewers, every, mode, follow, active, quit, served, received_total):
    """`viewers` hall's screens on threads of this process while `active` is set, none while it
    is clear, until `quit`; `served` counts pages, `received_total` the bytes and events the
    screens read. The process lives through the whole run, so that starting it costs no block
    anything; it runs at the lowest priority, so that on the load's processor the timing
    thread is not held back by the screens' own reading (the server's core is not shared)."""
    os.nice(19)

    class Count(list):
        def append(self, x):
            with served.get_lock():
                served.value += 1
    count = Count()
    received = [0, 0, 0]
    while not quit.is_set():
        if not active.wait(0.05):
            continue
        stop = threading.Event()
        threads = [threading.Thread(target=viewer, args=(host, port, every, mode, follow, stop, count, received),
                                    daemon=True)
                   for _ in range(viewers)]
        for t in threads:
            t.start()
        while active.is_set() and not quit.is_set():
            time.sleep(0.02)
        stop.set()
        for t in threads:
            t.join(timeout=10)
        for i in range(3):
            received_total[i] = received[i]


def enter_results(host, port, boards, n, start=0):
    """`n` results through the API, one after another; each request's latency in seconds."""
    c = http.client.HTTPConnection(host, port, timeout=30)
    lat = []
    for i in range(start, start + n):
        b = i % boards + 1
        body = json.dumps({"result": "1-0" if (i // boards) % 2 == 0 else "0-1", "correct": i >= boards})
        t0 = time.time()
        c.request("POST", f"/api/rounds/1/boards/{b}/result", body=body,
                  headers={"Content-Type": "application/json"})
        r = c.getresponse()
        answer = r.read()
        lat.append(time.time() - t0)
        assert r.status == 200, (r.status, b, answer)
    return lat


def result_phases(a, host, port, boards, serials, emu, server_pid):
    """Result entry alone and with the screens, in alternating blocks (`--blocks` pairs), so
    that both see the same state file and journal sizes and the same moments of the host's
    load; each block with screens starts their process afresh and lets it settle first."""
    n, viewers = min(a.results, 500), min(a.viewers, 100)
    blocks = max(1, min(a.blocks, 50))
    per = max(1, n // blocks)
    stop_feed = threading.Event()
    threading.Thread(target=feeder, args=(emu, serials, a.period, stop_feed), daemon=True).start()
    q = lambda lat, x: lat[min(len(lat) - 1, int(x * len(lat)))] * 1000
    alone, watched = [], []
    shown = received = boards_got = reloads_got = 0
    cpu = {"alone": [0.0, 0.0], "watched": [0.0, 0.0]}
    done = 0
    screens = None
    if viewers:
        # The viewers run in a process of their own: their threads do not hold the timing
        # thread back (Python's interpreter lock), only the server's work can. Spawned, not
        # forked: after a fork this (timing) process would copy its memory pages as it writes
        # them, slowing the timing itself.
        mp = multiprocessing.get_context("spawn")
        served = mp.Value("i", 0)
        got = mp.Array("q", 3)
        active, quit = mp.Event(), mp.Event()
        screens = mp.Process(
            target=screens_process,
            args=(host, port, viewers, a.screen_every, a.viewer_mode, a.follow_reloads, active, quit,
                  served, got))
        screens.start()
    def timed(key, lat):
        """One block of `per` results, timed and added to `lat`, the server's CPU to `key`."""
        nonlocal done
        c0, t0 = cpu_seconds(server_pid), time.time()
        lat += enter_results(host, port, boards, per, done)
        cpu[key][0] += cpu_seconds(server_pid) - c0
        cpu[key][1] += time.time() - t0
        done += per

    for i in range(blocks):
        # Alone then watched, then watched then alone (A B B A …): a drift over the run (the
        # journal grows with every result) weighs on both sides alike.
        for side in ("alone", "watched") if i % 2 == 0 else ("watched", "alone"):
            if side == "alone":
                # The same pause before each block, with screens or not (theirs to close, or
                # to connect and settle): after a pause the first requests find the caches and
                # the processors' clocks alike.
                time.sleep(a.settle)
                timed("alone", alone)
            elif screens is not None:
                active.set()
                time.sleep(a.settle)
                shown0 = served.value
                timed("watched", watched)
                shown += served.value - shown0
                active.clear()
    if screens is not None:
        quit.set()
        screens.join(timeout=30)
        received, boards_got, reloads_got = got[0], got[1], got[2]
    stop_feed.set()
    alone.sort()
    watched.sort()
    phases = [("without viewers", alone, "alone")]
    if watched:
        phases.append((f"with {viewers} /screen viewers ({a.viewer_mode})", watched, "watched"))
    for name, lat, key in phases:
        busy, wall = cpu[key]
        print(f"result entry {name}: {len(lat)} results, p50 {q(lat, 0.5):.1f} ms, "
              f"p99 {q(lat, 0.99):.1f} ms, max {q(lat, 1.0):.1f} ms; "
              f"server CPU {100 * busy / max(wall, 1e-9):.0f} % of one core")
    span = max(cpu['watched'][1] + blocks * a.settle, 1e-9)
    if watched:
        print(f"with viewers / without: p50 x{q(watched, 0.5) / q(alone, 0.5):.2f}, "
              f"p99 x{q(watched, 0.99) / q(alone, 0.99):.2f}; {shown} /screen pages served "
              f"meanwhile; the screens read {received / span / 1e6:.1f} MB/s "
              f"({blocks} blocks of {per} results each way)")
        print(f"each screen's stream: {boards_got / span / viewers:.1f} board events/s, "
              f"{reloads_got / span / viewers:.2f} reload events/s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/release/arbiter"))
    ap.add_argument("--emulator", default=os.path.join(ROOT, "target/release/examples/livechess_room"))
    ap.add_argument("--boards", type=int, default=40)
    ap.add_argument("--period", type=float, default=0.25)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--viewers", type=int, default=50)
    ap.add_argument("--results", type=int, default=400)
    ap.add_argument("--screen-every", type=float, default=2.0)
    ap.add_argument("--viewer-mode", choices=["both", "events", "page", "idle"], default="both",
                    help="what each screen does: hold /events open, reload /screen, both, "
                         "or nothing (idle: the control)")
    ap.add_argument("--follow-reloads", action="store_true",
                    help="with --viewer-mode both, each screen loads /screen again after each "
                         "`reload` event, as its script does")
    ap.add_argument("--blocks", type=int, default=20,
                    help="result entry alternates this many times between alone and watched "
                         "(20 blocks of 20: the control, --viewer-mode idle, then gives ratios of 1)")
    ap.add_argument("--settle", type=float, default=1.0,
                    help="seconds of pause before each block (the screens connect meanwhile)")
    ap.add_argument("--pin", action="store_true",
                    help="the server on CPU 0, this script, the emulator and the screens on CPU 1")
    ap.add_argument("--server-log", metavar="FILE",
                    help="the server's standard error goes to FILE (else it is dropped)")
    a = ap.parse_args()
    boards, seconds = min(a.boards, 100), min(a.seconds, 600)
    work = tempfile.mkdtemp(prefix="arbiter-live-load-")
    state = os.path.join(work, "event.arbiter")
    run = lambda *x: subprocess.run([a.arbiter, *x], check=True, stdout=subprocess.DEVNULL)
    run("tournament", "new", state, "--name", "Load", "--rounds", "4")
    for i in range(1, 2 * boards + 1):
        run("tournament", "add-player", state, "--name", f"P{i:03d}", "--rating", str(2000 - i))
    run("tournament", "pair", state, "--auto")
    serials = [str(5000 + b) for b in range(1, boards + 1)]
    pin_server = None
    if a.pin and len(os.sched_getaffinity(0)) >= 2:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[1]})
        pin_server = lambda: os.sched_setaffinity(0, {cpus[0]})
    emu = subprocess.Popen([a.emulator, *serials], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ws = emu.stdout.readline().strip()
    server = subprocess.Popen([a.arbiter, "serve", state, "--addr", "127.0.0.1:0", "--livechess", ws],
                              stdout=subprocess.PIPE, text=True,
                              stderr=open(a.server_log, "w") if a.server_log else subprocess.DEVNULL,
                              preexec_fn=pin_server)
    line = server.stdout.readline()
    url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")  # in either language
    host, port = url.split("//", 1)[1].split(":")

    def api(method, path, body=None):
        c = http.client.HTTPConnection(host, int(port), timeout=10)
        c.request(method, path, body=None if body is None else json.dumps(body),
                  headers={"Content-Type": "application/json"} if body is not None else {})
        r = c.getresponse()
        return r.status, json.loads(r.read() or b"{}")

    try:
        deadline = time.time() + 30
        while len(api("GET", "/api/live")[1].get("eboards", [])) < boards:
            if time.time() > deadline:
                raise SystemExit("the e-boards were not listed within 30 s")
            time.sleep(0.2)
        for b, s in enumerate(serials, 1):
            status, body = api("POST", "/api/live/assign", {"serialnr": s, "board": b})
            assert status == 200, body
        time.sleep(1.0)
        sent = {}
        arrivals = []
        stop = threading.Event()

        def reader():
            c = http.client.HTTPConnection(host, int(port), timeout=seconds + 30)
            c.request("GET", "/events")
            r = c.getresponse()
            while not stop.is_set():
                line = r.fp.readline()
                if not line:
                    return
                if line.startswith(b"data: "):
                    now = time.time()
                    d = json.loads(line[6:])
                    key = (d.get("serialnr"), d.get("placement"))
                    if key in sent:
                        arrivals.append(now - sent[key])
                        del sent[key]

        t = threading.Thread(target=reader, daemon=True)
        t.start()
        time.sleep(0.5)
        cpu0, t0 = cpu_seconds(server.pid), time.time()
        count, step = 0, 0
        while time.time() - t0 < seconds:
            tick = time.time()
            for s in serials:
                p = CYCLE[step % len(CYCLE)]
                sent[(s, p)] = time.time()
                emu.stdin.write(f"{s} {p}\n")
                count += 1
            emu.stdin.flush()
            step += 1
            time.sleep(max(0.0, a.period - (time.time() - tick)))
        time.sleep(1.0)
        cpu = (cpu_seconds(server.pid) - cpu0) / (time.time() - t0)
        stop.set()
        lat = sorted(arrivals)
        pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")
        print(f"{boards} boards, a placement every {a.period:.2f} s each, {seconds:.0f} s: "
              f"{count} placements sent, {len(lat)} events timed")
        print(f"server CPU: {100 * cpu:.1f} % of one core")
        print(f"event latency: p50 {pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms, max {pct(1.0):.0f} ms; "
              f"missed {100 * (1 - len(lat) / max(count, 1)):.1f} %")
        result_phases(a, host, int(port), boards, serials, emu, server.pid)
        log = subprocess.run([a.arbiter, "tournament", "log", state, "--format", "json"],
                             capture_output=True, text=True).stdout
        entries = json.loads(log)[0]["seq"] if log.strip().startswith("[{") else 0
        with open(f"/proc/{server.pid}/status") as f:
            peak = next((line.split()[1] for line in f if line.startswith("VmHWM:")), "0")
        wal = os.path.getsize(state + "-wal") if os.path.exists(state + "-wal") else 0
        print(f"at the end: the event's database {(os.path.getsize(state) + wal) / 1e6:.1f} MB "
              f"(with its -wal), {entries} journal entries; the server's "
              f"peak memory {int(peak) / 1024:.0f} MB resident")
    finally:
        server.terminate()
        server.wait(timeout=10)
        emu.stdin.close()
        emu.wait(timeout=10)
        # The event, its journal and the captures: hundreds of MB after a long run.
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

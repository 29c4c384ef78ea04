#!/usr/bin/env python3
"""Bounded load test of `arbiter serve` on loopback (127.0.0.1 only; Python's standard library).

    python3 scripts/desk-load.py [--arbiter target/release/arbiter] [--players 200]
                                 [--seconds 10] [--clients 8] [--mixed-seconds 20]

1. Builds a 200-player event with the CLI (`tournament new`, `add-player`; rounds 1–3 paired
   with `pair --auto` and their results recorded), then starts `arbiter serve` pinned to one
   core (`taskset -c 0`); this script runs on the other core.
2. `GET /api/standings` and `GET /standings` (the page): `--clients` keep-alive connections for
   `--seconds` each (at most 50 000 requests): requests/s, p50 and p99 latency, non-200 answers.
3. `POST /api/rounds/{n}/boards/{b}/result`: rounds 4–6 paired through the API, every board's
   result posted by `--clients` connections at once: results/s; then every result must be in
   the state file (nothing lost).
4. `--mixed-seconds` (20) of 20 API clients, each correcting its own 4 boards of round 6 over
   and over (`"correct": true`; every 5th post carries the `version` of `GET /api/event`),
   together with 2 loops of `arbiter tournament result --correct` processes on boards 81–100
   of the same file, while a reader parses the file every 20 ms. Then: the file parses, every
   board holds the last result its writer had accepted (nothing lost), a post with a `version`
   is answered 200 or 409 (stale) and nothing else, and the event's `ETag` equals the version
   the round page's forms carry.

Prints the figures and exits 1 when a check fails. Bounded in time (about a minute and a half
in all) and count; the numbers depend on the machine (see docs/performance.md, "The desk under load").
"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = ["1-0", "0-1", "1/2-1/2"]
MAX_REQUESTS = 50_000

failures = []


def check(ok, what):
    print(("ok     " if ok else "FAILED ") + what, flush=True)
    if not ok:
        failures.append(what)


def cli(arbiter, *args):
    return subprocess.run([arbiter, "tournament", *args], check=True, capture_output=True, text=True)


def build_event(arbiter, path, players):
    cli(arbiter, "new", path, "--name", "Нагрузка", "--rounds", "9")
    rnd = random.Random(7)
    for i in range(players):
        args = ["add-player", path, "--name", f"Игрок {i + 1:03d}, Тест", "--sex", "mw"[i % 2]]
        if i < players * 3 // 4:
            args += ["--rating", str(2000 - 4 * i)]
        cli(arbiter, *args)
    for r in range(1, 4):
        cli(arbiter, "pair", path, "--auto")
        boards = players // 2
        for b in range(1, boards + 1):
            cli(arbiter, "result", path, "--round", str(r), "--board", str(b), rnd.choice(RESULTS))


class Client:
    """One keep-alive HTTP/1.1 connection to the desk."""

    def __init__(self, port):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, body=None, headers=None):
        h = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=data, headers=h)
                r = self.conn.getresponse()
                body = r.read()
                return r.status, r.headers, body
            except (http.client.HTTPException, ConnectionError):
                if attempt:
                    raise
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


def hammer_get(port, path, seconds, clients):
    """`clients` threads GET `path` for `seconds` (at most MAX_REQUESTS in all)."""
    lat, bad = [], [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def run():
        c = Client(port)
        mine, wrong = [], 0
        while time.monotonic() < stop:
            with lock:
                if len(lat) + len(mine) >= MAX_REQUESTS:
                    break
            t0 = time.perf_counter()
            s, _, _ = c.request("GET", path)
            mine.append(time.perf_counter() - t0)
            wrong += s != 200
        with lock:
            lat.extend(mine)
            bad[0] += wrong

    t0 = time.monotonic()
    threads = [threading.Thread(target=run) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - t0
    lat.sort()
    return len(lat) / took, percentile(lat, 50) * 1000, percentile(lat, 99) * 1000, len(lat), bad[0]


ARBITER = "arbiter"


def exported(state):
    """The event as `tournament export --format json` writes it (the state file's schema)."""
    out = subprocess.run([ARBITER, "tournament", "export", state, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def post_round(port, state, rnd, boards, clients):
    """Pairs round `rnd` through the API, posts every board's result with `clients` threads."""
    s, _, body = Client(port).request("POST", "/api/rounds/next")
    check(s == 200 and json.loads(body)["round"] == rnd, f"round {rnd} paired through the API ({s})")
    todo = list(range(1, boards + 1))
    want, lat, bad = {}, [], []
    lock = threading.Lock()

    def run(k):
        c = Client(port)
        for b in todo[k::clients]:
            res = RESULTS[(b + rnd) % 3]
            t0 = time.perf_counter()
            st, _, body = c.request("POST", f"/api/rounds/{rnd}/boards/{b}/result", {"result": res})
            with lock:
                lat.append(time.perf_counter() - t0)
                if st == 200:
                    want[b] = res
                else:
                    bad.append((b, st, body[:200]))

    t0 = time.monotonic()
    threads = [threading.Thread(target=run, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - t0
    check(not bad, f"round {rnd}: every post accepted {bad[:3]}")
    _, _, body = Client(port).request("GET", f"/api/rounds/{rnd}")
    listed = {b["board"]: b["result"] for b in json.loads(body)["boards"]}
    in_file = sum(1 for g in exported(state)["rounds"][rnd - 1]["games"] if g.get("result"))
    lost = [b for b, r in want.items() if listed.get(b) != r]
    check(not lost and in_file == boards, f"round {rnd}: {in_file} of {boards} results in the file, lost {lost[:5]}")
    lat.sort()
    return boards / took, percentile(lat, 99) * 1000


def mixed(arbiter, port, state, rnd, boards, seconds):
    """20 API clients and 2 CLI loops correcting their own boards of round `rnd` at once."""
    stop = time.monotonic() + seconds
    last = {}                    # board -> the last result its writer had accepted
    counts = {"api": 0, "api_refused": 0, "cli": 0, "cli_refused": 0, "versioned": 0,
              "version_stale": 0, "version_other": 0, "parses": 0, "parse_failures": 0}
    lock = threading.Lock()
    api_boards = list(range(1, 81))
    cli_boards = list(range(81, boards + 1))

    def api_client(k):
        c = Client(port)
        mine = api_boards[4 * k:4 * k + 4]
        n = 0
        while time.monotonic() < stop:
            b = mine[n % 4]
            res = RESULTS[(n // 4 + k + b) % 3]
            body = {"result": res, "correct": True}
            if n % 5 == 4:
                _, headers, _ = c.request("GET", "/api/event")
                body["version"] = headers["ETag"].strip('"')
            s, _, text = c.request("POST", f"/api/rounds/{rnd}/boards/{b}/result", body)
            with lock:
                if "version" in body:
                    counts["versioned"] += 1
                    counts["version_stale"] += s == 409
                    counts["version_other"] += s not in (200, 409)
                if s == 200:
                    counts["api"] += 1
                    last[b] = res
                elif not ("version" in body and s == 409):
                    counts["api_refused"] += 1
                    print(f"  api post refused: {s} {text[:200]!r}", flush=True)
            n += 1

    def cli_loop(k):
        mine = cli_boards[k::2]
        n = 0
        while time.monotonic() < stop:
            b = mine[n % len(mine)]
            res = RESULTS[(n + b) % 3]
            p = subprocess.run([arbiter, "tournament", "result", state, "--round", str(rnd),
                                "--board", str(b), res, "--correct"], capture_output=True, text=True)
            with lock:
                if p.returncode == 0:
                    counts["cli"] += 1
                    last[b] = res
                else:
                    counts["cli_refused"] += 1
                    print(f"  cli refused: {p.stderr[:200]!r}", flush=True)
            n += 1

    def reader():
        while time.monotonic() < stop:
            try:
                exported(state)
                ok = True
            except (ValueError, OSError):
                ok = False
            with lock:
                counts["parses"] += 1
                counts["parse_failures"] += not ok
            time.sleep(0.02)

    threads = [threading.Thread(target=api_client, args=(k,)) for k in range(20)]
    threads += [threading.Thread(target=cli_loop, args=(k,)) for k in range(2)]
    threads.append(threading.Thread(target=reader))
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - t0
    exported(state)
    check(True, "the event reads after the run")
    p = subprocess.run([arbiter, "tournament", "standings", state, "--format", "json"], capture_output=True)
    check(p.returncode == 0, "the library reads it (tournament standings)")
    _, _, body = Client(port).request("GET", f"/api/rounds/{rnd}")
    listed = {b["board"]: b["result"] for b in json.loads(body)["boards"]}
    lost = [(b, r, listed.get(b)) for b, r in sorted(last.items()) if listed.get(b) != r]
    check(not lost, f"every board holds its writer's last accepted result ({len(last)} boards), lost {lost[:5]}")
    check(counts["parse_failures"] == 0, f"the file parsed at every read during the run ({counts['parses']} reads)")
    check(counts["version_other"] == 0, "posts with a version: 200 or 409, nothing else")
    check(counts["api_refused"] == 0 and counts["cli_refused"] == 0, "no post or CLI change refused otherwise")
    c = Client(port)
    _, headers, _ = c.request("GET", "/api/event")
    etag = headers["ETag"].strip('"')
    _, _, page = c.request("GET", f"/rounds/{rnd}")
    m = re.search(rb'name="version" value="([0-9a-f]+)"', page)
    check(m is not None and m.group(1).decode() == etag, "the event's ETag is the version the page's forms carry")
    return took, counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arbiter", default=os.path.join(ROOT, "target/release/arbiter"))
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--mixed-seconds", type=float, default=20)
    args = ap.parse_args()
    if args.players < 200 or args.players % 2:
        raise SystemExit("--players: an even number from 200 (boards 81–100 are the CLI's)")
    arbiter = os.path.abspath(args.arbiter)
    global ARBITER
    ARBITER = arbiter
    work = tempfile.mkdtemp(prefix="arbiter-load-")
    state = os.path.join(work, "load.arbiter")
    boards = args.players // 2
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") and os.cpu_count() > 1 else []
    if pin:
        os.sched_setaffinity(0, {1})
    server = None
    try:
        t0 = time.monotonic()
        build_event(arbiter, state, args.players)
        print(f"event: {args.players} players, 3 rounds played, built in {time.monotonic() - t0:.1f} s "
              f"({os.path.getsize(state) // 1024} KiB)", flush=True)
        server = subprocess.Popen(pin + [arbiter, "serve", state, "--addr", "127.0.0.1:0", "--lang", "ru"],
                                  stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        print(f"server: {'pinned to core 0' if pin else 'not pinned'}; load from "
              f"{'core 1' if pin else 'any core'}; {args.clients} keep-alive clients", flush=True)
        for path in ["/api/standings", "/standings"]:
            Client(port).request("GET", path)  # warm
            rps, p50, p99, n, bad = hammer_get(port, path, args.seconds, args.clients)
            print(f"GET {path}: {rps:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms ({n} requests, {bad} not 200)",
                  flush=True)
            check(bad == 0, f"GET {path}: every answer 200")
        rates = []
        for rnd in (4, 5, 6):
            rate, p99 = post_round(port, state, rnd, boards, args.clients)
            rates.append(rate)
            print(f"POST results, round {rnd}: {boards} results in {boards / rate:.2f} s = {rate:.0f} results/s, "
                  f"p99 {p99:.1f} ms", flush=True)
        took, counts = mixed(arbiter, port, state, 6, boards, args.mixed_seconds)
        print(f"mixed {took:.1f} s: {counts['api']} API corrections + {counts['cli']} CLI corrections accepted "
              f"({(counts['api'] + counts['cli']) / took:.0f} changes/s); {counts['versioned']} posts with a "
              f"version, {counts['version_stale']} of them 409 stale; the file read {counts['parses']} times",
              flush=True)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"desk load: {len(failures)} failed checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

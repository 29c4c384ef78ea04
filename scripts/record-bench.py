#!/usr/bin/env python3
"""The event's record at scale: a 500-player, 9-round event built through the CLI, every result
entered one by one, with the binaries given (the new one, and optionally the one before the
database to compare in the same run). Loopback only; Python's standard library.

    python3 scripts/record-bench.py --arbiter target/release/arbiter \\
        [--old /path/to/old/arbiter] [--players 500] [--rounds 9] [--work DIR]

For each binary: `tournament new`, the players from one list (`add-players --apply`), then per
round `pair --auto` and one `tournament result` per board (a third 1-0, a third 0-1, a third
draws). Then it prints, per binary:

- the size of the event's files (the database, or the state file and its journal) and the bytes a
  result's journal entry takes (the database: the entry's row; the JSON journal: its line);
- `tournament result` as a whole process in the last round: p50, p90, max (ms);
- `undo`, `log` (the newest 50 with the database; the whole journal before), the TRF export,
  each as a whole process (ms), run 3 times, median;
- the peak memory (max RSS, MB) of every command above;
- the desk: `/log` answered (ms, median of 3) and the server's resident memory after it (MB).

Bounded: --players at most 1000, --rounds at most 11; the old binary's journal at 500 × 9 is
about 0.7 GB in --work (removed at the end unless --keep). Takes about 3 min with the database,
about 10 min more with the old binary on the project's 2-core machine.
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request


def run(argv, check=True):
    """Runs a command: (seconds, peak RSS in MB of this child, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - t0
    if check and p.returncode != 0:
        sys.exit(f"{' '.join(argv)}: {p.stderr}")
    # ru_maxrss of the children is the largest of all so far: measured with /usr/bin/time instead
    # when it is there.
    return took, before, p.stdout


def peak_mb(argv):
    """The peak RSS (MB) of a command, with GNU time -f %M (KB)."""
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    last = p.stderr.strip().splitlines()[-1]
    return int(last) / 1024 if last.isdigit() else float("nan")


def ms(s):
    return f"{s * 1000:.0f}"


def players_csv(path, n):
    with open(path, "w", encoding="utf-8") as f:
        f.write("№;Фамилия;Имя;Отчество;Дата рождения;Пол;Класс;Школа;Рейтинг ФШР;ID ФШР\n")
        for i in range(1, n + 1):
            f.write(f"{i};Игрок{i:04d};Имя{i};Отч;{1 + i % 28:02d}.{1 + i % 12:02d}.{2010 + i % 8};"
                    f"{'м' if i % 2 else 'ж'};3А;Школа 1;{2200 - i};\n")


def build(arbiter, event, n_players, rounds, work):
    """Builds the event; returns the times of the last round's results (s)."""
    tm = lambda *a: run([arbiter, "tournament", *a])  # noqa: E731
    csv = os.path.join(work, "players.csv")
    players_csv(csv, n_players)
    tm("new", event, "--name", "Record bench", "--rounds", str(rounds), "--force")
    tm("add-players", event, csv, "--apply")
    last = []
    for r in range(1, rounds + 1):
        tm("pair", event, "--auto")
        boards = n_players // 2
        for b in range(1, boards + 1):
            res = ["1-0", "0-1", "1/2-1/2"][b % 3]
            took, _, _ = tm("result", event, "--round", str(r), "--board", str(b), res)
            if r == rounds:
                last.append(took)
        print(f"  round {r} of {rounds} entered", file=sys.stderr)
    return last


def median_of(argv, k=3):
    return statistics.median(run(argv)[0] for _ in range(k))


def desk(arbiter, event):
    """`/log` answered (median of 3, s) and the server's RSS after it (MB)."""
    p = subprocess.Popen([arbiter, "serve", event, "--addr", "127.0.0.1:0"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    url = re.search(r"http://[^/\s]+", line).group(0)
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        urllib.request.urlopen(url + "/log", timeout=120).read()
        times.append(time.perf_counter() - t0)
    with open(f"/proc/{p.pid}/status") as f:
        rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) / 1024
    p.terminate()
    p.wait()
    return statistics.median(times), rss


def sizes(event):
    files = [event, event + "-wal", event + ".journal.jsonl"]
    return {os.path.basename(f): os.path.getsize(f) for f in files if os.path.exists(f)}


def entry_bytes(event):
    """Median bytes of a result's journal entry."""
    if open(event, "rb").read(16).startswith(b"SQLite format 3"):
        import sqlite3
        db = sqlite3.connect(f"file:{event}?mode=ro", uri=True)
        rows = db.execute(
            "SELECT length(time)+length(via)+ifnull(length(address),0)+ifnull(length(device),0)"
            "+length(action)+length(args)+ifnull(length(version_before),0)+length(version_after)"
            "+length(diff)+8 FROM journal WHERE action = 'result'").fetchall()
        db.close()
        return statistics.median(r[0] for r in rows)
    sizes_ = []
    with open(event + ".journal.jsonl", "rb") as f:
        for line in f:
            if b'"action":"result"' in line:
                sizes_.append(len(line))
    return statistics.median(sizes_)


def measure(name, arbiter, event, n_players, rounds, work):
    print(f"{name}: building {n_players} players × {rounds} rounds …", file=sys.stderr)
    t0 = time.perf_counter()
    last = build(arbiter, event, n_players, rounds, work)
    built = time.perf_counter() - t0
    q = statistics.quantiles(last, n=10)
    out = {
        "build_s": built,
        "files": sizes(event),
        "entry_bytes": entry_bytes(event),
        "result_p50_ms": statistics.median(last) * 1000,
        "result_p90_ms": q[8] * 1000,
        "result_max_ms": max(last) * 1000,
    }
    tm = [arbiter, "tournament"]
    board = str(n_players // 2)
    result_cmd = tm + ["result", event, "--round", str(rounds), "--board", board, "1-0", "--correct"]
    out["result_peak_mb"] = peak_mb(result_cmd)
    undo = []
    for _ in range(3):
        undo.append(run(tm + ["undo", event])[0])
        run(result_cmd)
    out["undo_ms"] = statistics.median(undo) * 1000
    out["undo_peak_mb"] = peak_mb(tm + ["undo", event])
    out["log_ms"] = median_of(tm + ["log", event]) * 1000
    out["log_peak_mb"] = peak_mb(tm + ["log", event])
    out["trf_ms"] = median_of(tm + ["export", event]) * 1000
    out["trf_peak_mb"] = peak_mb(tm + ["export", event])
    d, rss = desk(arbiter, event)
    out["desk_log_ms"] = d * 1000
    out["desk_rss_mb"] = rss
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arbiter", required=True)
    ap.add_argument("--old", help="the binary before the database, to compare in the same run")
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--work")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    if not (2 <= a.players <= 1000 and 1 <= a.rounds <= 11):
        sys.exit("--players 2 to 1000, --rounds 1 to 11")
    work = a.work or tempfile.mkdtemp(prefix="arbiter-record-bench-")
    os.makedirs(work, exist_ok=True)
    results = {}
    try:
        results["new"] = measure("new", a.arbiter, os.path.join(work, "bench.arbiter"),
                                 a.players, a.rounds, work)
        if a.old:
            results["old"] = measure("old", a.old, os.path.join(work, "bench.json"),
                                     a.players, a.rounds, work)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    keys = ["build_s", "entry_bytes", "result_p50_ms", "result_p90_ms", "result_max_ms",
            "result_peak_mb", "undo_ms", "undo_peak_mb", "log_ms", "log_peak_mb", "trf_ms",
            "trf_peak_mb", "desk_log_ms", "desk_rss_mb"]
    print(f"{a.players} players × {a.rounds} rounds")
    print("| figure | " + " | ".join(results) + " |")
    print("|---|" + "---|" * len(results))
    for k in keys:
        print(f"| {k} | " + " | ".join(f"{results[n][k]:.1f}" for n in results) + " |")
    for n in results:
        print(f"{n} files: " + ", ".join(f"{f} {s / 1e6:.1f} MB" for f, s in results[n]["files"].items()))


if __name__ == "__main__":
    main()

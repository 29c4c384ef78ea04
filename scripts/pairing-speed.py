#!/usr/bin/env python3
"""Whole-process speed and peak memory of `arbiter pair` beside bbpPairings, in one run.

    scripts/pairing-speed.py [--arbiter PATH] [--bbp PATH] [--trf FILE] [--runs N] [--cpu K]

Pairs the next round of a TRF (default: round 11 of ../shared/vectors/pairing/big-n1000-r11,
1,000 players) with `arbiter pair FILE` and with `bbpPairings --dutch FILE -p OUT`, alternately
(A, B, A, B, ...: the host's drift hits both alike), each process pinned to one CPU (--cpu,
default 0). For each run: wall time, CPU time (user + system, steadier than wall on a shared
host) and peak resident memory (the kernel's maximum RSS of the process). Prints each run, the
medians and the ratios bbpPairings / arbiter; checks that every run of both programs gives the
same pairing (and the reference's `.pairs` beside the TRF, when there is one). Exit 1 when the
pairings differ.

bbpPairings is not part of this repository: give its binary (v6.0.0, built from its public
source) with --bbp or the environment variable BBPPAIRINGS; without it only arbiter is measured,
with a message saying so. Needs only Python 3's standard library (Linux: os.wait4).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_TRF = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "vectors", "pairing",
                                           "big-n1000-r11", "round-11.trf"))


def measure(cmd, cpu, stdout):
    """Runs cmd pinned to one CPU: (wall s, CPU s, peak RSS MiB, exit status)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE,
                         preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if p.returncode != 0:
        sys.exit(f"pairing-speed: {' '.join(cmd)} exited {p.returncode}: {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, err


def normalise(text):
    """A bbpPairings pairs file's lines (count, then `white black`), whitespace ignored."""
    return [" ".join(line.split()) for line in text.replace("\r", "").splitlines() if line.strip()]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--arbiter", default=os.environ.get("ARBITER", "target/release/arbiter"))
    p.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS"))
    p.add_argument("--trf", default=DEFAULT_TRF)
    p.add_argument("--runs", type=int, default=3, help="runs of each program")
    p.add_argument("--cpu", type=int, default=0, help="the CPU both programs are pinned to")
    args = p.parse_args()
    if not os.access(args.arbiter, os.X_OK):
        sys.exit(f"pairing-speed: no arbiter binary at {args.arbiter} (cargo build --release, "
                 "or --arbiter PATH)")
    if not os.path.exists(args.trf):
        sys.exit(f"pairing-speed: {args.trf} not found (../shared beside the checkout, or --trf)")
    if args.bbp and not os.access(args.bbp, os.X_OK):
        sys.exit(f"pairing-speed: {args.bbp} (--bbp or BBPPAIRINGS) is not an executable")
    if not args.bbp:
        print("pairing-speed: bbpPairings not found (give --bbp PATH or BBPPAIRINGS=PATH: "
              "bbpPairings v6.0.0 built from its public source); only arbiter is measured",
              flush=True)
    reference = os.path.splitext(args.trf)[0] + ".pairs"
    want = normalise(open(reference).read()) if os.path.exists(reference) else None
    print(f"{args.trf}: one CPU ({args.cpu}), {args.runs} run(s) each, load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    rows = {"arbiter": [], "bbpPairings": []}
    pairings = {}
    with tempfile.TemporaryDirectory(prefix="pairing-speed-") as tmp:
        for i in range(args.runs):
            out = os.path.join(tmp, "arbiter.pairs")
            with open(out, "w") as f:
                rows["arbiter"].append(measure([args.arbiter, "pair", args.trf], args.cpu, f)[:3])
            pairings.setdefault("arbiter", []).append(normalise(open(out).read()))
            if args.bbp:
                out = os.path.join(tmp, "bbp.pairs")
                rows["bbpPairings"].append(measure([args.bbp, "--dutch", args.trf, "-p", out],
                                                   args.cpu, subprocess.DEVNULL)[:3])
                pairings.setdefault("bbpPairings", []).append(normalise(open(out).read()))
            for who in rows:
                if len(rows[who]) > i:
                    w, c, m = rows[who][i]
                    print(f"  run {i + 1} {who:12} wall {w:7.2f} s  CPU {c:7.2f} s  "
                          f"peak {m:6.1f} MiB", flush=True)
    med = {who: [statistics.median(x[k] for x in r) for k in range(3)]
           for who, r in rows.items() if r}
    for who, (w, c, m) in med.items():
        print(f"median {who:12} wall {w:7.2f} s  CPU {c:7.2f} s  peak {m:6.1f} MiB")
    if "bbpPairings" in med:
        a, b = med["arbiter"], med["bbpPairings"]
        print(f"bbpPairings / arbiter: wall {b[0] / a[0]:.1f}x, CPU {b[1] / a[1]:.1f}x, "
              f"peak memory {b[2] / a[2]:.2f}x")
    all_runs = [x for runs in pairings.values() for x in runs]
    same = all(x == all_runs[0] for x in all_runs)
    print(f"pairings: {'the same' if same else 'DIFFERENT'} in every run"
          + (f"; {'equal to' if all_runs[0] == want else 'NOT equal to'} {reference}"
             if want is not None else ""))
    sys.exit(0 if same and (want is None or all_runs[0] == want) else 1)


if __name__ == "__main__":
    main()

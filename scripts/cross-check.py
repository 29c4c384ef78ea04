#!/usr/bin/env python3
"""Cross-check of arbiter's Dutch pairer against bbpPairings (FIDE-endorsed), both ways.

    scripts/cross-check.py [--ours N] [--theirs N] [--seed S] [--jobs J]
                           [--arbiter PATH] [--bbp PATH] [--keep DIR] [--time-limit SECONDS]

- ours -> bbp: N tournaments from `arbiter generate` (seeds S, S+1, ...; options vary by batch
  of 50 seeds: 6-40 players, one batch in ten 60-119, 3-11 rounds, draws, forfeits, requested
  byes, withdrawals, forbidden pairs, the Baku acceleration); each is checked by bbpPairings' own checker
  (`bbpPairings --dutch FILE -c`, every round re-paired) and by `arbiter check` (pairings and
  the rank column).
- bbp -> ours: N tournaments from bbpPairings' generator (`--dutch -g CONFIG -o FILE -s SEED`;
  6-60 players, 5-11 rounds, its draw, forfeit, retirement and half-point-bye rates), each
  checked by `arbiter check` (every round re-paired by our engine).

With --time-limit the batches not started by then are left out and the summary gives the seeds
done each way (the two ways' batches alternate). Every round whose pairing differs is a disagreement: printed with its file and round, the
files kept under --keep (default: target/cross-check-failures). A tournament that stops with
no legal pairing in its generator is counted apart, not compared. Exit status 0 when nothing
disagrees, 1 otherwise.

bbpPairings is not part of this repository: give its binary (v6.0.0, built from its public
source) with --bbp or the environment variable BBPPAIRINGS. Without it the engine-against-engine
part is skipped, with a message, and only our generator and checker are run against each other
(`--ours N`): what CI runs. Bounded: N tournaments each way, small events, one process per
batch of 50 for arbiter and one per tournament for bbpPairings; --jobs batches at a time.

Needs only Python 3's standard library.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

BATCH = 50


def ours_options(batch):
    """The `arbiter generate` options of a batch of seeds (deterministic)."""
    b = batch
    # Every tenth batch a larger event (60-119 players), else 6-40.
    players = 60 + (b * 7) % 60 if b % 10 == 9 else 6 + (b * 7) % 35
    rounds = min(5 + (b * 3) % 7, max(3, players * 2 // 3))
    opts = [
        "--players", str(players),
        "--rounds", str(rounds),
        "--draws", str((b * 13) % 41),
        "--forfeits", str([0, 3, 5, 10][b % 4]),
        "--byes", str([0, 3, 5, 10, 0][b % 5]),
        "--withdrawals", str([0, 0, 2, 5][(b // 4) % 4]),
        "--forbidden", str([0, 1, 0, 3, 2][(b // 3) % 5]),
    ]
    if b % 3 == 2:
        opts += ["--acceleration", "baku"]
    return opts


def bbp_config(seed):
    """bbpPairings' generator configuration of a seed (deterministic)."""
    players = 6 + (seed * 7) % 55
    rounds = min(5 + (seed * 3) % 7, players - 1)
    low = 1000 + (seed * 37) % 900
    return (
        f"PlayersNumber={players}\n"
        f"RoundsNumber={rounds}\n"
        f"DrawPercentage={10 + (seed * 11) % 40}\n"
        f"ForfeitRate={10 + (seed * 17) % 190}\n"
        f"RetiredRate={10 + (seed * 19) % 190}\n"
        f"HalfPointByeRate={10 + (seed * 23) % 190}\n"
        f"HighestRating={low + 200 + (seed * 29) % 1400}\n"
        f"LowestRating={low}\n"
    )


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def bbp_disagrees(bbp, path):
    """bbpPairings' checker on one file: the rounds it reports, or an error text."""
    r = run([bbp, "--dutch", path, "-c"])
    if r.returncode not in (0, 1):
        return None, f"bbpPairings exit {r.returncode}: {r.stderr.strip()}"
    rounds, current = [], None
    for line in r.stdout.replace("\r", "\n").splitlines():
        if ": Round #" in line:
            current = int(line.rsplit("#", 1)[1])
        elif ("Checker pairings" in line or "No valid pairing" in line) and current:
            if current not in rounds:
                rounds.append(current)
    return rounds, None


def arbiter_check(arbiter, files):
    """`arbiter check --format json` on files: {file: (rounds differing, standings agree)}."""
    r = run([arbiter, "check", "--format", "json", *files])
    out = {}
    for line in r.stdout.splitlines():
        v = json.loads(line)
        rounds = [x["round"] for x in v["rounds"] if not x["agrees"]]
        standings = all(s["agrees"] for s in v["standings"])
        out[v["file"]] = (rounds, standings, len(v["rounds"]))
    missing = [f for f in files if f not in out]
    return out, missing, r.stderr


def ours_batch(args, batch, seeds, work):
    d = os.path.join(work, f"ours-{batch}")
    os.makedirs(d, exist_ok=True)
    r = run([args.arbiter, "generate", "--seed", str(seeds[0]), "--count", str(len(seeds)),
             "-o", d, *ours_options(batch)])
    if r.returncode != 0:
        return {"error": [f"generate batch {batch}: {r.stderr.strip()}"]}
    files = sorted(os.path.join(d, f) for f in os.listdir(d))
    stopped = len(seeds) - len(files)
    res = {"tournaments": len(files), "stopped": stopped, "rounds": 0,
           "bbp": [], "self": [], "error": []}
    checked, missing, err = arbiter_check(args.arbiter, files)
    for f in missing:
        res["error"].append(f"arbiter check could not read {f}: {err.strip()}")
    for f, (rounds, standings, n) in checked.items():
        res["rounds"] += n
        if rounds or not standings:
            res["self"].append((f, rounds, standings))
    for f in files:
        if args.bbp:
            rounds, error = bbp_disagrees(args.bbp, f)
            if error:
                res["error"].append(f"{f}: {error}")
            elif rounds:
                res["bbp"].append((f, rounds))
    return res


def theirs_batch(args, batch, seeds, work):
    d = os.path.join(work, f"theirs-{batch}")
    os.makedirs(d, exist_ok=True)
    files, stopped, errors = [], 0, []
    for seed in seeds:
        cfg = os.path.join(d, f"{seed}.cfg")
        with open(cfg, "w") as f:
            f.write(bbp_config(seed))
        out = os.path.join(d, f"{seed}.trf")
        r = run([args.bbp, "--dutch", "-g", cfg, "-o", out, "-s", str(seed)])
        if r.returncode == 1:
            stopped += 1
        elif r.returncode != 0:
            errors.append(f"bbpPairings -g seed {seed}: exit {r.returncode}: {r.stderr.strip()}")
        else:
            files.append(out)
    res = {"tournaments": len(files), "stopped": stopped, "rounds": 0, "ours": [],
           "error": errors}
    checked, missing, err = arbiter_check(args.arbiter, files) if files else ({}, [], "")
    for f in missing:
        res["error"].append(f"arbiter check could not read {f}: {err.strip()}")
    for f, (rounds, _, n) in checked.items():
        res["rounds"] += n
        if rounds:
            res["ours"].append((f, rounds))
    return res


def keep(files, dest):
    os.makedirs(dest, exist_ok=True)
    for f in files:
        shutil.copy(f, os.path.join(dest, os.path.basename(os.path.dirname(f)) + "-" + os.path.basename(f)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ours", type=int, default=2000, help="tournaments from arbiter generate")
    p.add_argument("--theirs", type=int, default=2000, help="tournaments from bbpPairings -g")
    p.add_argument("--seed", type=int, default=1, help="first seed (each way)")
    p.add_argument("--jobs", type=int, default=1, help="batches run at a time")
    p.add_argument("--arbiter", default=os.environ.get("ARBITER", "target/release/arbiter"))
    p.add_argument("--bbp", default=os.environ.get("BBPPAIRINGS"))
    p.add_argument("--time-limit", type=float, default=0,
                   help="seconds: batches not started by then are left out (the summary gives "
                   "the seeds done)")
    p.add_argument("--keep", default="target/cross-check-failures")
    args = p.parse_args()
    if not os.access(args.arbiter, os.X_OK):
        sys.exit(f"cross-check: no arbiter binary at {args.arbiter} (cargo build --release, or --arbiter PATH)")
    if args.bbp and not os.access(args.bbp, os.X_OK):
        sys.exit(f"cross-check: {args.bbp} (--bbp or BBPPAIRINGS) is not an executable")
    if not args.bbp:
        print("cross-check: bbpPairings not found (give --bbp PATH or BBPPAIRINGS=PATH: bbpPairings "
              "v6.0.0 built from its public source); the comparison with another engine is skipped, "
              "only arbiter generate -> arbiter check runs", flush=True)
    start = time.time()
    work = tempfile.mkdtemp(prefix="cross-check-")
    failures = []
    stopped_early = False
    totals = {"ours": [0, 0, 0], "theirs": [0, 0, 0]}  # tournaments, stopped, rounds
    disagree = {"ours->bbp": 0, "ours->ours": 0, "bbp->ours": 0}
    errors = []
    try:
        jobs = []
        ours = list(range(args.seed, args.seed + args.ours, BATCH))
        theirs = list(range(args.seed, args.seed + args.theirs, BATCH)) if args.bbp else []
        # Both ways interleaved, so that a time limit leaves a share of each. A batch's
        # options follow from its seeds ((first seed - 1) / 50), so that a run continued from
        # a later --seed draws the same tournaments as one long run from seed 1.
        order = []
        for i in range(max(len(ours), len(theirs))):
            if i < len(ours):
                order.append(("ours", (ours[i] - 1) // BATCH, ours[i],
                              min(ours[i] + BATCH, args.seed + args.ours)))
            if i < len(theirs):
                order.append(("theirs", (theirs[i] - 1) // BATCH, theirs[i],
                              min(theirs[i] + BATCH, args.seed + args.theirs)))
        last_seed = {"ours": args.seed - 1, "theirs": args.seed - 1}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for kind, b, lo, hi in order:
                fn = ours_batch if kind == "ours" else theirs_batch
                jobs.append((kind, hi - 1, pool.submit(fn, args, b, list(range(lo, hi)), work)))
            done = 0
            gap = set()
            for kind, hi_seed, fut in jobs:
                if (args.time_limit and not stopped_early
                        and time.time() - start > args.time_limit):
                    # The batches not started are left out, the last first, so that the
                    # seeds done stay a range from the first seed each way.
                    stopped_early = True
                    for _, _, later in reversed(jobs):
                        later.cancel()
                if fut.cancelled():
                    gap.add(kind)
                    continue
                res = fut.result()
                if kind in gap:
                    continue  # a batch started after an earlier one was left out: not counted
                last_seed[kind] = max(last_seed[kind], hi_seed)
                errors += res.get("error", [])
                t = totals[kind]
                t[0] += res.get("tournaments", 0)
                t[1] += res.get("stopped", 0)
                t[2] += res.get("rounds", 0)
                for f, rounds, standings in res.get("self", []):
                    disagree["ours->ours"] += 1
                    failures.append(f)
                    print(f"DISAGREE arbiter check on our own {f}: rounds {rounds}, "
                          f"standings {'agree' if standings else 'differ'}", flush=True)
                for f, rounds in res.get("bbp", []):
                    disagree["ours->bbp"] += len(rounds)
                    failures.append(f)
                    print(f"DISAGREE bbpPairings on our {f}: rounds {rounds}", flush=True)
                for f, rounds in res.get("ours", []):
                    disagree["bbp->ours"] += len(rounds)
                    failures.append(f)
                    print(f"DISAGREE arbiter on bbpPairings' {f}: rounds {rounds}", flush=True)
                done += 1
                if done % 20 == 0:
                    print(f"  {done}/{len(jobs)} batches, {time.time() - start:.0f} s: ours seeds "
                          f"{args.seed}-{last_seed['ours']}, theirs seeds {args.seed}-"
                          f"{last_seed['theirs']}, {len(failures)} file(s) disagreeing",
                          flush=True)
        if failures:
            keep(failures, args.keep)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if stopped_early:
        print(f"cross-check: time limit of {args.time_limit:.0f} s reached; the batches not "
              "started were left out", flush=True)
    for e in errors[:20]:
        print(f"ERROR {e}")
    o, t = totals["ours"], totals["theirs"]
    with_bbp = f"{disagree['ours->bbp']} round(s) with bbpPairings, " if args.bbp else ""
    print(f"ours -> {'bbpPairings and ' if args.bbp else ''}arbiter check: seeds {args.seed}-"
          f"{last_seed['ours']}: {o[0]} tournaments ({o[2]} rounds), {o[1]} stopped "
          f"with no legal pairing; disagreements: {with_bbp}"
          f"{disagree['ours->ours']} tournament(s) with our own checker")
    if args.bbp and args.theirs > 0:
        print(f"bbpPairings -> arbiter check: seeds {args.seed}-{last_seed['theirs']}: "
              f"{t[0]} tournaments ({t[2]} rounds), {t[1]} stopped with no legal pairing; "
              f"disagreements: {disagree['bbp->ours']} round(s)")
    print(f"{time.time() - start:.0f} s; {len(errors)} error(s); failing files kept in {args.keep}"
          if failures else f"{time.time() - start:.0f} s; {len(errors)} error(s)")
    sys.exit(1 if failures or errors else 0)


if __name__ == "__main__":
    main()

"""The Spark job's test (run by .ci/run): the verdicts of tests/spark/replay_job.py in local
mode, as a set keyed by (file, index), equal the rows of `arbiter replay --format jsonl` on the
same files; the summary counts them all. Prints `N passed, M failed` (one case per game and one
for the summary) and exits 1 on any failure.

    python3 tests/spark/check_replay_job.py [--arbiter target/release/arbiter] [--master local[2]]
        [--measure [--copies 10]]

needs `spark-submit` on PATH (pip install pyspark) and Java 17. `--measure` also times, in the
same run and on the same games (the sample copied `--copies` times): `arbiter replay --format
jsonl` with 1 and 2 threads, one `replay --input lines` process, and the Spark job in local[1]
and local[2]; it prints games/s and Spark's overhead, and the core-hours of 100 M games.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JOB = os.path.join(HERE, "replay_job.py")


def sample_files():
    """The shared sample of real PGN, as relative paths (the verdicts carry them as given)."""
    files = sorted(glob.glob("../shared/data/pgn/*.pgn")) + sorted(
        glob.glob("../shared/data/pgn/edge/*.pgn")
    )
    if not files:
        sys.exit("../shared/data/pgn is missing (../shared must be beside the checkout)")
    return files


def run(cmd, **kw):
    start = time.monotonic()
    done = subprocess.run(cmd, cwd=ROOT, **kw)
    return done, time.monotonic() - start


def spark_job(arbiter, master, lines, out, ship=None):
    """Runs the job; returns (summary, wall seconds of spark-submit). With `ship`, the binary
    at that path goes to the tasks with --files and the job names it without a directory, as
    on a cluster (docs/replay.md)."""
    shipping = ["--files", ship] if ship else []
    cmd = ["spark-submit", "--master", master, *shipping, JOB, "--input", lines,
           "--output", out, "--arbiter", arbiter]
    done, wall = run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        sys.exit(f"spark-submit failed with status {done.returncode}")
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as f:
        return json.load(f), wall


def keyed(lines, what):
    rows = {}
    for line in lines:
        row = json.loads(line)
        key = (row["file"], row["index"])
        if key in rows:
            raise SystemExit(f"{what}: game {key} twice")
        rows[key] = row
    return rows


def check(arbiter, master, tmp):
    files = sample_files()
    want, _ = run([arbiter, "replay", "--format", "jsonl", "--quiet", *files],
                  stdout=subprocess.PIPE, text=True)
    want = keyed(want.stdout.splitlines(), "arbiter replay")
    lines = os.path.join(tmp, "sample.lines")
    with open(lines, "wb") as f:
        run([arbiter, "replay", "--emit-lines", "--quiet", *files], stdout=f, check=True)
    out = os.path.join(tmp, "out")
    summary, wall = spark_job(arbiter, master, lines, out)
    got_lines = []
    for part in sorted(glob.glob(os.path.join(out, "verdicts", "part-*"))):
        with open(part, encoding="utf-8") as f:
            got_lines.extend(f.read().splitlines())
    got = keyed(got_lines, "the Spark job")
    passed = failed = 0
    for key in sorted(set(want) | set(got)):
        if want.get(key) == got.get(key):
            passed += 1
        else:
            failed += 1
            if failed <= 10:
                print(f"FAIL {key}: replay {json.dumps(want.get(key))[:300]}\n"
                      f"         spark  {json.dumps(got.get(key))[:300]}")
    if summary.get("games") == len(want):
        passed += 1
    else:
        failed += 1
        print(f"FAIL summary: {summary.get('games')} games, replay has {len(want)}")
    print(f"spark-submit --master {master}: {len(got)} verdicts in {wall:.1f} s")
    p, f = check_shipped(arbiter, master, lines, want, tmp)
    return passed + p, failed + f, lines


def check_shipped(arbiter, master, lines, want, tmp):
    """The cluster way (docs/replay.md): the binary shipped with --files, without its executable bit,
    named without a directory; its verdicts on the first 200 games equal replay's."""
    ship_dir = os.path.join(tmp, "ship")
    os.makedirs(ship_dir)
    shipped = os.path.join(ship_dir, "arbiter")
    shutil.copyfile(arbiter, shipped)
    os.chmod(shipped, 0o644)
    head = os.path.join(tmp, "head.lines")
    with open(lines, "rb") as src, open(head, "wb") as dst:
        for _, line in zip(range(200), src):
            dst.write(line)
    out = os.path.join(tmp, "out-shipped")
    summary, wall = spark_job("arbiter", master, head, out, ship=shipped)
    got = []
    for part in sorted(glob.glob(os.path.join(out, "verdicts", "part-*"))):
        with open(part, encoding="utf-8") as f:
            got.extend(f.read().splitlines())
    got = keyed(got, "the Spark job (--files)")
    failed = sum(1 for key, row in got.items() if want.get(key) != row)
    if len(got) != 200 or summary.get("games") != 200:
        failed += 1
        print(f"FAIL --files: {len(got)} verdicts, summary {summary.get('games')} games, want 200")
    print(f"spark-submit --master {master} --files: {len(got)} verdicts in {wall:.1f} s")
    return (1, 0) if failed == 0 else (0, 1)


def measure(arbiter, lines, copies, tmp):
    """Times the same games through every path, in one run; prints the figures."""
    files = sample_files() * copies
    big = os.path.join(tmp, "copies.lines")
    with open(lines, "rb") as src:
        text = src.read()
    with open(big, "wb") as f:
        for _ in range(copies):
            f.write(text)
    games = text.count(b"\n") * copies
    sink = os.path.join(tmp, "rows.jsonl")
    figures = []
    pipes = []
    for jobs in ("1", "2"):
        _, wall = run([arbiter, "replay", "--format", "jsonl", "--quiet", "--jobs", jobs,
                       "-o", sink, *files], check=True)
        figures.append((f"arbiter replay --jobs {jobs}", wall, None))
    _, wall = run([arbiter, "replay", "--input", "lines", "--quiet", "-o", sink, big],
                  check=True)
    figures.append(("arbiter replay --input lines (one process)", wall, None))
    for master in ("local[1]", "local[2]"):
        out = os.path.join(tmp, "measure-" + master[6])
        summary, wall = spark_job(arbiter, master, big, out)
        figures.append((f"spark-submit --master {master}", wall, summary["seconds"]))
        pipes.append(summary["pipe_seconds"])
    print(f"\n{games} games ({copies} copies of the sample), wall seconds and games/s:")
    for name, wall, job in figures:
        extra = f"  (job {job:.2f} s, {games / job:,.0f} games/s)" if job else ""
        print(f"  {name:45} {wall:7.2f} s {games / wall:10,.0f} games/s{extra}")
    plain1, plain2 = figures[0][1], figures[1][1]
    spark1, spark2 = figures[3], figures[4]
    print(f"  Spark overhead, local[1] v --jobs 1: +{spark1[1] - plain1:.2f} s wall "
          f"(job alone +{spark1[2] - plain1:.2f} s)")
    print(f"  Spark overhead, local[2] v --jobs 2: +{spark2[1] - plain2:.2f} s wall "
          f"(job alone +{spark2[2] - plain2:.2f} s)")
    print(f"  local[2] / local[1]: {spark1[2] / spark2[2]:.2f}x the whole job, "
          f"{pipes[0] / pipes[1]:.2f}x the pipe stage ({pipes[0]:.2f} s v {pipes[1]:.2f} s)")
    per_core = games / spark1[2]
    print(f"  100 M games at {per_core:,.0f} games/s per core (Spark local[1] job): "
          f"{1e8 / per_core / 3600:.2f} core-hours; at the plain --jobs 1 rate "
          f"{games / plain1:,.0f}: {1e8 / (games / plain1) / 3600:.2f} core-hours")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--arbiter", default=os.path.join(ROOT, "target", "release", "arbiter"))
    p.add_argument("--master", default="local[2]")
    p.add_argument("--measure", action="store_true")
    p.add_argument("--copies", type=int, default=10)
    args = p.parse_args()
    arbiter = os.path.abspath(args.arbiter)
    if shutil.which("spark-submit") is None:
        sys.exit("spark-submit is not on PATH (pip install pyspark)")
    tmp = tempfile.mkdtemp(prefix="arbiter-spark-")
    try:
        passed, failed, lines = check(arbiter, args.master, tmp)
        print(f"{passed} passed, {failed} failed")
        if args.measure and failed == 0:
            measure(arbiter, lines, args.copies, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

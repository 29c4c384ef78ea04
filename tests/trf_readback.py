#!/usr/bin/env python3
"""The TRF arbiter writes, read by a second reader: PyPI's `trf` (sklangen/TRF, a parser of the
FIDE TRF-16 player lines by their fixed columns, the route by which a file reaches other
programs such as Swiss-Manager for chess-results.com), and a TRF that reader writes, read back
by arbiter.

Events:
- a school event made by the CLI as an arbiter makes it: the bundled school list (Cyrillic
  names, sexes, birth dates, some ratings), 4 rounds paired by `pair --auto`, every kind of
  result (wins, draws, a forfeit, a double forfeit), a half-point bye asked for, a zero-point
  absence and a withdrawal;
- tournaments of `arbiter generate` (byes, forfeits, withdrawals; 7-60 players), imported and
  exported again.

For each: `trf.loads` accepts the export (TRF-2026, and TRF-16 for the school event) (every `001` line matches its columns), and what it
reads equals the event's own record (`tournament export --format json`, `standings --format
json`): per player the start rank, name, sex, rating, points and rank, and per round the
opponent, colour and result code of the annex (1 = 0 + - for games, H F U Z for byes). Then
`trf.dumps` of what it read is imported by arbiter (`tournament import`): the same points.

Needs PyPI's `trf` (CI installs `trf==1.1.1` into a venv under target/). Prints `N passed,
M failed`; exit 1 on any failure.

    python3 tests/trf_readback.py --arbiter target/debug/arbiter
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import trf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The checks' count as the browser tests keep it (tests/web/webcheck.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "web"))
from webcheck import Checks  # noqa: E402

CHECKS = Checks()
check = CHECKS.check


def run(arbiter, *args, stdin=None):
    out = subprocess.run(
        [arbiter, *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, "LANG": "C"},
    )
    if out.returncode != 0:
        raise RuntimeError(f"arbiter {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


# The annex's result codes of a game, by the record's result: (white's, black's).
GAME_CODES = {
    "white_wins": ("1", "0"),
    "black_wins": ("0", "1"),
    "draw": ("=", "="),
    "white_wins_by_forfeit": ("+", "-"),
    "black_wins_by_forfeit": ("-", "+"),
    "double_forfeit": ("-", "-"),
}
# The annex's codes of a bye, by its kind.
BYE_CODES = {
    "pairing_allocated": "U",
    "half_point": "H",
    "full_point": "F",
    "zero_point": "Z",
}


def expected_rounds(event):
    """Per start rank, per round: (opponent, colour, code) from the record's JSON."""
    rounds = {p["start_rank"]: {} for p in event["players"]}
    for r in event["rounds"]:
        n = r["number"]
        for g in r["games"]:
            w, b = GAME_CODES[g["result"]]
            rounds[g["white"]][n] = (g["black"], "w", w)
            rounds[g["black"]][n] = (g["white"], "b", b)
        for bye in r.get("byes") or []:
            rounds[bye["player"]][n] = (0, "-", BYE_CODES[bye["kind"]])
    return rounds


def compare(label, text, event, standings):
    """Reads `text` (a TRF arbiter wrote) with `trf` and compares it with the event."""
    try:
        tour = trf.loads(text)
    except Exception as e:  # the reader's refusal is the finding
        check(False, f"{label}: trf refused the file: {e}")
        return None
    lines = [l for l in text.split("\n") if l.startswith("001 ")]
    check(
        len(tour.players) == len(lines) == len(event["players"]),
        f"{label}: {len(tour.players)} players read of {len(lines)} lines, "
        f"{len(event['players'])} in the event",
    )
    by_rank = {p.startrank: p for p in tour.players}
    table = {s["start_rank"]: s for s in standings["standings"]}
    rounds = expected_rounds(event)
    for p in event["players"]:
        sr = p["start_rank"]
        got = by_rank.get(sr)
        if got is None:
            check(False, f"{label}: player {sr} not read")
            continue
        # The annex's sex column: m or w (as the record keeps it), blank when not known.
        want_sex = p.get("sex") or " "
        check(
            (got.name, got.rating, got.sex.strip() or " ")
            == (p["name"], p.get("rating") or 0, want_sex),
            f"{label}: player {sr}: read {(got.name, got.rating, got.sex)!r}, "
            f"the event has {(p['name'], p.get('rating'), p.get('sex'))!r}",
        )
        s = table[sr]
        check(
            (got.points, got.rank) == (s["points"], s["rank"]),
            f"{label}: player {sr}: read points {got.points} rank {got.rank}, "
            f"standings {s['points']} rank {s['rank']}",
        )
        read = {
            g.round: (g.startrank or 0, g.color.lower(), g.result.upper())
            for g in got.games
            if g.startrank is not None
        }
        want = {
            n: (o, c, code.upper()) for n, (o, c, code) in rounds[sr].items()
        }
        # A round without a game or bye (withdrawn, not yet paired) may be blank or a
        # zero-point absence.
        for n, v in read.items():
            if n not in want:
                want[n] = v if v == (0, "-", "Z") else ("nothing",)
        check(read == want, f"{label}: player {sr}: rounds read {read}, the event's {want}")
    return tour


def round_trip(arbiter, label, tour, standings, work):
    """`trf.dumps` of what the reader read, imported by arbiter: the same points."""
    path = os.path.join(work, "dumped.trf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(trf.dumps(tour))
    db = os.path.join(work, "dumped.arbiter")
    if os.path.exists(db):
        os.remove(db)
    try:
        run(arbiter, "tournament", "import", path, db)
        again = json.loads(run(arbiter, "tournament", "standings", db, "--format", "json"))
    except RuntimeError as e:
        check(False, f"{label}: arbiter refused the reader's own TRF: {e}")
        return
    points = {s["start_rank"]: s["points"] for s in again["standings"]}
    want = {s["start_rank"]: s["points"] for s in standings["standings"]}
    check(points == want, f"{label}: the reader's TRF imported: points {points} != {want}")


def event_of(arbiter, db):
    event = json.loads(run(arbiter, "tournament", "export", db, "--format", "json"))
    standings = json.loads(run(arbiter, "tournament", "standings", db, "--format", "json"))
    return event, standings


def school_event(arbiter, work):
    """The school event of the module's docs; returns its database."""
    db = os.path.join(work, "school.arbiter")
    t = lambda *a: run(arbiter, "tournament", *a)  # noqa: E731
    t("new", db, "--name", "Первенство школы № 12", "--rounds", "4")
    t("add-players", db, os.path.join(ROOT, "fixtures/tournament/school-list.csv"), "--apply")
    results = ["1-0", "0-1", "1/2-1/2", "+-", "1-0", "0-1", "0-0F", "1/2-1/2", "-+"]
    k = 0
    for r in range(1, 5):
        if r == 2:
            t("bye", db, "--round", "2", "--player", "3", "--kind", "half")
        if r == 3:
            t("bye", db, "--round", "3", "--player", "5", "--kind", "zero")
            t("withdraw", db, "--player", "8", "--from-round", "3")
        t("pair", db, "--auto")
        pairing = json.loads(t("pairings", db, "--round", str(r), "--format", "json"))
        for b in pairing["boards"]:
            result = results[k % len(results)]
            k += 1
            t("result", db, "--round", str(r), "--board", str(b["board"]), result)
    return db


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arbiter", default="target/debug/arbiter")
    ap.add_argument("--generated", type=int, default=30, help="generated tournaments (seeds 1..N)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        db = school_event(a.arbiter, work)
        event, standings = event_of(a.arbiter, db)
        text = run(a.arbiter, "tournament", "export", db, "--format", "trf")
        tour = compare("school event", text, event, standings)
        if tour is not None:
            round_trip(a.arbiter, "school event", tour, standings, work)
        # TRF-16, for older programs.
        text = run(a.arbiter, "tournament", "export", db, "--format", "trf16")
        compare("school event (TRF-16)", text, event, standings)
        for seed in range(1, a.generated + 1):
            players = 7 + (seed * 13) % 54
            rounds = 3 + seed % 5
            label = f"generated seed {seed} ({players} players, {rounds} rounds)"
            try:
                gen = run(
                    a.arbiter, "generate", "--players", str(players), "--rounds", str(rounds),
                    "--seed", str(seed), "--byes", "10", "--forfeits", "5", "--withdrawals", "5",
                )
            except RuntimeError as e:
                # A generated event may stop with no legal pairing: nothing to compare.
                print(f"skip {label}: {e}")
                continue
            path = os.path.join(work, f"gen-{seed}.trf")
            with open(path, "w", encoding="utf-8") as f:
                f.write(gen)
            gdb = os.path.join(work, f"gen-{seed}.arbiter")
            run(a.arbiter, "tournament", "import", path, gdb)
            event, standings = event_of(a.arbiter, gdb)
            text = run(a.arbiter, "tournament", "export", gdb, "--format", "trf")
            tour = compare(label, text, event, standings)
            if tour is not None:
                round_trip(a.arbiter, label, tour, standings, work)
    print(f"{CHECKS.passed} passed, {CHECKS.failed} failed")
    sys.exit(1 if CHECKS.failed else 0)


if __name__ == "__main__":
    main()

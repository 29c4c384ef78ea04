"""`arbiter judge --format pgn` read back by python-chess; run by .ci/run.

For every fixture game (fixtures/judge/*.jsonl and *.pgn, fixtures/board/*, fixtures/eboard/*,
and the real e-board captures in ../shared/data/eboard/) the PGN that `arbiter judge --format
pgn` writes (in English and in Russian) is read with python-chess and checked against the
verdicts `arbiter judge --format json` gives for the same file:

- as many PGN games as verdicts, each read without an error (python-chess's `game.errors`);
- the Result tag is the judged result (`0-0`, a loss for both, has no PGN form: `*`);
- the mainline's moves in UCI are the verdict's `moves` (the plies on the board); where the
  mainline stops early, the ply after it is an illegal act of the verdict still on the board
  (played on or not noticed), which SAN cannot write;
- a whole mainline ends in the verdict's final position (FEN);
- the real DGT capture's PGN has a `[%clk]` on every move.

    python3 tests/pgn_readback.py [--arbiter target/debug/arbiter]

Needs PyPI's `chess` (python-chess). Prints `N passed, M failed`; exits 1 on a failure.
"""

import argparse
import glob
import io
import json
import os
import subprocess
import sys

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "data", "eboard")


def inputs():
    files = []
    for pattern in ["fixtures/judge/*.jsonl", "fixtures/judge/*.pgn", "fixtures/board/*.jsonl",
                    "fixtures/board/*.fen", "fixtures/eboard/dgt/*.inbytes",
                    "fixtures/eboard/livechess/*.jsonl"]:
        files += sorted(glob.glob(os.path.join(ROOT, pattern)))
    files += sorted(glob.glob(os.path.join(SHARED, "dgt", "*.inbytes")))
    files += sorted(glob.glob(os.path.join(SHARED, "livechess", "*.jsonl")))
    return files


def run(arbiter, args):
    # Exit status 1 means some game could not be judged; the others are still written.
    p = subprocess.run([arbiter, "judge", *args], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError(f"arbiter judge {' '.join(args)}: status {p.returncode}: {p.stderr}")
    return p.stdout


def read_games(text):
    games = []
    stream = io.StringIO(text)
    while True:
        g = chess.pgn.read_game(stream)
        if g is None:
            return games
        games.append(g)


def check_file(arbiter, path, failures):
    name = os.path.relpath(path, ROOT)
    verdicts = [json.loads(line) for line in run(arbiter, ["--format", "json", path]).splitlines()
                if line.strip()]
    checked = 0
    for lang in ["en", "ru"]:
        games = read_games(run(arbiter, ["--format", "pgn", "--lang", lang, path]))

        def fail(what):
            failures.append(f"{name} ({lang}): {what}")

        if len(games) != len(verdicts):
            fail(f"{len(games)} PGN games for {len(verdicts)} verdicts")
            continue
        for k, (g, v) in enumerate(zip(games, verdicts), start=1):
            checked += 1
            if g.errors:
                fail(f"game {k}: python-chess: {g.errors}")
                continue
            expected = "*" if v["result"] == "0-0" else v["result"]
            if g.headers.get("Result") != expected:
                fail(f"game {k}: Result {g.headers.get('Result')!r}, judged {v['result']!r}")
            for tag in ["Event", "Site", "Date", "Round", "White", "Black"]:
                if not g.headers.get(tag):
                    fail(f"game {k}: no {tag} tag")
            uci = [m.uci() for m in g.mainline_moves()]
            moves = v["moves"]
            if len(moves) != v["plies"]:
                fail(f"game {k}: {len(moves)} moves in the verdict for {v['plies']} plies")
            if moves[:len(uci)] != uci:
                fail(f"game {k}: mainline {uci} is not the verdict's {moves}")
            elif len(uci) < len(moves):
                standing = [a for a in v["illegal_moves"] if a["ply"] == len(uci) + 1
                            and a["status"] in ("played_on", "not_noticed")]
                if not standing:
                    fail(f"game {k}: the mainline stops at ply {len(uci)} of {len(moves)} "
                         f"with no illegal act standing at ply {len(uci) + 1}")
            else:
                board = g.end().board()
                if board.fen() != v["final_fen"]:
                    fail(f"game {k}: ends in {board.fen()}, the verdict in {v['final_fen']}")
            if os.path.basename(path) == "1.inbytes":
                clocks = [node.clock() for node in g.mainline()]
                if len(clocks) != 57 or any(c is None for c in clocks):
                    fail(f"game {k}: {len(clocks)} moves, clocks {clocks}")
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arbiter", default=os.path.join(ROOT, "target", "debug", "arbiter"))
    args = parser.parse_args()
    failures = []
    checked = 0
    for path in inputs():
        try:
            checked += check_file(args.arbiter, path, failures)
        except (RuntimeError, ValueError) as e:
            failures.append(f"{os.path.relpath(path, ROOT)}: {e}")
    for f in failures:
        print("FAIL", f)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""A round's PGN (`GET /rounds/N/games.pgn`) read back by python-chess; run by tests/it/web_pgn.rs
when ARBITER_PGN_PYTHON names a Python with PyPI's `chess` (.ci/run sets it).

    python3 tests/round_pgn_readback.py ROUND.pgn EXPECTED.json

EXPECTED.json is a list, one object a board: `result` (the Result tag), `moves` (the mainline in
UCI), `round` (the Round tag), and `clocks` (true: every move carries a `[%clk]` python-chess
reads as a time between 0 and 10 minutes). Every game must read without an error (python-chess's
`game.errors`) and give these; prints `N passed, M failed` and exits 1 on a failure.
"""

import json
import sys

import chess.pgn


def main():
    pgn, expected = sys.argv[1], sys.argv[2]
    with open(expected, encoding="utf-8") as f:
        want = json.load(f)
    games = []
    with open(pgn, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            games.append(g)
    passed, failed = 0, 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL:", what)

    check(len(games) == len(want), f"{len(games)} games, {len(want)} expected")
    for i, (g, w) in enumerate(zip(games, want)):
        check(not g.errors, f"game {i + 1}: reader errors {g.errors}")
        check(g.headers.get("Result") == w["result"],
              f"game {i + 1}: Result {g.headers.get('Result')}, expected {w['result']}")
        check(g.headers.get("Round") == w["round"],
              f"game {i + 1}: Round {g.headers.get('Round')}, expected {w['round']}")
        moves = [m.uci() for m in g.mainline_moves()]
        check(moves == w["moves"], f"game {i + 1}: moves {moves}, expected {w['moves']}")
        if w.get("clocks"):
            clocks = [n.clock() for n in g.mainline()]
            check(all(c is not None and 0 <= c <= 600 for c in clocks),
                  f"game {i + 1}: clocks {clocks}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Runs one `arbiter` binary over every fixture and ../shared/data/pgn and writes each command's
# stdout, stderr and exit status into OUT_DIR, one file set per command. Two snapshots made from
# two builds compare with `diff -r`: a refactor that must not change behaviour leaves no diff.
#
#   cargo build --release && cp target/release/arbiter /tmp/arbiter-before
#   scripts/snapshot-outputs.sh /tmp/arbiter-before /tmp/snap-before
#   ... change the code, build again ...
#   scripts/snapshot-outputs.sh target/release/arbiter /tmp/snap-after
#   diff -r /tmp/snap-before /tmp/snap-after && echo identical
set -uo pipefail
BIN=$(realpath "$1")
OUT=$(realpath -m "$2")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED="$ROOT/../shared"
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$ROOT"
n=0
# run NAME ARGS...: the binary's stdout, stderr and status under NAME.
run() {
    local name=$1
    shift
    n=$((n + 1))
    "$BIN" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" </dev/null
    echo $? >"$OUT/$name.rc"
}
# run_stdin NAME FILE ARGS...: the same with FILE on stdin.
run_stdin() {
    local name=$1 file=$2
    shift 2
    n=$((n + 1))
    "$BIN" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" <"$file"
    echo $? >"$OUT/$name.rc"
}

# The judge: every fixture, every format, both presets, the trace.
for f in fixtures/judge/*.jsonl fixtures/judge/*.pgn fixtures/judge/rules-cases/*.jsonl \
    fixtures/board/* fixtures/adjudication/games/*; do
    [ -f "$f" ] || continue
    case $f in *.md) continue ;; esac
    b=judge-$(echo "$f" | tr '/' '_')
    run "$b-text" judge "$f"
    run "$b-json" judge "$f" --format json
    run "$b-trace" judge "$f" --format json --trace
    run "$b-fide" judge "$f" --rules fide --format json
done
run judge-all-jsonl judge fixtures/judge/*.jsonl
run_stdin judge-stdin fixtures/judge/cr3.3-two-illegal-moves-lose.jsonl judge - --format json
run judge-shared-pgn-json judge "$SHARED"/data/pgn/*.pgn --format json
run judge-missing judge no-such-file.jsonl
run judge-usage judge --rules nonsense fixtures/judge/games.pgn

# Replay: fixtures and the shared databases, every output format.
for f in fixtures/replay/*; do
    case $f in *.md) continue ;; esac
    b=replay-$(basename "$f")
    run "$b-jsonl" replay "$f" --format jsonl --quiet --jobs 1
    run "$b-text" replay "$f" --quiet --jobs 1
done
run replay-shared-jsonl replay "$SHARED"/data/pgn/*.pgn --format jsonl --quiet --jobs 2
run replay-shared-csv replay "$SHARED"/data/pgn/*.pgn --format csv --quiet --jobs 2
run replay-shared-text replay "$SHARED"/data/pgn/*.pgn --quiet --jobs 2
run replay-shared-fide replay "$SHARED"/data/pgn/*.pgn --rules fide --format jsonl --quiet

# Adjudication and winnability: every hand-checked position.
i=0
grep -v '^#' fixtures/adjudication/positions.txt | grep '|' | while IFS='|' read -r _ _ fen _; do
    i=$((i + 1))
    fen=$(echo "$fen" | sed 's/^ *//; s/ *$//')
    run "adjudicate-$i-text" adjudicate --fen "$fen"
    run "adjudicate-$i-json" adjudicate --fen "$fen" --format json
    run "adjudicate-$i-fide" adjudicate --fen "$fen" --preset fide --format json
    run "winnable-$i" winnable --fen "$fen" --side both --format json
    run "winnable-$i-text" winnable --fen "$fen"
done
for f in fixtures/adjudication/games/*; do
    run "adjudicate-games-$(basename "$f")" adjudicate "$f"
    run "adjudicate-games-$(basename "$f")-json" adjudicate "$f" --format json
done
run adjudicate-rules adjudicate --rules
run adjudicate-bad-fen adjudicate --fen "not a fen"

# Pairing: every reference round, every output format.
for d in "$SHARED"/vectors/pairing/*/; do
    v=$(basename "$d")
    [ "$v" = big-n1000-r11 ] && continue
    for t in "$d"round-*.trf; do
        b=pair-$v-$(basename "$t" .trf)
        run "$b" pair "$t"
        run "$b-json" pair "$t" --format json --explain
        run "$b-trf" pair "$t" --format trf
        run "$b-detsky" pair "$t" --rules detsky-mat
    done
done

# Tournament reports straight from TRF files.
for t in fixtures/tournament/*.trf "$SHARED"/vectors/pairing/fide-0[1-3]*/round-*.trf; do
    b=tournament-$(echo "$t" | tr '/' '_')
    run "$b-standings" tournament standings "$t"
    run "$b-standings-json" tournament standings "$t" --format json
    run "$b-standings-2026" tournament standings "$t" --rules fide2026 --preset detsky-mat
    run "$b-crosstable" tournament crosstable "$t"
    run "$b-crosstable-json" tournament crosstable "$t" --format json
    run "$b-export" tournament export "$t" --format trf
done

# A whole tournament through the state file.
S=$(mktemp -d)
E=event.json
cd "$S"
run t-new tournament new "$E" --name "Detsky mat" --rounds 4
for p in "Ivanova, Anna:1200" "Petrov, Petr:1100" "Sidorov, Ivan:" "Kuznetsova, Olga:1350" \
    "Smirnov, Pavel:900"; do
    name=${p%%:*}
    rating=${p##*:}
    if [ -n "$rating" ]; then
        run "t-add-$rating" tournament add-player "$E" --name "$name" --rating "$rating"
    else
        run "t-add-unrated" tournament add-player "$E" --name "$name" --birth-date 2017/03/01
    fi
done
run t-pair1 tournament pair "$E" --auto
run t-export-r1 tournament export "$E" --format trf
run t-res-1 tournament result "$E" --round 1 --board 1 1-0
run t-res-2 tournament result "$E" --round 1 --board 2 1/2-1/2
run t-res-dup tournament result "$E" --round 1 --board 2 1-0
run t-res-none tournament result "$E" --round 1 --board 9 1-0
run t-pair2 tournament pair "$E" --auto
run t-res-2-1 tournament result "$E" --round 2 --board 1 0-1
run t-res-2-2 tournament result "$E" --round 2 --board 2 +-
run t-res-2-corr tournament result "$E" --round 2 --board 2 1-0 --correct
run t-withdraw tournament withdraw "$E" --player 5 --from-round 3
run t-pair3 tournament pair "$E" --round 3 --game 1-2 --bye 3
run t-standings tournament standings "$E"
run t-standings-json tournament standings "$E" --format json
run t-crosstable tournament crosstable "$E"
run t-export-trf tournament export "$E" --format trf
run t-export-json tournament export "$E" --format json
cp "$E" "$OUT/t-state.json"
cd "$ROOT"
rm -rf "$S"
# Timings differ from run to run: mask them.
sed -i -E 's/ in [0-9.]+ s on ([0-9]+) thread\(s\): .*/ in (time) on \1 thread(s)/' "$OUT"/replay-*-text.out
echo "$n commands, outputs in $OUT" >&2

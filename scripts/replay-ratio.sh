#!/usr/bin/env bash
# "Replay at the parser's speed" as whole processes (start-up, reading, output and
# all) on ../shared/data/bench/otb_35k.pgn, interleaved so that the host's drift hits both
# sides alike:
#   1. throughput of `arbiter replay --jobs 1` ÷ the bare pgn-reader + shakmaty replay
#      (examples/bare_replay.rs), in CPU time (user + sys), for the summary and JSONL outputs;
#   2. wall time of `--jobs 1` ÷ `--jobs 2` (the 2-thread speed-up: needs an idle machine).
# Prints every pair, the median of the ratios and the load average.
#
#   cargo build --release --bin arbiter --example bare_replay
#   scripts/replay-ratio.sh [PAIRS]          # default 11
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-11}
PGN=../shared/data/bench/otb_35k.pgn
ARB=target/release/arbiter
BARE=target/release/examples/bare_replay
cpu() { /usr/bin/time -f "%U %S %e" "$@" >/dev/null 2>/tmp/replay-ratio.time </dev/null; tail -1 /tmp/replay-ratio.time | awk '{print $1 + $2}'; }
wall() { /usr/bin/time -f "%U %S %e" "$@" >/dev/null 2>/tmp/replay-ratio.time </dev/null; tail -1 /tmp/replay-ratio.time | awk '{print $3}'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for format in summary jsonl; do
    ratios=()
    for _ in $(seq "$N"); do
        tb=$(cpu "$BARE" "$PGN")
        ta=$(cpu "$ARB" replay "$PGN" --jobs 1 --quiet --format "$format")
        r=$(awk -v a="$ta" -v b="$tb" 'BEGIN {printf "%.3f", b / a}')
        echo "cpu $format: bare ${tb}s  arbiter ${ta}s  throughput ratio $r"
        ratios+=("$r")
    done
    echo "cpu $format: median ratio $(printf '%s\n' "${ratios[@]}" | median) over $N pairs (load $(cut -d' ' -f1 /proc/loadavg))"
done
speedups=()
for _ in $(seq "$N"); do
    t1=$(wall "$ARB" replay "$PGN" --jobs 1 --quiet)
    t2=$(wall "$ARB" replay "$PGN" --jobs 2 --quiet)
    s=$(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.3f", a / b}')
    echo "wall: jobs 1 ${t1}s  jobs 2 ${t2}s  speed-up $s"
    speedups+=("$s")
done
echo "wall: median speed-up $(printf '%s\n' "${speedups[@]}" | median) over $N pairs (load $(cut -d' ' -f1 /proc/loadavg))"

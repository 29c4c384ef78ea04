#!/usr/bin/env bash
# Whole-process speed of two `arbiter` binaries, interleaved (A, B, A, B, …) so that the host's
# drift hits both alike: replay of otb_35k on one thread and the Dutch pairing of the
# 1000-player reference round. Prints each pair's times and the median ratio B/A.
#
#   scripts/ab-speed.sh /tmp/arbiter-before target/release/arbiter [PAIRS]
set -euo pipefail
A=$1
B=$2
N=${3:-7}
SHARED="$(cd "$(dirname "$0")/.." && pwd)/../shared"
PGN="$SHARED/data/bench/otb_35k.pgn"
TRF=$(ls "$SHARED"/vectors/pairing/big-n1000-r11/round-*.trf | sort -V | tail -1)
# CPU seconds (user + system): steadier than wall time on a shared host.
secs() { /usr/bin/time -f "%U %S" "$@" >/dev/null 2>/tmp/ab-speed.time </dev/null; tail -1 /tmp/ab-speed.time | awk "{print \$1 + \$2}"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
for what in replay pair; do
    ratios=()
    for _ in $(seq "$N"); do
        if [ $what = replay ]; then
            ta=$(secs "$A" replay "$PGN" --jobs 1 --quiet --format jsonl)
            tb=$(secs "$B" replay "$PGN" --jobs 1 --quiet --format jsonl)
        else
            ta=$(secs "$A" pair "$TRF")
            tb=$(secs "$B" pair "$TRF")
        fi
        r=$(awk -v a="$ta" -v b="$tb" 'BEGIN {printf "%.3f", b / a}')
        echo "$what: A ${ta}s  B ${tb}s  B/A $r"
        ratios+=("$r")
    done
    echo "$what: median B/A $(printf '%s\n' "${ratios[@]}" | median) over $N pairs"
done

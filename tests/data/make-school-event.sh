#!/usr/bin/env bash
# Builds tests/data/school-event-23.json (the hand-checked categories of tests/it/categories.rs):
# 23 children of grades 1–4 from tests/data/players/school-event-23.csv, 4 rounds paired by
# the Dutch pairer, every result entered by a fixed pattern, and five
# categories. Usage: tests/data/make-school-event.sh target/debug/arbiter OUT.json
set -euo pipefail
A=$1; S=$2; rm -f "$S"
HERE=$(dirname "$0")
$A tournament new "$S" --name "Первенство школ района по шахматам среди учащихся 1–4 классов" --rounds 4 >/dev/null
$A tournament add-players "$S" "$HERE/players/school-event-23.csv" --apply >/dev/null
res=("1-0" "0-1" "1/2-1/2" "1-0" "1-0" "0-1")
for r in 1 2 3 4; do
  $A tournament pair "$S" --auto >/dev/null
  for b in $(seq 1 11); do $A tournament result "$S" --round $r --board $b "${res[$(( (b + r) % 6 ))]}" >/dev/null; done
done
$A tournament category add "$S" --name "1–2 классы" --grades 1-2 >/dev/null
$A tournament category add "$S" --name "3–4 классы" --grades 3-4 >/dev/null
$A tournament category add "$S" --name "Девочки 1–2 классы" --sex f --grades 1-2 >/dev/null
$A tournament category add "$S" --name "Девочки 3–4 классы" --sex f --grades 3-4 >/dev/null
$A tournament category add "$S" --name "Родившиеся в 2018 году и позже" --born 2018-2030 --prizes 2 >/dev/null
$A tournament category settings "$S" --chief-arbiter "Иванова А. П." --date 06.12.2026 >/dev/null
echo "built $S"

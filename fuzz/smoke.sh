#!/usr/bin/env bash
# Smoke fuzz run for CI: every fuzz target for a few seconds over its seed corpus
# (fuzz/seeds/TARGET), so that a reader that starts to panic, hang (over FUZZ_TIMEOUT seconds
# on one input) or blow its memory (2 GB) on bad input fails the build. The long runs that give
# the figures of fuzz/README.md use the same targets with a longer -max_total_time.
#
# Installs cargo-fuzz (from crates.io, --locked) when it is missing. Runs on the stable
# toolchain with --sanitizer none. New inputs go to a temporary corpus; fuzz/seeds is only read.
#
#   fuzz/smoke.sh            # every target, FUZZ_SECONDS (default 5) each
#   FUZZ_SECONDS=60 fuzz/smoke.sh pgn_judge
#
# A crash leaves its input in fuzz/artifacts/TARGET/ (reproduce with
# `cargo fuzz run --sanitizer none -O TARGET fuzz/artifacts/TARGET/crash-…`).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-5}"
# Per-input limit. The long runs use 1 s; CI machines are shared (a closed pawn ending takes
# ~0.13 s in fen_adjudicate alone and was caught over 1 s under load), so the smoke run allows
# 5 s: it still catches a hang, without flaking on a busy machine.
timeout="${FUZZ_TIMEOUT:-5}"
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz/smoke.sh: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi

# One build for all targets (-O: release without debug assertions, as the long runs).
cargo fuzz build --sanitizer none -O

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for t in "${targets[@]}"; do
    mkdir -p "$scratch/$t"
    echo "fuzz/smoke.sh: $t for ${seconds}s"
    # The bombs' target reads within limits of a few MiB: holding a bomb is a failure long
    # before the 2 GB the other targets are allowed.
    rss=2048
    [ "$t" = compressed_bombs ] && rss=512
    rc=0
    cargo fuzz run --sanitizer none -O "$t" "$scratch/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -print_final_stats=1 \
        >"$scratch/$t.log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        tail -n 60 "$scratch/$t.log"
        echo "fuzz/smoke.sh: $t FAILED (exit $rc); the input is in fuzz/artifacts/$t/"
        exit 1
    fi
    grep -E '^(Done|stat::number_of_executed_units)' "$scratch/$t.log" || true
done
echo "fuzz/smoke.sh: ${#targets[@]} targets, no crash"

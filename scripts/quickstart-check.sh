#!/usr/bin/env bash
# Runs every command of README.md's three quick starts, as written, against a built binary.
#
#   scripts/quickstart-check.sh path/to/arbiter
#
# The commands are read from README.md itself (the first ```sh block under each "## Quick start"
# heading), so the README and this check cannot drift apart. They run in a temporary directory
# in which `fixtures/` and `tests/` point at this repository's, with `arbiter` on PATH as the
# given binary. Each block runs in one shell (an `export` carries over to the next line).
# Three kinds of line cannot run unattended, and are replaced by what is checked instead:
#   - `arbiter serve STATE`: started on a free loopback port; its pages /, /rounds/1/print,
#     /standings, /categories and /diplomas must answer 200; then it is stopped (its own PID).
#   - `arbiter board watch --dgt DEVICE` / `--livechess URL`: no board is attached here, so the
#     file equivalent runs: `arbiter judge --input dgt fixtures/eboard/dgt/1.inbytes`
#     (`--input livechess` on the LiveChess transcript), with the line's `--format`.
#   - `spark-submit …`: runs when `spark-submit` is on PATH; otherwise its file equivalent,
#     `arbiter replay --input lines --format jsonl -` on the same line file (what each task runs).
# A command fails the check on a non-zero exit status, unless its comment documents another as
# `(exit N)` (a directory with broken files in it: exit 1); then exactly N. Prints
# `N passed, M failed`.
set -uo pipefail

if [ $# -ne 1 ] || ! [ -x "$1" ]; then
    echo "usage: $0 path/to/arbiter (a built binary)" >&2
    exit 2
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$binary" "$work/bin/arbiter"
ln -s "$repo/fixtures" "$work/fixtures"
ln -s "$repo/tests" "$work/tests"
export PATH="$work/bin:$PATH"

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok: $1"; }
bad() { failed=$((failed + 1)); echo "  FAILED ($2): $1"; }

# The first ```sh block under each "## Quick start" heading, one block a file.
awk -v dir="$work" '
    /^## Quick start/ { n++; want = 1; next }
    want && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { inside = 0; want = 0; next }
    inside { print > (dir "/block-" n ".sh") }
' "$repo/README.md"
blocks=("$work"/block-*.sh)
if [ "${#blocks[@]}" -ne 3 ] || ! [ -f "${blocks[0]}" ]; then
    echo "README.md: expected three quick starts with a \`\`\`sh block each" >&2
    exit 1
fi

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

http_code() { # $1: URL; prints the HTTP status, 000 when nothing answers (python3: no curl needed)
    python3 - "$1" <<'PY'
import sys, urllib.request, urllib.error
try:
    print(urllib.request.urlopen(sys.argv[1], timeout=5).status)
except urllib.error.HTTPError as e:
    print(e.code)
except Exception:
    print("000")
PY
}

check_serve() { # $1: the state file
    local port pid url page code
    port="$(free_port)"
    arbiter serve "$1" --addr "127.0.0.1:$port" </dev/null >"$work/serve.log" 2>&1 &
    pid=$!
    url="http://127.0.0.1:$port"
    for _ in $(seq 1 50); do
        [ "$(http_code "$url/")" != 000 ] && break
        sleep 0.1
    done
    for page in / /rounds/1/print /standings /categories /diplomas; do
        code="$(http_code "$url$page")"
        if [ "$code" = 200 ]; then
            ok "serve: GET $page"
        else
            bad "serve: GET $page" "HTTP $code"
            sed 's/^/    serve | /' "$work/serve.log" | head -5
        fi
    done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

run_line() { # $1: one command line of a block, run by the shell in the block's directory
    local line="$1" format status expected=0
    if [[ "$line" =~ \#.*\(exit\ ([0-9]+)\) ]]; then expected="${BASH_REMATCH[1]}"; fi
    local original="$line"
    case "$line" in
        "arbiter serve "*)
            echo "  serve (on a free loopback port, instead of: $line)"
            check_serve "$(set -- $line; echo "$3")"
            return ;;
        # A serve with its environment (the lichess token): the desk started as above, its
        # state file the fourth word (no LiveChess or lichess to reach here).
        [A-Z_]*=*" arbiter serve "*)
            echo "  serve (on a free loopback port, instead of: $line)"
            check_serve "$(set -- $line; echo "$4")"
            return ;;
        "arbiter board watch --dgt "*)
            format="$(sed -n 's/.*--format \([a-z]*\).*/--format \1/p' <<<"$line")"
            line="arbiter judge --input dgt $format fixtures/eboard/dgt/1.inbytes" ;;
        "arbiter board watch --livechess "*)
            format="$(sed -n 's/.*--format \([a-z]*\).*/--format \1/p' <<<"$line")"
            line="arbiter judge --input livechess $format fixtures/eboard/livechess/lichess-dgt-boards-transcript.jsonl" ;;
        "spark-submit "*)
            if ! command -v spark-submit >/dev/null; then
                line="arbiter replay --input lines --format jsonl - < games.lines"
            fi ;;
    esac
    eval "$line" </dev/null >"$work/out.log" 2>&1
    status=$?
    [ "$line" != "$original" ] && line="$line   (instead of: $original)"
    if [ "$status" -eq "$expected" ]; then ok "$line"; else bad "$line" "exit $status, expected $expected"; sed 's/^/    | /' "$work/out.log" | head -5; fi
}

for block in "${blocks[@]}"; do
    echo "$(basename "$block" .sh | sed 's/block-/quick start /'):"
    dir="$work/run-$(basename "$block" .sh)"
    mkdir "$dir"
    ln -s "$repo/fixtures" "$dir/fixtures"
    ln -s "$repo/tests" "$dir/tests"
    (
        cd "$dir" || exit 1
        passed=0
        failed=0
        while IFS= read -r line; do
            [ -z "${line// /}" ] && continue
            case "$line" in \#*) continue ;; esac
            run_line "$line"
        done <"$block"
        echo "$passed $failed" >"$dir/counts"
    )
    read -r p f <"$dir/counts"
    passed=$((passed + p))
    failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

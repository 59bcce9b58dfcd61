# lib.sh — the common start of the scripts that read weft's output; sourced, not run (tests/run.sh
# runs only the executable scripts here).  `. "$(dirname "$0")/lib.sh"` leaves the shell in the
# repository root with WEFT (default bin/weft), a temporary directory T removed on exit, and
# `fail MESSAGE`, which prints "FAIL NAME: MESSAGE" (NAME: the script's, without .sh) and counts
# it in fails; `finish` prints "NAME: ok" when nothing failed and exits with the count.
set -u
script_name=$(basename "$0" .sh)
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL $script_name: $*"; fails=$((fails + 1)); }
finish() {
    [ "$fails" = 0 ] && echo "$script_name: ok"
    exit "$fails"
}

# lib.sh — the start every tests/scripts/*.sh shares; sourced, not run: the first line of a script
# after its comment is `. "$(dirname "$0")/lib.sh"`.  It leaves the shell in the repository root
# with WEFT (default bin/weft, made absolute), CC (default cc), a temporary directory T removed
# on exit, and the counting of checks:
#   check MESSAGE COMMAND...      run COMMAND: exit status 0 counts a pass, else a failure
#                                 (and check returns 1: `check ... || summary` stops there)
#   check_not MESSAGE COMMAND...  the same, but COMMAND must fail
#   pass / fail MESSAGE           count one check by hand ("FAIL NAME: MESSAGE" on failure);
#                                 both return 0, so `CONDITION && pass || fail MESSAGE` is exact
#   add_counts FILE               add the last "N passed, M failed" line of FILE (a unit test's or
#                                 `weft test`'s output); none there is one failure
#   summary                       print "NAME: N passed, M failed" and exit, 1 on any failure
# tests/run.sh sums the summaries; a script that prints none counts as one failure.
set -u
script_name=$(basename "$0" .sh)
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-$script_name-XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 2' INT TERM
checks_passed=0
checks_failed=0

pass() { checks_passed=$((checks_passed + 1)); }
fail() {
    echo "FAIL $script_name: $*"
    checks_failed=$((checks_failed + 1))
}
check() {
    check_message=$1
    shift
    if "$@"; then pass; else fail "$check_message"; return 1; fi
}
check_not() {
    check_message=$1
    shift
    if "$@"; then fail "$check_message"; return 1; else pass; fi
}
add_counts() {
    counts=$(grep -E '(^|[^0-9])[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 |
        sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2 \3/')
    [ -n "$counts" ] || { fail "$1: no \"N passed, N failed\" line"; return 0; }
    checks_passed=$((checks_passed + ${counts% *}))
    checks_failed=$((checks_failed + ${counts#* }))
}
summary() {
    echo "$script_name: $checks_passed passed, $checks_failed failed"
    [ "$checks_failed" -eq 0 ] || exit 1
    exit 0
}
# cuda_include_dir: the folder with CUDA's headers (cuda_runtime_api.h) for compiling generated
# host code with cc: where nvcc itself looks (its dry run prints INCLUDES), else beside nvcc,
# else the usual places; prints nothing when there is no nvcc or no such folder.
cuda_include_dir() {
    command -v nvcc > /dev/null 2>&1 || return 0
    cid_nvcc_inc=$(nvcc --dryrun -x cu -c /dev/null -o /dev/null 2>&1 |
        sed -n 's/^#\$ INCLUDES="-I\([^"]*\)".*/\1/p' | head -n 1)
    for cid_dir in "$cid_nvcc_inc" "$(dirname "$(readlink -f "$(command -v nvcc)")")/../include" \
        /usr/local/cuda/include /usr/include; do
        if [ -n "$cid_dir" ] && [ -f "$cid_dir/cuda_runtime_api.h" ]; then echo "$cid_dir"; return 0; fi
    done
}

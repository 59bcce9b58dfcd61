# runner_data.sh — `weft test` and absent data files.  A case whose `input @` or `output @` file
# lies outside the tested tree (a dataset kept beside the repository, when the repository is
# cloned somewhere else) is skipped with a notice naming the file; an absent file inside the tree
# still fails its case, with the runner's message.
. "$(dirname "$0")/lib.sh"
mkdir -p build
D=$(mktemp -d build/runner-data-XXXXXX) || exit 2
trap 'rm -rf "$T" "$D"' EXIT
cat > "$D/prog.fut" <<'F'
-- ==
-- input @ ../../../../no-such-folder/values.in
-- output { 1 }
-- input { 1 }
-- output @ ../../../../no-such-folder/values.out
-- input @ absent.in
-- output { 1 }
-- input { 1 }
-- output { 1 }
entry main (x: i32) : i32 = x
F
"$WEFT" test --backend=interp "$D/prog.fut" > "$T/out" 2>&1 && fail "weft test passed with an absent data file inside the tree" || pass
grep -qxF "skip $D/prog.fut:2: backend interp: the data file $D/../../../../no-such-folder/values.in, outside the tested tree, is absent" "$T/out" &&
    pass || fail "no notice for the absent input outside the tree"
grep -qxF "skip $D/prog.fut:4: backend interp: the data file $D/../../../../no-such-folder/values.out, outside the tested tree, is absent" "$T/out" &&
    pass || fail "no notice for the absent output outside the tree"
grep -qF "cannot open the input file $D/absent.in" "$T/out" && pass || fail "the absent input inside the tree did not fail its case"
grep -qxF "1 passed, 1 failed, 2 skipped" "$T/out" && pass || fail "counts: $(tail -1 "$T/out")"
[ "$checks_failed" = 0 ] || cat "$T/out"
summary

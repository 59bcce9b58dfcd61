# deterministic.sh — the same program compiles to the same C on every run.  The optimiser's
# name maps once hashed names by their addresses, and the passes that walk a map's slots (the
# flattener's bindings of a segop's inputs, the flat backend's uses) emitted statements in an
# order that changed with address-space randomisation from one run to the next (LocVolCalib's
# code differed between two runs).  Three runs per backend, no C compiler needed.
. "$(dirname "$0")/lib.sh"
for prog in examples/finpar/locvolcalib.fut examples/finpar/optionpricing.fut; do
    base=$(basename "$prog" .fut)
    for be in c multicore cuda; do
        for run in 1 2 3; do
            "$WEFT" $be --no-cc "$prog" -o "$T/$base-$be-$run" > /dev/null 2>&1 &&
                pass || { fail "weft $be --no-cc $prog"; continue 2; }
        done
        for ext in c cu; do
            [ -f "$T/$base-$be-1.$ext" ] || continue
            for run in 2 3; do
                cmp -s "$T/$base-$be-1.$ext" "$T/$base-$be-$run.$ext" &&
                    pass || fail "weft $be $prog: run $run wrote another .$ext than run 1"
            done
        done
    done
done
summary

-- none.fut — no dataset `weft bench` can time: it must say so (tests/scripts/bench_cmd.sh).
-- ==
-- nobench input { 1i32 } output { 1i32 }

def main (x: i32): i32 = x

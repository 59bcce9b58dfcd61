-- The compiled scan benchmark (bench/scan/compiled.sh): `scan (+)` over i32, as weft
-- multicore compiles it (rts/mc.h's vectorised scan), timed against memcpy in the same run.
-- gen makes the input (written in binary by the executable).
-- ==
-- entry: main
-- input { [1, 2, 3] }
-- output { [1, 3, 6] }

entry main (xs: []i32) : []i32 = scan (+) 0 xs

entry gen (n: i64) : []i32 = map (\i -> i32.i64 (i % 1000) - 500) (iota n)

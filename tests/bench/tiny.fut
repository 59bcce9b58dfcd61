-- tiny.fut — `weft bench` test program (tests/scripts/bench_cmd.sh): two datasets to time,
-- one the bench skips (nobench) and one it skips for its random input.
-- ==
-- input { [1.5f32, 2f32, 3f32] } output { 6.5f32 }
-- input @ data/tiny.in output @ data/tiny.out
-- nobench input { [1f32] } output { 1f32 }
-- random input { [100]f32 } output { 0f32 }

def main (xs: []f32): f32 = f32.sum (map (*2) xs) / 2

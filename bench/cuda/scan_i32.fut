-- Prefix sum of i32 (bench/cuda/run.sh: against CUB's DeviceScan::InclusiveSum).
-- ==
-- input { [1i32, 2i32, 3i32, -4i32] }
-- output { [1i32, 3i32, 6i32, 2i32] }
entry main (xs: []i32) : []i32 = scan (+) 0 xs

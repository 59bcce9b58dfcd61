-- Sums of the rows of a regular [S][M] array: a segmented reduce written as a map of reduces
-- (bench/cuda/run.sh: against CUB's DeviceSegmentedReduce::Sum, segments of 100).  weft cuda
-- runs one thread per row, the inner reduce sequential in the thread.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [6i32, 15i32] }
-- input { empty([0][3]i32) }
-- output { empty([0]i32) }
entry main [s][m] (xss: [s][m]i32) : [s]i32 = map (\row -> reduce (+) 0 row) xss

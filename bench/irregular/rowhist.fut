-- Per-row histograms (issue 21: hist inside an irregular map): for every row of a jagged
-- [][]i32 of values 0..15 (gen.c's jagged rows), the sum of its values in 16 bins by value
-- (value 0's bin gets nothing: bins count value x at x).  The inner hist varies in width per
-- row: weft makes an outer-parallel version (one row per thread) and a flattened one (one flat
-- hist over all rows' bins, docs/FLATTENING.md "Scatter and hist"), chosen at run time by
-- main.suff_outer_par_0.  bench/irregular/run.sh times both against base/rowhist.c.
-- ==
-- input { [[1i32, 2i32, 3i32, 3i32], [15i32], [], [0i32, 0i32]] }
-- output { [[0i32, 1i32, 2i32, 6i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32],
--           [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 15i32],
--           [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32],
--           [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32]] }
-- input { empty([0][0]i32) }
-- output { empty([0][16]i32) }
-- input @ data/rowhist-skewed.in
-- output @ data/rowhist-skewed.out
def main (rows: [][]i32) : [][16]i32 =
  map (\row -> hist (+) 0 16 (map i64.i32 row) row) rows

-- Rows reversed by scatter (issue 21: scatter inside an irregular map): for every row of a
-- jagged [][]i32 (gen.c's jagged rows), its elements written to the mirrored positions of a new
-- row of its length.  The inner scatter's width and destination vary per row: weft makes an
-- outer-parallel version (one row per thread) and a flattened one (one flat scatter into all
-- rows, docs/FLATTENING.md "Scatter and hist"), chosen at run time by main.suff_outer_par_0.
-- bench/irregular/run.sh times both against base/rowscatter.c.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32], [], [5i32, 6i32]] }
-- output { [[3i32, 2i32, 1i32], [4i32], empty([0]i32), [6i32, 5i32]] }
-- input { empty([0][0]i32) }
-- output { empty([0][0]i32) }
-- input @ data/rowscatter-uniform.in
-- output @ data/rowscatter-uniform.out
def main (rows: [][]i32) : [][]i32 =
  map (\row -> let n = length row
               in scatter (replicate n 0) (map (\j -> n - 1 - j) (iota n)) row) rows

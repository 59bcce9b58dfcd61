-- Scans of many rows at once (a map of scans: a segscan over two dimensions).  On weft cuda a
-- thread scans a row of fewer than 16 elements, a warp a longer one, and a block each of fewer
-- than 16384 rows of 64 or more (rts/flat_dev.cuh wfd_run_segscan); the cases take each way.
-- The operators: + on u64, and the composition of affine maps x -> a*x + b on u32 (wrapping),
-- which is not commutative: an operand out of order changes the result.  Each case returns
-- checksums of every scanned value, weighted by its position in its row.  Expected outputs
-- computed without weft: tests/programs/segscan_rows.py (the same scans in Python).
-- ==
-- input { 20000i64 20i64 } output { 17800205500000u64 8974062951638000u64 }
-- input { 20000i64 70i64 } output { 725126230500000u64 106653707983763136u64 }
-- input { 100i64 200i64 } output { 753801925000u64 4348281384907116u64 }
-- input { 3i64 1000i64 } output { 6411792262000u64 3238174887809818u64 }
-- input { 50000i64 5i64 } output { 2131283750000u64 1494869471506240u64 }
-- input { 0i64 7i64 } output { 0u64 0u64 }
-- input { 5i64 0i64 } output { 0u64 0u64 }

def elem (i: i64) (j: i64) : (u32, u32) =
  (u32.i64 ((i * 31 + j * 17 + 1) | 1), u32.i64 (i * 7 + j * 13))

-- first the map (a1, b1), then (a2, b2)
def compose (a1: u32, b1: u32) (a2: u32, b2: u32) : (u32, u32) = (a1 * a2, a2 * b1 + b2)

entry main (n: i64) (m: i64) : (u64, u64) =
  let rows = tabulate_2d n m elem
  let sums = map (\row -> scan (+) 0u64 (map (\(a, _) -> u64.u32 a) row)) rows
  let maps = map (\row -> scan compose (1u32, 0u32) row) rows
  let w = map (\j -> u64.i64 (j + 1)) (iota m)
  let s = u64.sum (map (\r -> u64.sum (map2 (*) r w)) sums)
  let a = u64.sum (map (\r -> u64.sum (map2 (\(x, y) k -> u64.u32 (x ^ y) * k) r w)) maps)
  in (s, a)

-- A slice of an array a kernel computed, read by another kernel (weft cuda): the slice is a
-- view of the device's block, with nothing written on the host; it used to mark the block as
-- written by the host, so the next kernel got the host's stale copy (all zeros).
-- ==
-- input { [1i64, -2i64, 3i64] [0i64, 1i64, 2i64] } output { [-2i64, 4i64, 10i64] }
-- input { [4i64, 0i64, 1i64, 2i64] [1i64, -1i64] } output { [8i64, 4i64] }

def horner (cs: []i64) (x: i64) : i64 = loop acc = 0 for c in reverse cs do acc * x + c

def derivative (cs: []i64) : []i64 = drop 1 (map2 (*) cs (indices cs))

def main (cs: []i64) (xs: []i64) : []i64 = map (horner (derivative cs)) xs

-- Nested-parallel quicksort over a jagged array of segments: every round splits each
-- segment into <, ==, > its head and drops empty pieces, until all segments are constant.
-- ==
-- input { [3i32, 1i32, 2i32] }
-- output { [1i32, 2i32, 3i32] }
-- input { [4i32, 4i32, 4i32] }
-- output { [4i32, 4i32, 4i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [9i32, -1i32, 7i32, 3i32, 3i32, 0i32, 12i32, -8i32, 5i32] }
-- output { [-8i32, -1i32, 0i32, 3i32, 3i32, 5i32, 7i32, 9i32, 12i32] }
-- input { [-20i32, -12i32, -37i32, 42i32, 0i32, 11i32, -31i32, -39i32, -42i32, -48i32, 1i32, 20i32, -13i32, 47i32, -43i32, -22i32, 16i32, 18i32, -4i32, -15i32] }
-- output { [-48i32, -43i32, -42i32, -39i32, -37i32, -31i32, -22i32, -20i32, -15i32, -13i32, -12i32, -4i32, 0i32, 1i32, 11i32, 16i32, 18i32, 20i32, 42i32, 47i32] }

-- ==
-- entry: rounds
-- input { [3i32, 1i32, 2i32] }
-- output { 2i32 }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { 4i32 }
-- input { [7i32, 7i32] }
-- output { 0i32 }
-- input { [9i32, -1i32, 7i32, 3i32, 3i32, 0i32, 12i32, -8i32, 5i32] }
-- output { 4i32 }

def step (s: []i32) : [3][]i32 =
  let p = s[0]
  in [filter (< p) s, filter (== p) s, filter (> p) s]

def constant (s: []i32) : bool = all (== s[0]) s

def nonempty (segs: [][]i32) : [][]i32 = filter (\s -> length s > 0) segs

def main (xs: []i32) : []i32 =
  let segs = nonempty [xs]
  let segs = loop (segs: [][]i32) = segs while !(all constant segs) do
               nonempty (flatten (map step segs))
  in flatten segs

entry rounds (xs: []i32) : i32 =
  let (_, r) = loop (segs: [][]i32, r) = (filter (\s -> length s > 0) [xs], 0)
               while !(all constant segs) do
                 (filter (\s -> length s > 0) (flatten (map step segs)), r + 1)
  in r

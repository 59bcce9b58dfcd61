-- Segmented operations written by hand: a generic flag-segmented scan, segment sums from a
-- lengths array (flags built with scatter, empty segments included), index-in-segment, and
-- a segmented max.
-- ==
-- entry: segscan_sum
-- input { [true, false, false, true, false, true] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [1i32, 3i32, 6i32, 4i32, 9i32, 6i32] }
-- input { [false, false] [5i32, 5i32] }
-- output { [5i32, 10i32] }
-- input { empty([0]bool) empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: segsums
-- input { [2i64, 0i64, 3i64, 1i64] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [3i32, 0i32, 12i32, 6i32] }
-- input { [0i64, 0i64] empty([0]i32) }
-- output { [0i32, 0i32] }
-- input { [4i64] [1i32, -1i32, 1i32, -1i32] }
-- output { [0i32] }
-- input { [2i64, 0i64] [7i32, 8i32] }
-- output { [15i32, 0i32] }

-- ==
-- entry: seg_iota
-- input { [true, false, false, true, true, false] }
-- output { [0i64, 1i64, 2i64, 0i64, 0i64, 1i64] }

-- ==
-- entry: segmax
-- input { [true, false, true, false, false] [3i32, 1i32, -2i32, -5i32, 7i32] }
-- output { [3i32, 3i32, -2i32, -2i32, 7i32] }

def segscan 't [n] (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let pairs = scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else op x1 x2))
                   (false, ne) (zip flags xs)
  in map (.1) pairs

entry segscan_sum [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = segscan (+) 0 flags xs

entry segsums [n][k] (lens: [k]i64) (xs: [n]i32) : [k]i32 =
  let ends = scan (+) 0 lens
  let offs = map2 (-) ends lens
  let flags = scatter (replicate n false) offs (map (\_ -> true) lens)
  let sc = segscan (+) 0 flags xs
  in map2 (\o l -> if l == 0 then 0 else sc[o + l - 1]) offs lens

entry seg_iota [n] (flags: [n]bool) : [n]i64 =
  map (\x -> x - 1) (segscan (+) 0 flags (replicate n 1))

entry segmax [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = segscan i32.max i32.lowest flags xs

-- Boolean logic: column majority votes, xor (parity) reduction with (!=), short-circuiting
-- && and || guarding out-of-range indexing, all/any partially applied, and negation.
-- ==
-- entry: majority
-- input { [[true, false, true], [true, true, false], [false, false, true]] }
-- output { [true, false, true] }
-- input { empty([0][2]bool) }
-- output { [false, false] }

-- ==
-- entry: parity
-- input { [true, true, true] }
-- output { true }
-- input { empty([0]bool) }
-- output { false }
-- input { [true, false, true, false] }
-- output { false }

-- ==
-- entry: safe_index
-- input { [5i32, -1i32, 3i32] [0i64, 1i64, 2i64, 3i64, -1i64, 100i64] }
-- output { [true, false, true, false, false, false] [false, false, false, true, true, true] }
-- input { empty([0]i32) [0i64] }
-- output { [false] [true] }

-- ==
-- entry: all_any
-- input { [[1i32, 2i32], [0i32, 3i32], [-1i32, 0i32]] }
-- output { [true, false, false] [false, true, true] [false, true, true] }

entry majority [n][m] (votes: [n][m]bool) : [m]bool =
  map (\c -> 2 * i64.sum (map i64.bool c) > n) (transpose votes)

entry parity (xs: []bool) : bool = reduce (!=) false xs

entry safe_index (xs: []i32) (is: []i64) : ([]bool, []bool) =
  let n = length xs
  in (map (\i -> i >= 0 && i < n && xs[i] > 0) is,
      map (\i -> i < 0 || i >= n || xs[i] == 0) is)

entry all_any [n][m] (xss: [n][m]i32) : ([n]bool, [n]bool, [n]bool) =
  let pos = map (all (> 0)) xss
  in (pos, map (any (== 0)) xss, map (\b -> !b) pos)

-- Sequence alignment (seed 002, program 3): t[0] = 0, t[i] = max(t[i-1], h[i-1]) is an
-- exclusive max-scan; and a Smith-Waterman local alignment (match +2, mismatch -1, linear gap
-- 1) whose row update's horizontal gap dependence H[j] = max(E[j], H[j-1] - g) becomes a
-- max-scan of E[j] + g*j. `verify_tscan` checks a tscan result against its input in O(n).
-- ==
-- entry: tscan
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [0i32, 3i32, 3i32, 4i32, 4i32, 5i32, 9i32, 9i32] }
-- input { [-1i32, -2i32] }
-- output { [0i32, 0i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [7i32] }
-- output { [0i32] }
-- input { [2147483647i32, -2147483648i32, 5i32] }
-- output { [0i32, 2147483647i32, 2147483647i32] }

-- ==
-- entry: smith_waterman
-- input { [71u8, 65u8, 84u8, 84u8, 65u8, 67u8, 65u8] [71u8, 67u8, 65u8, 84u8, 71u8, 67u8, 65u8] }
-- output { 7i32 }
-- input { [65u8, 65u8, 65u8, 65u8] [84u8, 84u8, 84u8] }
-- output { 0i32 }
-- input { [65u8, 67u8, 71u8, 84u8, 65u8, 67u8, 71u8, 84u8] [84u8, 65u8, 67u8, 71u8, 84u8, 65u8] }
-- output { 10i32 }
-- input { [72u8, 69u8, 76u8, 76u8, 79u8, 87u8, 79u8, 82u8, 76u8, 68u8] [89u8, 69u8, 76u8, 76u8, 79u8, 87u8, 87u8, 79u8, 82u8, 68u8] }
-- output { 14i32 }
-- input { empty([0]u8) [65u8] }
-- output { 0i32 }
-- input { [67u8] [67u8] }
-- output { 2i32 }

-- ==
-- entry: verify_tscan
-- input { [3i32, 1i32, 4i32] [0i32, 3i32, 3i32] }
-- output { true }
-- input { [3i32, 1i32, 4i32] [0i32, 3i32, 4i32] }
-- output { false }
-- input { [3i32, 1i32, 4i32] [1i32, 3i32, 3i32] }
-- output { false }
-- input { empty([0]i32) empty([0]i32) }
-- output { true }

entry tscan (h: []i32) : []i32 =
  let inc = scan i32.max 0 h
  in map (\i -> if i == 0 then 0 else inc[i-1]) (indices h)

entry verify_tscan (h: []i32) (t: []i32) : bool =
  length h == length t
  && and (map (\i -> t[i] == (if i == 0 then 0 else i32.max t[i-1] h[i-1])) (indices t))

def sw_row [m] (g: i32) (a: u8) (b: [m]u8) (prev: [m]i32) : [m]i32 =
  let e = map (\j -> let diag = if j == 0 then 0 else prev[j-1]
                     let s = if a == b[j] then 2 else -1
                     in i32.max 0 (i32.max (diag + s) (prev[j] - g)))
              (iota m)
  let shifted = map2 (\x j -> x + g * i32.i64 j) e (iota m)
  let best = scan i32.max i32.lowest shifted
  in map2 (\x j -> x - g * i32.i64 j) best (iota m)

entry smith_waterman [n][m] (a: [n]u8) (b: [m]u8) : i32 =
  let (_, best) =
    loop (row, best) = (replicate m 0, 0) for i < n do
      let row' = sw_row 1 a[i] b row
      in (row', i32.max best (i32.maximum row'))
  in best

-- Data-parallel sorting networks in loops: bitonic sort (padded to a power of two with
-- i32.highest) and odd-even transposition sort.
-- ==
-- entry: bitonic_sort
-- input { [5i32, 1i32, 4i32, 2i32, 8i32, 0i32, 3i32, 7i32] }
-- output { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 7i32, 8i32] }
-- input { [-17i32, -61i32, 2i32, 67i32, -87i32, -81i32, 38i32, -75i32, -6i32, 50i32, -85i32, 30i32, -45i32] }
-- output { [-87i32, -85i32, -81i32, -75i32, -61i32, -45i32, -17i32, -6i32, 2i32, 30i32, 38i32, 50i32, 67i32] }
-- input { [1i32] }
-- output { [1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [2i32, 2i32, 1i32] }
-- output { [1i32, 2i32, 2i32] }

-- ==
-- entry: odd_even
-- input { [5i32, 1i32, 4i32, 2i32, 8i32, 0i32, 3i32] }
-- output { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 8i32] }
-- input { [-17i32, -61i32, 2i32, 67i32, -87i32, -81i32, 38i32, -75i32, -6i32, 50i32, -85i32, 30i32, -45i32] }
-- output { [-87i32, -85i32, -81i32, -75i32, -61i32, -45i32, -17i32, -6i32, 2i32, 30i32, 38i32, 50i32, 67i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

def bitonic [n] (xs: [n]i32) : [n]i32 =
  let lg = loop lg = 0 while (1i64 << lg) < n do lg + 1
  in loop xs for p < lg do
       let k = 1i64 << (p + 1)
       in loop xs for q < p + 1 do
            let j = 1i64 << (p - q)
            in map (\i -> let l = i ^ j
                          let up = (i & k) == 0
                          let lo = i32.min xs[i] xs[l]
                          let hi = i32.max xs[i] xs[l]
                          in if (l > i) == up then lo else hi)
                   (iota n)

entry bitonic_sort (xs: []i32) : []i32 =
  let n = length xs
  let m = loop m = 1 while m < n do m * 2
  let padded = xs ++ replicate (m - n) i32.highest
  in take n (bitonic padded)

entry odd_even (xs: []i32) : []i32 =
  let n = length xs
  in loop xs for r < n do
       map (\i -> let partner = if (i + r) % 2 == 0 then i + 1 else i - 1
                  in if partner < 0 || partner >= n then xs[i]
                     else if partner > i then i32.min xs[i] xs[partner]
                     else i32.max xs[i] xs[partner])
           (iota n)

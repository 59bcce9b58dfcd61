-- The C backends' memory scheme (docs/BACKENDS.md): constant arrays are static blocks
-- (an update must copy them), rows of outliving arrays and lambda parameters are borrowed (an
-- update must copy them too), loops inside a SOAC's iteration reset their arena each step and
-- export the loop's arrays, a reduce's array accumulator is reused when unique, and an entry's
-- inputs are borrowed from the harness (a jagged result keeping an input row gets a copy).
-- Every backend must agree with the interpreter; CI runs this file under ASan too.
-- ==
-- entry: static_cow
-- input { 4i64 }
-- output { [[0, 2, 3], [1, 1, 3], [1, 2, 2], [3, 2, 3]] }

entry static_cow (n: i64) : [][]i32 =
  map (\k -> let a = [1, 2, 3] in a with [k % 3] = i32.i64 k) (iota n)

-- ==
-- entry: shared_rows
-- input { 3i64 }
-- output { [[0i64, 1i64, 2i64], [1i64, 1i64, 2i64], [2i64, 1i64, 2i64]] }

entry shared_rows (n: i64) : [][]i64 =
  let yss = replicate n (iota 3)
  in map2 (\k r -> r with [0] = k) (iota n) yss

-- ==
-- entry: loop_in_map
-- input { [1i64, 2i64, 3i64] }
-- output { [[7i64, 7i64, 7i64], [8i64, 8i64, 8i64], [9i64, 9i64, 9i64]] }

entry loop_in_map (xs: []i64) : [][]i64 =
  map (\x -> loop acc = replicate 3 x for i < 4 do map (+ i) acc) xs

-- ==
-- entry: row_sums
-- input { [[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]] }
-- output { [9i64, 12i64] }

entry row_sums (xss: [][]i64) : []i64 =
  reduce (map2 (+)) (replicate 2 0) (map (map (* 1)) xss)

-- ==
-- entry: keep_input_row
-- input { [[1i64, 2i64, 3i64, 4i64], [5i64, 6i64, 7i64, 8i64]] }
-- output { [[1i64, 2i64, 3i64, 4i64], [0i64], [0i64, 1i64]] }

entry keep_input_row (xss: [][]i64) : [][]i64 =
  map (\i -> if i == 0 then xss[0] else iota i) (iota 3)

-- Uniqueness: uses the rules allow (the rejected ones are in tests/errors, uniq_*.fut and
-- consume_*.fut): a tuple argument's unique component from a fresh array, a copy of a
-- top-level constant updated, a lambda updating a parameter declared unique, a loop
-- parameter declared unique starting from a unique result, a lambda updating a parameter
-- not declared unique (weft, unlike Futhark, allows it: the update works on a copy), a
-- partial application consuming a fresh array.
-- ==
-- input { 4i64 }
-- output { [7i64, 1i64, 2i64, 3i64] [9f32, 2f32, 3f32] [[5i64, 1i64], [6i64, 1i64]] [0i32, 0i32, 0i32, 3i32] [[8i64, 1i64], [8i64, 1i64]] [0i64, 0i64, 2i64] }

def table : []f32 = [1, 2, 3]

def set (arr: *[]i64, i: i64) : *[]i64 = arr with [i] = 7

def fresh (xs: []i32) : *[]i32 = copy xs

def zero (xs: *[]i64) (i: i64) : *[]i64 = xs with [i] = 0

entry main (n: i64) =
  let a = set (iota n, 0)
  let t = copy table
  let t[0] = 9
  let rows = map2 (\k (r: *[]i64) -> r with [0] = k) [5, 6] (replicate 2 (iota 2))
  let z = loop (acc: *[]i32) = fresh (map i32.i64 (iota n)) for i < 3 do acc with [i] = 0
  let shared = replicate 2 (iota 2)
  let rows2 = map (\r -> r with [0] = 8) shared
  let g = zero (iota 3)
  in (a, t, rows, z, rows2, g 1)

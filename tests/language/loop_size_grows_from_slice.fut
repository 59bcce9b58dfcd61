-- A loop parameter whose size grows each iteration (concat), starting from a slice whose size
-- is an expression of another: unifying the parameter's size n with n + 1 must not bind n to
-- an expression that mentions n (the type checker recursed forever on the cycle: the irregular
-- fuzzer's seed 94014).  Expected values by hand: a0 is [0] when k is odd, else empty.
-- ==
-- input { 3i64 5i32 }
-- output { [1i32, 5i32, 5i32, 5i32] }
-- input { 0i64 4i32 }
-- output { empty([0]i32) }
-- input { 7i64 3i32 }
-- output { [1i32, 3i32, 3i32] }
-- input { 4i64 2i32 }
-- output { [2i32, 2i32, 2i32, 2i32] }

entry main (n: i64) (k: i32) : []i32 =
  let a0 = map i32.i64 (iota (i64.i32 (k & 7) % 2))
  in loop acc = map (\x -> x + 1) (a0[length a0 / 2:]) for i < n % 5 do concat acc [k]

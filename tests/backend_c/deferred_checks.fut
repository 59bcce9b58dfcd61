-- Maps of scalars whose index checks are deferred (emit_soac.c defers_checks): the loop runs
-- on past a bad index, both branches of its ifs run (emit.c emit_speculated_if), and if an
-- index taken was bad, or an array read from outside is empty, the loop runs again checked.
-- The results and the failures must be the interpreter's: an index out of bounds only in the
-- branch not taken never fails, the failure reported is the first in program order within an
-- iteration, and an empty array read nowhere is no failure.

-- An index out of bounds in the branch not taken (both ends of a stencil).

-- ==
-- entry: stencil
-- input { [1.0, 2.0, 4.0, 8.0, 16.0] }
-- output { [2.0, 4.5, 9.0, 18.0, 4.0] }
-- input { [3.0] }
-- output { [0.0] }
-- input { empty([0]f64) }
-- output { empty([0]f64) }
entry stencil [n] (xs: [n]f64) : [n]f64 =
  map (\i -> (if i == 0 then 0.0 else xs[i - 1] / 2.0) + (if i == n - 1 then 0.0 else xs[i + 1]))
      (iota n)

-- A gather through an index array: good, then bad at one iteration (with two, which is reported
-- is the first only where the map runs in one thread).

-- ==
-- entry: gather
-- input { [10i32, 20i32, 30i32] [2i64, 0i64, 1i64, 2i64] }
-- output { [30i32, 10i32, 20i32, 30i32] }
-- input { [10i32, 20i32, 30i32] [2i64, 7i64, 1i64, 0i64] }
-- error: Index \[7\] out of bounds for array of shape \[3\]
-- input { [10i32, 20i32, 30i32] [2i64, 0i64, -4i64, 1i64] }
-- error: Index \[-4\] out of bounds for array of shape \[3\]
entry gather [n] [m] (xs: [n]i32) (is: [m]i64) : [m]i32 =
  map (\k -> xs[is[k]] + 0) (iota m)

-- Two reads in one iteration, both bad: the first in program order is reported.

-- ==
-- entry: two_reads
-- input { [1i64, 2i64, 3i64] [5i64, 6i64] }
-- output { [3i64, 5i64] }
-- input { [1i64, 2i64, 3i64] [6i64, 13i64] }
-- error: Index \[9\] out of bounds for array of shape \[3\]
entry two_reads [n] [m] (xs: [n]i64) (is: [m]i64) : [m]i64 =
  map (\k -> let a = xs[is[k] - 4] in let b = xs[is[k] - 5] in a + b) (iota m)

-- An empty array read only where a branch is never taken; ifs selecting each scalar type.

-- ==
-- entry: empty_unread
-- input { empty([0]f32) [1i32, -2i32, 3i32] }
-- output { [1.5f32, 0.5f32, 1.5f32] [true, false, true] [2i32, -2i32, 6i32] [1u8, 0u8, 1u8] }
entry empty_unread [n] [m] (e: [n]f32) (xs: [m]i32) : ([m]f32, [m]bool, [m]i32, [m]u8) =
  unzip4 (map (\x -> if x < -100 then (e[0], false, 0, 0)
                     else if x > 0 then (1.5, true, x * 2, 1) else (0.5, x > 5, x, 0))
              xs)

-- Doubles selected by a condition the same in every iteration, NaN and -0 kept to the bit.

-- ==
-- entry: invariant_select
-- input { true [1.0, -0.0, f64.nan, 2.0] }
-- output { [1.0, -0.0, f64.nan, 2.0] }
-- input { false [1.0, -0.0, f64.nan, 2.0] }
-- output { [-1.0, 0.0, f64.nan, -2.0] }
entry invariant_select [n] (keep: bool) (xs: [n]f64) : [n]f64 =
  map (\i -> if keep then xs[i] else -xs[i]) (iota n)

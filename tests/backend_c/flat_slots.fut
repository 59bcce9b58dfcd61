-- Slots (rts/flat.h wf_scratch_take, wf_slot_take): an allocation site inside an iteration
-- reuses its block while the count asked for fits, and takes a bigger one when it grows; a
-- value carried from one iteration to the next alternates between two blocks.  Operator
-- operands (fsoac.c, DEST_BORROW) are passed to the operator without a reference of their own
-- when their block outlives the iteration's body anyway, and with one when it does not.

-- ==
-- entry: growing
-- input { 5i64 }
-- output { [1i64, 3i64, 6i64, 10i64, 15i64] [5i64, 4i64, 3i64, 2i64, 1i64] }
-- input { 0i64 }
-- output { empty([0]i64) empty([0]i64) }
entry growing (n: i64) =
  let up = map (\i -> let xs = map (+1) (iota (i + 1)) in reduce (+) 0 xs) (iota n)
  let down = map (\i -> let xs = replicate (n - i) 1i64 in reduce (+) 0 xs) (iota n)
  in (up, down)

-- ==
-- entry: carried
-- input { 4i64 }
-- output { [4i64, 5i64, 6i64, 7i64] 10i64 }
-- input { 0i64 }
-- output { [0i64] 0i64 }
entry carried (n: i64) =
  let (xs, s) = loop (xs: []i64, s) = ([0], 0) for i < n do
                  let ys = map (+ (i + 1)) (iota (i + 1))
                  in (ys, s + length ys)
  in (xs, s)

-- Operators that return one of their operands (no copy): the operand must stay valid while an
-- accumulator holds it, whether it was made in the iteration (scratch), is a row of an input,
-- or a view of an array the iteration owns.

-- ==
-- entry: pick_scratch
-- input { 5i64 }
-- output { [8i64, 10i64, 12i64] [[0i64, 1i64, 2i64], [1i64, 2i64, 3i64], [2i64, 3i64, 4i64], [3i64, 4i64, 5i64], [4i64, 5i64, 6i64]] }
-- input { 0i64 }
-- output { [-1i64, -1i64, -1i64] empty([0][3]i64) }
entry pick_scratch (n: i64) =
  let op (a: [3]i64) (b: [3]i64) = if b[0] > a[0] then b else a
  let rows = map (\i -> map (+ i) (iota 3)) (iota n)
  let best = reduce op (replicate 3 (-1)) (map (\r -> map (* 2) r) rows)
  let pre = scan op (replicate 3 (-1)) (map (\i -> map (+ i) (iota 3)) (iota n))
  in (best, pre)

-- ==
-- entry: pick_input
-- input { [[3i64, 0i64], [7i64, 1i64], [5i64, 2i64]] }
-- output { [7i64, 1i64] [[3i64, 0i64], [7i64, 1i64], [7i64, 1i64]] }
entry pick_input [n] (xs: [n][2]i64) =
  let op (a: [2]i64) (b: [2]i64) = if b[0] > a[0] then b else a
  in (reduce op [-1, -1] xs, scan op [-1, -1] xs)

-- ==
-- entry: pick_owned_view
-- input { 4i64 }
-- output { [5i64, 5i64] }
-- input { 0i64 }
-- output { [-1i64, -1i64] }
entry pick_owned_view (n: i64) =
  let op (a: [2]i64) (b: [2]i64) = if b[0] > a[0] then b else a
  in reduce op [-1, -1]
            (map (\i -> let ys = loop ys = replicate 4 i for _j < 2 do map (+ 1) ys
                        in ys[1:3] :> [2]i64)
                 (iota n))

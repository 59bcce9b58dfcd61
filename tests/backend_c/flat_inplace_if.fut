-- In-place updates under ifs (issue 24, item 1): an if hands the arrays whose last use it is
-- over to its branches (src/memory/lifetime.c flife_handed), so that a branch updates them in
-- place and the other moves them into its result.  tests/scripts/inplace_updates.sh checks
-- that the generated C of these loops copies nothing; here their results, and the cases where a
-- copy is still needed.  Expected values worked out by hand.

-- The issue's loop: even positions zeroed.
-- ==
-- entry: toggle
-- input { 7i64 }
-- output { [0i64, 1i64, 0i64, 3i64, 0i64, 5i64, 0i64] }
-- input { 0i64 }
-- output { empty([0]i64) }
entry toggle (n: i64) : [n]i64 =
  loop xs = iota n for j < n do if j % 2 == 0 then xs with [j] = 0 else xs

-- ==
-- entry: toggle_sum
-- input { 10i64 }
-- output { 25i64 }
entry toggle_sum (n: i64) : i64 =
  let xs = loop xs = iota n for j < n do if j % 2 == 0 then xs with [j] = 0 else xs
  in reduce (+) 0 xs

-- A guarded histogram: negative values skipped.  3, 5, 0, 8, 3 fall in bins 3, 1, 0, 0, 3.
-- ==
-- entry: histogram
-- input { 4i64 [3i64, -1i64, 5i64, 0i64, 8i64, -4i64, 3i64] }
-- output { [2i64, 1i64, 0i64, 2i64] }
-- input { 2i64 empty([0]i64) }
-- output { [0i64, 0i64] }
entry histogram (k: i64) (xs: []i64) : [k]i64 =
  loop h = replicate k 0 for x in xs do if x >= 0 then h with [x % k] = h[x % k] + 1 else h

-- A Lomuto quicksort: swaps under an if in the partition's while loop, a stack of segments
-- (updated in place too) in the outer while loop, the partition a loop inside a branch.
def swap [n] (xs: *[n]i32) (i: i64) (j: i64) : *[n]i32 =
  let a = xs[i]
  let b = xs[j]
  let xs = xs with [i] = b
  in xs with [j] = a

def partition [n] (xs: *[n]i32) (lo: i64) (hi: i64) : (*[n]i32, i64) =
  let pivot = xs[hi]
  let (xs, i, _) =
    loop (xs, i, j) = (xs, lo, lo) while j < hi do
      if xs[j] < pivot then (swap xs i j, i + 1, j + 1) else (xs, i, j + 1)
  in (swap xs i hi, i)

-- ==
-- entry: quicksort
-- input { [5, 3, 9, 1, 5, 0, -2, 7] }
-- output { [-2, 0, 1, 3, 5, 5, 7, 9] }
-- input { [4, 3, 2, 1] }
-- output { [1, 2, 3, 4] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
entry quicksort [n] (input: [n]i32) : [n]i32 =
  let stack = replicate (2 * n + 2) 0i64
  let stack = stack with [1] = n - 1
  let (xs, _, _) =
    loop (xs, stack, sp) = (copy input, stack, 2) while sp > 0 do
      let lo = stack[sp - 2]
      let hi = stack[sp - 1]
      let sp = sp - 2
      in if lo < hi
         then let (xs, p) = partition xs lo hi
              let stack = stack with [sp] = lo
              let stack = stack with [sp + 1] = p - 1
              let stack = stack with [sp + 2] = p + 1
              let stack = stack with [sp + 3] = hi
              in (xs, stack, sp + 4)
         else (xs, stack, sp)
  in xs

-- Sorting 2000 pseudo-random values: sorted, and the same sum.
-- ==
-- entry: quicksort_check
-- input { 2000i64 }
-- output { true }
entry quicksort_check (n: i64) : bool =
  let xs = map (\i -> i32.i64 ((i * 7919 + 13) % 1009) - 500) (iota n)
  let ys = quicksort xs
  in reduce (&&) true (map (\i -> i == 0 || ys[i - 1] <= ys[i]) (iota n))
     && reduce (+) 0 xs == reduce (+) 0 ys

-- Nested ifs (a match's shape): j % 3 == 0 sets 1, j % 3 == 1 sets 2 past 3, else nothing.
-- ==
-- entry: nested
-- input { 8i64 }
-- output { [1i64, 0i64, 0i64, 1i64, 2i64, 0i64, 1i64, 2i64] }
entry nested (n: i64) : [n]i64 =
  loop xs = replicate n 0 for j < n do
    if j % 3 == 0 then xs with [j] = 1
    else if j % 3 == 1 then (if j > 3 then xs with [j] = 2 else xs)
    else xs

-- ==
-- entry: matched
-- input { 6i64 }
-- output { [10, 0, 2, 7, 10, 0] }
entry matched (n: i64) : [n]i32 =
  loop xs = replicate n 0i32 for j < n do
    match j % 4
    case 0 -> xs with [j] = 10
    case 1 -> xs
    case 2 -> xs with [j] = i32.i64 j
    case _ -> xs with [j] = 7

-- Two arrays, a tuple result: each branch updates one and moves the other.
-- ==
-- entry: pair
-- input { 5i64 }
-- output { [0i64, 0i64, 2i64, 0i64, 4i64] [0i64, 10i64, 0i64, 30i64, 0i64] }
entry pair (n: i64) : ([n]i64, [n]i64) =
  loop (a, b) = (replicate n 0, replicate n 0) for j < n do
    if j % 2 == 0 then (a with [j] = j, b) else (a, b with [j] = j * 10)

-- Both branches update.
-- ==
-- entry: both
-- input { 5i64 }
-- output { [0i64, -1i64, 4i64, -3i64, 8i64] }
entry both (n: i64) : [n]i64 =
  loop xs = iota n for j < n do
    if j % 2 == 0 then xs with [j] = xs[j] * 2 else xs with [j] = -xs[j]

-- A loop inside a branch takes the array over: j = 2 adds 1 below 2, j = 4 below 4.
-- ==
-- entry: inner_loop
-- input { 5i64 }
-- output { [2i64, 2i64, 1i64, 1i64, 0i64] }
entry inner_loop (n: i64) : [n]i64 =
  loop xs = replicate n 0 for j < n do
    if j % 2 == 0 then (loop ys = xs for k < j do ys with [k] = ys[k] + 1) else xs

-- A row view of the array taken before the if, read in the branch before the update: the
-- array lives (is not released or written) until the view's last use there.
-- ==
-- entry: row_view
-- input { 3i64 }
-- output { [[3i64, 1i64], [2i64, 3i64]] }
entry row_view (n: i64) : [2][2]i64 =
  loop xs = [[0i64, 1], [2, 3]] for j < n do
    let r = xs[1]
    in if j == 1 then let t = r[1] in xs with [0, 0] = t else xs

-- A copy is needed: the array is a constant (static data) that every iteration of the map
-- starts from; updating it in place would corrupt the next iteration's (k = 0: [0,2,3] sums to
-- 5, k = 1: 4, k = 2: 3, k = 3: nothing zeroed, 6).
-- ==
-- entry: constant_start
-- input { 4i64 }
-- output { [5i64, 4i64, 3i64, 6i64] }
entry constant_start (n: i64) : [n]i64 =
  map (\k -> let xs = loop xs = [1i64, 2, 3] for j < 3 do if j == k then xs with [j] = 0 else xs
             in xs[0] + xs[1] + xs[2])
      (iota n)

-- The value written is a part of the array it updates (overlapping: in place it would read what
-- it has just written), so the program copies it: without copy it is a type error, as in Futhark.
-- ==
-- entry: shift_slice
-- input { 6i64 true }
-- output { [0i64, 0i64, 1i64, 2i64, 4i64, 5i64] }
-- input { 6i64 false }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] }
entry shift_slice (n: i64) (c: bool) : [n]i64 =
  let xs = iota n
  in if c then xs with [1:4] = copy xs[0:3] else xs

-- ==
-- entry: shift_slice_loop
-- input { 6i64 }
-- output { [0i64, 0i64, 0i64, 1i64, 2i64, 5i64] }
entry shift_slice_loop (n: i64) : [n]i64 =
  loop xs = iota n for j < 2 do if j < n - 4 then xs with [1 + j:4 + j] = copy xs[j:3 + j] else xs

-- The entry's input is borrowed from the caller: consumed under an if, it is copied.
-- ==
-- entry: input_under_if
-- input { [1i64, 2i64, 3i64] true }
-- output { [9i64, 2i64, 3i64] }
-- input { [1i64, 2i64, 3i64] false }
-- output { [1i64, 2i64, 3i64] }
entry input_under_if (a: *[]i64) (c: bool) : []i64 =
  if c then a with [0] = 9 else a

-- A view taken before two nested ifs and read only in the inner one, after an allocation of
-- the array's size: its array lives until that read (released at the inner branch's start,
-- the read would see the replicate's 7s in the reused block, or freed memory).
-- ==
-- entry: view_in_inner_if
-- input { 4i64 true }
-- output { 11i64 }
-- input { 4i64 false }
-- output { 0i64 }
entry view_in_inner_if (n: i64) (c: bool) : i64 =
  let xs = map (\i -> i * 2) (iota n)
  let r = xs[1:]
  in if c then (if n > 2 then let ys = replicate n 7i64
                              let t = r[1]
                              in t + ys[n - 1]
                else 0)
     else 0

-- inplace.fut — loops that update an array in place under an if (issue 24, item 1), timed by
-- bench/cliffs/inplace.sh.  Each copied the whole array per iteration before the if handed
-- the array over to its branches (quadratic: 3.19 s for toggle at n = 160000).  The inputs are
-- made in the program from n, so that the timing needs no data files.

-- The issue's loop: even positions zeroed; the sum of the odd numbers below n.
entry toggle (n: i64) : i64 =
  let xs = loop xs = iota n for j < n do if j % 2 == 0 then xs with [j] = 0 else xs
  in reduce (+) 0 xs

-- A guarded histogram of n pseudo-random values (a third negative, skipped) into 1000 bins.
entry histogram (n: i64) : i64 =
  let xs = map (\i -> (i * 7919 + 13) % 3001 - 1000) (iota n)
  let h = loop h = replicate 1000 0i64 for x in xs do if x >= 0 then h with [x % 1000] = h[x % 1000] + 1 else h
  in reduce (+) 0 (map2 (*) h (iota 1000))

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

-- A Lomuto quicksort of n pseudo-random i32 (an explicit stack of segments); whether sorted.
entry quicksort (n: i64) : bool =
  let input = map (\i -> i32.i64 ((i * 1103515245 + 12345) % 2147483648 % 1000003)) (iota n)
  let stack = replicate (2 * n + 2) 0i64
  let stack = stack with [1] = n - 1
  let (xs, _, _) =
    loop (xs, stack, sp) = (input, stack, 2) while sp > 0 do
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
  in reduce (&&) true (map (\i -> i == 0 || xs[i - 1] <= xs[i]) (iota n))

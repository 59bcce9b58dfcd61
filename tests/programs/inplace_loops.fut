-- In-place updates inside loops: a sequential sieve with `let a[i] = v`, a running
-- sum over a uniquely owned argument, 2D updates with `with [i, j]`, and a swap-based reversal.
-- ==
-- entry: sieve
-- input { 30i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 2i64 }
-- output { [2i64] }
-- input { 1i64 }
-- output { empty([0]i64) }
-- input { 100i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64, 53i64, 59i64, 61i64, 67i64, 71i64, 73i64, 79i64, 83i64, 89i64, 97i64] }

-- ==
-- entry: running
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 3i32, 6i32, 10i32] }
-- input { [5i32] }
-- output { [5i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: identity
-- input { 3i64 }
-- output { [[1i32, 0i32, 0i32], [0i32, 1i32, 0i32], [0i32, 0i32, 1i32]] }
-- input { 1i64 }
-- output { [[1i32]] }

-- ==
-- entry: reverse_swap
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5i32, 4i32, 3i32, 2i32, 1i32] }
-- input { [1i32, 2i32] }
-- output { [2i32, 1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

entry sieve (n: i64) : []i64 =
  let flags = replicate (n + 1) true
  let flags[0] = false
  let flags = if n >= 1 then flags with [1] = false else flags
  let flags = loop flags for i in 2..<(n + 1) do
                if flags[i] && i * i <= n
                then loop flags for k < (n - i * i) / i + 1 do flags with [i * i + k * i] = false
                else flags
  in filter (\i -> flags[i]) (iota (n + 1))

entry running (xs: *[]i32) : []i32 =
  let n = length xs
  in loop xs for j < n - 1 do
       let i = j + 1
       let xs[i] = xs[i] + xs[i-1]
       in xs

entry identity (n: i64) : [n][n]i32 =
  loop m = replicate n (replicate n 0) for i < n do m with [i, i] = 1

entry reverse_swap (xs: []i32) : []i32 =
  let n = length xs
  in loop ys = copy xs for i < n / 2 do
       let a = ys[i]
       let b = ys[n - 1 - i]
       let ys[i] = b
       let ys[n - 1 - i] = a
       in ys

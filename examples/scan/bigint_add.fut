-- Big-integer addition (seed 002, program 7): little-endian base-10 digits in u8. Each digit
-- position generates a carry (digit sum > 9), propagates the incoming one (sum = 9) or kills
-- it (sum < 9); the carry out of position i is the scan of these states with
-- x (+) y = if y == P then x else y (the later position decides unless it propagates; P is
-- neutral). `main` gives the digits and the carry out, `sum_many` adds k numbers modulo
-- 10^n, and `verify_sum_many` checks that against a sequential ripple-carry loop.
-- ==
-- input { [1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8] [9u8, 8u8, 7u8, 6u8, 5u8, 4u8, 3u8, 2u8, 1u8] }
-- output { [0u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8] 1u8 }
-- input { [9u8, 9u8, 9u8, 9u8, 9u8] [1u8, 0u8, 0u8, 0u8, 0u8] }
-- output { [0u8, 0u8, 0u8, 0u8, 0u8] 1u8 }
-- input { [5u8, 4u8, 9u8, 9u8, 0u8, 2u8] [4u8, 5u8, 0u8, 0u8, 9u8, 7u8] }
-- output { [9u8, 9u8, 9u8, 9u8, 9u8, 9u8] 0u8 }
-- input { empty([0]u8) empty([0]u8) }
-- output { empty([0]u8) 0u8 }
-- input { [7u8] [5u8] }
-- output { [2u8] 1u8 }
-- input { [4u8] [5u8] }
-- output { [9u8] 0u8 }
-- input { [9u8, 9u8, 9u8, 9u8, 9u8, 9u8] [9u8, 9u8, 9u8, 9u8, 9u8, 9u8] }
-- output { [8u8, 9u8, 9u8, 9u8, 9u8, 9u8] 1u8 }
-- input { [3u8, 6u8, 9u8, 0u8, 9u8] [7u8, 3u8, 0u8, 9u8, 0u8] }
-- output { [0u8, 0u8, 0u8, 0u8, 0u8] 1u8 }

-- ==
-- entry: sum_many
-- input { [[8u8, 7u8, 6u8, 5u8, 4u8, 3u8, 2u8, 1u8], [9u8, 9u8, 9u8, 9u8, 9u8, 9u8, 9u8, 9u8], [5u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [1u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 4u8]] }
-- output { [3u8, 8u8, 6u8, 5u8, 4u8, 3u8, 2u8, 5u8] }
-- input { [[1u8, 2u8, 3u8]] }
-- output { [1u8, 2u8, 3u8] }
-- input { empty([0][3]u8) }
-- output { [0u8, 0u8, 0u8] }

-- ==
-- entry: verify_sum_many
-- input { [[9u8, 9u8], [2u8, 0u8]] [1u8, 0u8] }
-- output { true }
-- input { [[9u8, 9u8], [2u8, 0u8]] [1u8, 1u8] }
-- output { false }
-- input { [[9u8, 9u8], [2u8, 0u8]] [1u8] }
-- output { false }

def K : u8 = 0
def P : u8 = 1
def G : u8 = 2

def carry_op (x: u8) (y: u8) : u8 = if y == P then x else y

def add [n] (a: [n]u8) (b: [n]u8) : ([n]u8, u8) =
  let sums = map2 (+) a b
  let st = map (\s -> if s > 9 then G else if s == 9 then P else K) sums
  let sc = scan carry_op P st
  let cin = map (\i -> if i == 0 then 0 else if sc[i-1] == G then 1 else 0) (iota n)
  let digits = map2 (\s c -> (s + c) % 10) sums cin
  let cout = if n == 0 then 0 else if sc[n-1] == G then 1 else 0
  in (digits, cout)

def main [n] (a: [n]u8) (b: [n]u8) : ([n]u8, u8) = add a b

entry sum_many [k][n] (xs: [k][n]u8) : [n]u8 =
  loop acc = replicate n 0 for x in xs do (add acc x).0

-- Schoolbook addition, one digit after the other.
def ripple [n] (a: [n]u8) (b: [n]u8) : [n]u8 =
  let (digits, _) =
    loop (digits, c) = (replicate n 0u8, 0u8) for i < n do
      let s = a[i] + b[i] + c
      in (digits with [i] = s % 10, s / 10)
  in digits

entry verify_sum_many [k][n] (xs: [k][n]u8) (r: []u8) : bool =
  let expect = loop acc = replicate n 0 for x in xs do ripple acc x
  in length r == n && and (map2 (==) expect (r :> [n]u8))

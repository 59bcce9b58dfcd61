-- Big-integer addition (little-endian base-10 digits in u8) with carries found by a scan
-- over generate/propagate/kill states.
-- ==
-- input { [1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8] [9u8, 8u8, 7u8, 6u8, 5u8, 4u8, 3u8, 2u8, 1u8] }
-- output { [0u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8] 1u8 }
-- input { [9u8, 9u8, 9u8, 9u8, 9u8] [1u8, 0u8, 0u8, 0u8, 0u8] }
-- output { [0u8, 0u8, 0u8, 0u8, 0u8] 1u8 }
-- input { [5u8, 4u8, 9u8, 9u8, 0u8, 2u8] [4u8, 5u8, 0u8, 0u8, 9u8, 7u8] }
-- output { [9u8, 9u8, 9u8, 9u8, 9u8, 9u8] 0u8 }
-- input { empty([0]u8) empty([0]u8) }
-- output { empty([0]u8) 0u8 }

-- ==
-- entry: sum_many
-- input { [[8u8, 7u8, 6u8, 5u8, 4u8, 3u8, 2u8, 1u8], [9u8, 9u8, 9u8, 9u8, 9u8, 9u8, 9u8, 9u8], [5u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [1u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 4u8]] }
-- output { [3u8, 8u8, 6u8, 5u8, 4u8, 3u8, 2u8, 5u8] }

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

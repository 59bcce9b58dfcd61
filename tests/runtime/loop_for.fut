-- for loops: the counter has the bound's type; zero and negative bounds run no iterations.
-- ==
-- input { 10 } output { 45 285i64 1 }
-- input { 0 } output { 0 0i64 1 }
-- input { -5 } output { 0 0i64 1 }
def main (n: i32) : (i32, i64, i32) =
  let a = loop acc = 0 for i < n do acc + i
  let b = loop acc = 0i64 for i < i64.i32 n do acc + i * i
  let c = loop acc = 1 for _i < n do acc
  in (a, b, c)

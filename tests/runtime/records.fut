-- Records: construction (field order does not matter), projection, patterns, functional update.
-- ==
-- input { 3 } output { 3 4 13 7 3 }
def norm1 (p: {x: i32, y: i32}) : i32 = p.x + p.y
def main (n: i32) : (i32, i32, i32, i32, i32) =
  let p = {y = n + 1, x = n}
  let {x, y = yy} = p
  let q = p with x = 9
  let nested = {inner = {v = 7}, w = 0}
  in (x, yy, norm1 q, nested.inner.v + nested.w, p.x)

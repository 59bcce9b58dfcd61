-- Records: field order is irrelevant, shorthand fields, update, projection, patterns.
-- ==
-- input { 1 2.0f32 } output { 3.0f32 10 }
type point = {x: f32, y: f32}
def mk (a: i32) (b: f32) : {y: f32, x: f32} = {x = f32.i32 a, y = b}
def main (a: i32) (b: f32) : (f32, i32) =
  let p : point = mk a b
  let q = p with x = 10
  let {x, y = yy} = p
  let n = 10
  in (x + yy, n + i32.f32 (q.x - 10))

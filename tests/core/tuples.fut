-- Core IR: tuples and records flattened, arrays of tuples as tuples of arrays, sections,
-- partial application, function composition and a user-defined operator on pairs.
-- ==
-- input { [1f32, 2f32, 3f32] [4i32, 5i32, 6i32] }
-- output { 6f32 15i32 [5f32, 7f32, 9f32] [2i32, 2i32, 3i32] }
def add_pair (a: f32, b: i32) (c: f32, d: i32) = (a + c, b + d)

def main (xs: []f32) (ys: []i32) =
  let ps = zip xs ys
  let (s, t) = reduce add_pair (0, 0) ps
  let r = {x = map2 (\x y -> x + f32.i32 y) xs ys, y = map ((+1) >-> (\v -> v - 2)) ys}
  let inc = map (`i32.max` 2)
  in (s, t, r.x, inc (map (\y -> y - 3) ys))

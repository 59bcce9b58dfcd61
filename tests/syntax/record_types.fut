-- Record types in parameters and results.
-- ==
-- input { 2 } output { 4 }
type point = {x: i32, y: i32}
def norm1 (p: point) : i32 = p.x + p.y
def main (v: i32) : i32 = norm1 {x = v, y = v}

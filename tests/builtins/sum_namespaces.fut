-- Namespace functions used as first-class functions: passed to map/reduce and partially applied.
-- ==
-- input { [[1, -2], [3, -4]] } output { [-1, -1] 4 [1, 2, 3, 4] [2, 2, 3, 3] }
def main (xss: [][]i32) : ([]i32, i32, []i32, []i32) =
  (map i32.sum xss,
   reduce i32.max i32.lowest (map i32.maximum (map (map i32.abs) xss)),
   map i32.abs (flatten xss),
   map (i32.max 2) (map (i32.min 3) (flatten (map (map i32.abs) xss))))

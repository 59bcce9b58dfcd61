-- foldl/foldr with different accumulator and element types.
-- ==
-- input { [true, false, true, true] } output { 11i64 13i64 }
def main (bs: []bool) : (i64, i64) =
  (foldl (\acc b -> acc * 2 + (if b then 1 else 0)) 0 bs,
   foldr (\b acc -> acc * 2 + (if b then 1 else 0)) 0 bs)

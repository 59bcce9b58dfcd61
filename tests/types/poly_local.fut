-- Local functions whose types are inferred are polymorphic too.
-- ==
-- input { 7 } output { 7 2.5f64 [7] }
def main (x: i32) : (i32, f64, []i32) =
  let first a _ = a
  let single y = [y]
  in (first x true, first 2.5 x, single x)

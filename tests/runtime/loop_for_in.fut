-- for-in loops over arrays, including arrays of tuples with a pattern.
-- ==
-- input { [3, 1, 4, 1, 5] } output { 14 4 [5, 1, 4, 1, 3] }
def main (xs: []i32) : (i32, i32, []i32) =
  let s = loop s = 0 for x in xs do s + x
  let best = loop m = 0 for (x, i) in zip xs (map i32.i64 (indices xs)) do if x == 5 then i else m
  let rev = loop acc = [] for x in xs do [x] ++ acc
  in (s, best, rev)

-- Indexing into a jagged array: a whole row and one element.
-- ==
-- input { [1i64, 4i64, 2i64] } output { [0i64, 1i64, 2i64, 3i64] 3i64 2i64 }
def main (ns: []i64) : ([]i64, i64, i64) =
  let j = map iota ns
  in (j[1], j[1, 3], length j[2])

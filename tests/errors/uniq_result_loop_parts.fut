-- A loop whose body returns one array twice gives a result whose parts share storage, so
-- they cannot be returned as two unique arrays.
-- ==
-- error: uniq_result_loop_parts\.fut:8:6: error: Unique-typed component 0 of the result of "main" is aliased to some other component \(1\)
def main (n: i64) : (*[]i64, *[]i64) =
  let (a, b) = loop (p, q) = (iota 3, iota 3) for i < n do
                 let r = map (+ i) p in (r, r)
  in (a, b)

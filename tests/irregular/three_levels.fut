-- Three levels of irregular nesting.
-- ==
-- input { 4i64 } output { [empty([0][0]i64), [empty([0]i64)], [empty([0]i64), [0i64]], [empty([0]i64), [0i64], [0i64, 1i64]]] }
def main (n: i64) : [][][]i64 = map (\i -> map (\j -> iota j) (iota i)) (iota n)

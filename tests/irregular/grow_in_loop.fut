-- A jagged array grown row by row in a loop.
-- ==
-- input { 3i64 } output { [[9i64], [0i64], [0i64, 1i64], [0i64, 1i64, 2i64]] }
def main (n: i64) : [][]i64 = loop acc = [[9]] for i < n do acc ++ [iota (i + 1)]

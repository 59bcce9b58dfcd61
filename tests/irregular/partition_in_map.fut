-- partition inside map; the two parts have per-row lengths.
-- ==
-- input { [4i64, 7i64] } output { [[0i64, 3i64], [0i64, 3i64, 6i64]] [[1i64, 2i64], [1i64, 2i64, 4i64, 5i64]] }
def main (ns: []i64) : ([][]i64, [][]i64) = unzip (map (\n -> partition (\x -> x % 3 == 0) (iota n)) ns)

-- Array literals whose rows differ in length are irregular arrays.
-- ==
-- input { } output { [3i64, 1i64, 2i64] }
def main : []i64 = map length [[1, 2, 3], [4], [5, 6]]

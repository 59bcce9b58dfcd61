-- A loop parameter with a type ascription.
-- ==
-- input { 3i64 } output { 3i64 }
def main (n: i64) : i64 = loop (c: i64) = 0 for i < n do c + 1

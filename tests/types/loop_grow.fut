-- A loop parameter whose size changes between iterations.
-- ==
-- input { 3 } output { 8i64 }
def main (n: i32) : i64 = length (loop xs = [1] for _i < n do xs ++ xs)

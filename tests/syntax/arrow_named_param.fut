-- A function type with a named parameter, (n: i64) -> [n]i32.
-- ==
-- input { 3i64 } output { [0, 0, 0] }
def mk (f: (n: i64) -> [n]i32) (n: i64) : []i32 = f n
def main (n: i64) : []i32 = mk (\m -> replicate m 0) n

-- Definitions and entry points written point-free: the entry point's parameters are those of
-- its function type (also after some written parameters).
-- ==
-- entry: inc
-- input { [1, 2, 3] } output { [2, 3, 4] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: add
-- input { [1, 2] [10, 20] } output { [11, 22] }

-- ==
-- entry: total
-- input { [1i64, 2i64, 3i64] } output { 6i64 }

-- ==
-- entry: scaled
-- input { 3 [1, 2] } output { [3, 6] }

def succ (x: i32) = x + 1
def twice = map succ >-> map succ

entry inc = map succ
entry add = map2 (+)
entry total = reduce (+) 0i64
entry scaled (k: i32) = map (* k)
entry twice_entry = twice

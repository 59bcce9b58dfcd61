-- Indices of any integer type (signed or unsigned, any width), in indexing, slices and updates.
-- An index whose type nothing fixes (an unannotated parameter) is open to every integer type
-- until its top-level definition is done, then Futhark's default, i32; a use in the same
-- definition fixes it first (pick_at: u8).
-- ==
-- entry: get
-- input { [10, 20, 30] 2 1u8 0i16 } output { 30 20 10 }

-- ==
-- entry: put
-- input { [1, 2, 3] 1u32 } output { [1, 0, 3] }

-- ==
-- entry: slice
-- input { [1, 2, 3, 4] 1i32 3i32 } output { [2, 3] }

-- ==
-- entry: out_of_bounds
-- input { [1, 2, 3] 3u16 } error: out of bounds

-- ==
-- entry: via_untyped
-- input { [[1, 2], [3, 4]] 1 } output { [3, 4] 4 }
-- input { [[1, 2]] 4 } error: Index \[4\] out of bounds for array of shape \[1\]

-- ==
-- entry: window
-- input { [5, 6, 7, 8] 1 3 } output { [6, 7] }

-- ==
-- entry: pick_at
-- input { [9, 8, 7] 2u8 } output { 7 }

def at xs i = xs[i]
def between xs a b = xs[a:b]

entry get (xs: []i32) (i: i32) (j: u8) (k: i16) = (xs[i], xs[j], xs[k])
entry put (xs: *[]i32) (i: u32) = xs with [i] = 0
entry slice (xs: []i32) (a: i32) (b: i32) = xs[a:b]
entry out_of_bounds (xs: []i32) (i: u16) = xs[i]
entry via_untyped (xss: [][]i32) (i: i32) = (at xss i, at (at xss i) (i32.i64 (length xss) - 1))
entry window (xs: []i32) (a: i32) (b: i32) = between xs a b
entry pick_at (xs: []i32) (j: u8) = let f k = xs[k] in f j

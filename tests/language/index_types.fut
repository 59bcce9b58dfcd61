-- Indices of any integer type (signed or unsigned, any width), in indexing, slices and updates.
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

entry get (xs: []i32) (i: i32) (j: u8) (k: i16) = (xs[i], xs[j], xs[k])
entry put (xs: *[]i32) (i: u32) = xs with [i] = 0
entry slice (xs: []i32) (a: i32) (b: i32) = xs[a:b]
entry out_of_bounds (xs: []i32) (i: u16) = xs[i]

-- filter and partition on arrays of arrays (whole rows are kept or dropped).
-- ==
-- entry: rows
-- input { [[1, 2], [3, -4], [5, 6]] } output { [[1, 2], [5, 6]] }
-- input { [[-1, 2]] } output { empty([0][2]i32) }
entry rows (xss: [][2]i32) : [][2]i32 = filter (all (> 0)) xss

-- ==
-- entry: prows
-- input { [[1, 2], [3, -4], [5, 6]] } output { [[1, 2], [5, 6]] [[3, -4]] }
entry prows (xss: [][2]i32) : ([][2]i32, [][2]i32) = partition (all (> 0)) xss

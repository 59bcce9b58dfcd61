-- An empty array keeps the shape of its rows: a [] literal takes it from its type, and an
-- empty array made where that shape was not known (in a polymorphic function, `[] : [0]a`)
-- takes it from the type it is returned at.
-- ==
-- entry: poly
-- input { 3i64 } output { 3i64 empty([0][3]i32) }
-- input { 0i64 } output { 0i64 empty([0][0]i32) }

def nothing 'a (x: i64) = (x, [] : [0]a)

entry poly x : (i64, [][x]i32) = nothing x

-- ==
-- entry: literal
-- input { 7 } output { 7 empty([0][2]i32) }

def pair (d: i64) (x: i32) : (i32, [0][d]i32) = (x, [])

entry literal (x: i32) : (i32, [][2]i32) = pair 2 x

-- ==
-- entry: rows
-- input { 4i64 } output { 4i64 0i64 }

-- the rows of the empty result have 4 elements, so its transpose has 4 rows of none
entry rows (k: i64) =
  let (_, e) = pair k 0
  in (length (transpose e), length e)

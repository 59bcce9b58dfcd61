-- Entry points that take and give tuples, records and arrays of them: as one value per
-- component (a record's in field-name order) and one array per component of an array of them,
-- at any depth, on every backend (the interpreter included).  The components of an array of
-- tuples must have the same lengths: a run-time error at the entry point otherwise.
-- ==
-- entry: pairs
-- input { 3i64 } output { [0i64, 1i64, 2i64] [true, false, true] }
-- input { 0i64 } output { empty([0]i64) empty([0]bool) }

-- ==
-- entry: dot_pairs
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }
-- input { empty([0]i32) empty([0]i32) } output { 0 }
-- input { [1, 2, 3] [4, 5] } error: entry_tuples\.fut:39:1: Error: size mismatch: the components of an array of tuples or records have different lengths

-- ==
-- entry: record
-- input { 3 } output { 3 true }
-- input { -1 } output { -1 false }

-- ==
-- entry: nested
-- input { 2i64 } output { 7 [[0.0f32, 1.0f32], [1.0f32, 2.0f32]] [[0i64, 0i64], [0i64, 1i64]] [[[0u8, 0u8], [0u8, 1u8]], [[1u8, 0u8], [1u8, 1u8]]] }

-- ==
-- entry: swap_rows
-- input { [[1, 2], [3, 4]] [[true, false], [false, true]] 5i64 2.5 }
-- output { [[3, 4], [1, 2]] [[false, true], [true, false]] 2.5 5i64 }
-- input { [[1, 2], [3, 4]] [[true, false, true], [false, true, false]] 5i64 2.5 }
-- error: entry_tuples\.fut:46:1: Error: size mismatch: the components of an array of tuples or records have different lengths

-- ==
-- entry: by_key
-- input { [3i64, 1i64, 2i64] [0.5, 1.5, 2.5] }
-- output { 4.5 [1i64, 2i64, 3i64] [1.5, 2.5, 0.5] }

entry pairs (n: i64) : [](i64, bool) = map (\i -> (i, i % 2 == 0)) (iota n)

entry dot_pairs (ps: [](i32, i32)) : i32 = i32.sum (map (\(a, b) -> a * b) ps)

entry record (x: i32) : {b: bool, a: i32} = {a = x, b = x > 0}

entry nested (n: i64) : (i32, [][](f32, {x: i64, y: [2]u8})) =
  (7, map (\i -> map (\j -> (f32.i64 (i + j), {x = i * j, y = [u8.i64 i, u8.i64 j]})) (iota 2)) (iota n))

entry swap_rows (ps: [][](i32, bool)) (q: (i64, f64)) : ([][](i32, bool), (f64, i64)) =
  (reverse ps, (q.1, q.0))

-- records in an array, sorted by key with a small insertion sort; the sum of the values
entry by_key (kv: []{key: i64, val: f64}) : (f64, []{key: i64, val: f64}) =
  let n = length kv
  let sorted =
    loop xs = copy kv for i in 1..<n do
      let (xs, _) =
        loop (xs, j) = (xs, i) while j > 0 && xs[j - 1].key > xs[j].key do
          let t = xs[j]
          let xs[j] = xs[j - 1]
          let xs[j - 1] = t
          in (xs, j - 1)
      in xs
  in (f64.sum (map (.val) kv), sorted)

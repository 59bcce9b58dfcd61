-- Filter/partition pipelines written with |>: squares of evens above a threshold,
-- sign partition of floats, and a filter-map-scan-filter chain.
-- ==
-- entry: big_even_squares
-- input { 10i32 [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, -8i32] }
-- output { 3i64 116i32 }
-- input { 0i32 empty([0]i32) }
-- output { 0i64 0i32 }
-- input { 100i32 [2i32, 4i32, 6i32] }
-- output { 0i64 0i32 }

-- ==
-- entry: split_signs
-- input { [1.0f64, -2.0f64, 0.0f64, -0.5f64, 3.0f64] }
-- output { [-2.0f64, -0.5f64] [1.0f64, 0.0f64, 3.0f64] }
-- input { [-1.0f64, -2.0f64] }
-- output { [-1.0f64, -2.0f64] empty([0]f64) }

-- ==
-- entry: chain
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [14i32, 24i32, 38i32, 54i32] }
-- input { [3i32, 6i32, 9i32] }
-- output { empty([0]i32) }

entry big_even_squares (t: i32) (xs: []i32) : (i64, i32) =
  let ys = xs |> filter (\x -> x % 2 == 0) |> map (\x -> x * x) |> filter (> t)
  in (length ys, i32.sum ys)

entry split_signs (xs: []f64) : ([]f64, []f64) = partition (< 0) xs

entry chain (xs: []i32) : []i32 =
  xs |> filter (\x -> x % 3 != 0)
     |> map (* 2)
     |> scan (+) 0
     |> filter (> 10)

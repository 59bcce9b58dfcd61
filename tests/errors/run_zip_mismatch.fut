-- zip of arrays with different lengths is a size mismatch.
-- ==
-- input { [1, 2, 3] [1, 2] } error: run_zip_mismatch\.fut:4:51: Error: size mismatch
def main (xs: []i32) (ys: []i32) : [](i32, i32) = zip xs ys |> map (\p -> p)

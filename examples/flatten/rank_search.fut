-- Batch rank search: the k-th smallest element of many arrays at once (seed 004,
-- "Batch of Rank-Search K Problems").
--
-- rank_search is quickselect: split around a pivot with partition2 (three parallel
-- filters), keep only the part that holds rank k, repeat.  Mapping it over a batch gives
-- irregular nested parallelism twice over: the arrays have different lengths (a jagged
-- [m][]f32), and every instance runs its own while loop for a different number of
-- iterations, on an array that shrinks by a different amount each time (a loop inside a
-- map whose count and sizes vary per element).
--
-- The arrays come in the usual flat form (lengths + concatenated data) and are viewed as
-- a jagged array of slices.  k is 1-based, 1 <= k <= the array's length.
--   main ks lens data   k-th smallest of every array
--   medians lens data   the lower median (rank (len+1)/2) of every array
--   queries ks xs       one array, many ranks: a map over ks of the same search
-- ==
-- input { [1i64] [1i64] [3.5f32] }
-- output { [3.5f32] }
-- input { empty([0]i64) empty([0]i64) empty([0]f32) }
-- output { empty([0]f32) }
-- input { [1i64, 3i64, 5i64, 2i64] [5i64, 5i64, 5i64, 3i64] [5f32, 1f32, 4f32, 2f32, 3f32, 2.5f32, 2.5f32, -1f32, 7f32, 0.5f32, 9f32, 8f32, 7f32, 6f32, 5f32, 1f32, 1f32, 1f32] }
-- output { [1f32, 2.5f32, 9f32, 1f32] }
-- input { [3i64, 1i64, 2i64, 4i64] [4i64, 1i64, 2i64, 7i64] [-2f32, -2f32, -2f32, -3f32, 0.25f32, 6f32, -6f32, 1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32] }
-- output { [-2f32, 0.25f32, 6f32, 4f32] }
-- input @ data/rank_search-m400.in
-- output @ data/rank_search-m400.out
-- input @ data/rank_search-powerlaw10000.in
-- output @ data/rank_search-powerlaw10000.out

-- ==
-- entry: medians
-- input { [3i64, 4i64, 1i64] [3f32, 1f32, 2f32, 10f32, 40f32, 30f32, 20f32, -5f32] }
-- output { [2f32, 20f32, -5f32] }

-- ==
-- entry: queries
-- input { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] [3f32, 1f32, 3f32, -4f32, 3f32, 0f32] }
-- output { [-4f32, 0f32, 1f32, 3f32, 3f32, 3f32] }
-- input { empty([0]i64) [1f32, 2f32] }
-- output { empty([0]f32) }

-- The k-th smallest element of xs (1-based); the pivot is the middle element.
def rank_search (k: i64) (xs: []f32) : f32 =
  let (_, _, res, _) =
    loop (k, xs: []f32, res, done) = (k, xs, 0f32, false) while !done do
      let p = xs[length xs / 2]
      let (lt, eq, gt) = partition2 (< p) (== p) xs
      in if k <= length lt then (k, lt, res, false)
         else if k <= length lt + length eq then (k, xs, p, true)
         else (k - length lt - length eq, gt, res, false)
  in res

-- The rows of a flat jagged array given by its row lengths.
def rows (lens: []i64) (data: []f32) : [][]f32 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o + l]) offs lens

def main [m] (ks: [m]i64) (lens: [m]i64) (data: []f32) : []f32 =
  map2 rank_search ks (rows lens data)

entry medians (lens: []i64) (data: []f32) : []f32 =
  map (\xs -> rank_search ((length xs + 1) / 2) xs) (rows lens data)

entry queries (ks: []i64) (xs: []f32) : []f32 =
  map (\k -> rank_search k xs) ks

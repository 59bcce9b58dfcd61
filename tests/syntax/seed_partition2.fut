-- partition2 from the flattening slides (seed 004), with map, scan and scatter.
-- ==
-- input { [5, 4, 2, 3, 7, 8] } output { 3i64 [4, 2, 8, 5, 3, 7] }
let partition2' 't [n] (dummy: t)
  (cond: t -> bool) (X: [n]t) :
  (i64, [n]t) =
  let cs = map cond X
  let tfs = map (\ f-> if f then 1
                      else 0) cs
  let isT = scan (+) 0 tfs
  let i = isT[n-1]

  let ffs = map (\ f-> if f then 0
                      else 1) cs
  let isF = map (+ i) <| scan (+) 0 ffs
  let inds = map (\(c, iT, iF) ->
                      if c then iT-1
                      else iF-1
                  ) (zip3 cs isT isF)
  let tmp = replicate n dummy
  in (i, scatter tmp inds X)

def main (xs: []i32) : (i64, []i32) = partition2' 0 (\x -> x % 2 == 0) xs

-- Flattened quicksort: one flat array plus, per element, the start of its segment.
-- Each round partitions every segment around its first element (three scans and a scatter);
-- the loop stops when every element equals its segment's pivot.
-- ==
-- input { [3i32, 1i32, 2i32] }
-- output { [1i32, 2i32, 3i32] }
-- input { [5i32, 5i32, 1i32, 9i32, 0i32, -3i32, 5i32, 2i32] }
-- output { [-3i32, 0i32, 1i32, 2i32, 5i32, 5i32, 5i32, 9i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [1i32] }
-- output { [1i32] }
-- input { [-20i32, -12i32, -37i32, 42i32, 0i32, 11i32, -31i32, -39i32, -42i32, -48i32, 1i32, 20i32, -13i32, 47i32, -43i32, -22i32, 16i32, 18i32, -4i32, -15i32] }
-- output { [-48i32, -43i32, -42i32, -39i32, -37i32, -31i32, -22i32, -20i32, -15i32, -13i32, -12i32, -4i32, 0i32, 1i32, 11i32, 16i32, 18i32, 20i32, 42i32, 47i32] }
-- input { [2i32, 1i32, 4i32, 3i32, 0i32, 4i32, 4i32, 3i32, 2i32, 4i32, 4i32, 5i32, 1i32, 9i32, 5i32, 6i32, 8i32, 3i32, 2i32, 3i32, 7i32, 4i32, 1i32, 8i32, 4i32, 0i32, 4i32, 9i32, 4i32, 8i32, 3i32, 6i32, 6i32] }
-- output { [0i32, 0i32, 1i32, 1i32, 1i32, 2i32, 2i32, 2i32, 3i32, 3i32, 3i32, 3i32, 3i32, 4i32, 4i32, 4i32, 4i32, 4i32, 4i32, 4i32, 4i32, 4i32, 5i32, 5i32, 6i32, 6i32, 6i32, 7i32, 8i32, 8i32, 8i32, 9i32, 9i32] }

def qsort [n] (xs: [n]i32) : [n]i32 =
  let (res, _) =
    loop (xs, st) = (xs, replicate n 0i64)
    while any (\i -> xs[i] != xs[st[i]]) (iota n) do
      let cls = map (\i -> let p = xs[st[i]]
                           in if xs[i] < p then 0 else if xs[i] == p then 1 else 2)
                    (iota n)
      let lens = hist (+) 0 n st (replicate n 1i64)
      let count k = scan (+) 0 (map (\c -> if c == k then 1i64 else 0) cls)
      let s0 = count 0
      let s1 = count 1
      let s2 = count 2
      let before (s: [n]i64) (j: i64) = if j == 0 then 0 else s[j-1]
      let total (s: [n]i64) (j: i64) = s[j + lens[j] - 1] - before s j
      let (pos, st') =
        unzip (map2 (\i c ->
                       let j = st[i]
                       let t0 = total s0 j
                       let t1 = total s1 j
                       in if c == 0 then (j + s0[i] - before s0 j - 1, j)
                          else if c == 1 then (j + t0 + s1[i] - before s1 j - 1, j + t0)
                          else (j + t0 + t1 + s2[i] - before s2 j - 1, j + t0 + t1))
                    (iota n) cls)
      in (scatter (replicate n 0) pos xs, scatter (replicate n 0) pos st')
  in res

def main (xs: []i32) : []i32 = qsort xs

-- Recursive functions called inside maps, each element recursing to a depth of its own (run
-- sequentially by the thread of the element), as the operators of reduce, scan and hist, and
-- recursive functions with SOACs in their bodies: called at the top level and inside a map (the
-- SOACs of a recursive function's body always run as loops in the thread that calls it).
-- ==
-- entry: powers
-- input { [0i64, 1i64, 5i64, 20i64, 62i64] }
-- output { [1i64, 2i64, 32i64, 1048576i64, 4611686018427387904i64] }

-- ==
-- entry: digit_sums
-- input { [0i64, 7i64, 99i64, 12345i64, 9876543210i64] } output { [0i64, 7i64, 18i64, 15i64, 45i64] }

-- ==
-- entry: ranges
-- input { [0i64, 1i64, 4i64, 10i64] } output { [0i64, 1i64, 10i64, 55i64] [0i64, 1i64, 4i64, 10i64] }

-- ==
-- entry: tree_sums
-- input { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64] }
-- output { 110i64 [0i64, 2i64, 6i64, 12i64, 20i64, 30i64, 42i64, 56i64, 72i64, 90i64, 110i64] }
-- input { empty([0]i64) } output { 0i64 [0i64] }

-- ==
-- entry: gcds
-- input { [12i64, 17i64, 1071i64, 0i64] [18i64, 5i64, 462i64, 9i64] } output { [6i64, 1i64, 21i64, 9i64] }

-- ==
-- entry: operators
-- input { [12i64, 18i64, 30i64, 45i64] } output { 3i64 [12i64, 6i64, 6i64, 3i64] [6i64, 45i64] }

-- ==
-- entry: trees
-- input { [0i64, 1i64, 5i64, 10i64, 30i64] } output { [1i64, 1i64, 7i64, 25i64, 277i64] 100i64 }

-- ==
-- entry: picks
-- input { [1, 2, 3] [0i64, 2i64] } output { [1, 3] }
-- input { [1, 2, 3] [0i64, 5i64] } error: recursion_map\.fut:60:63: Error: Index \[5\] out of bounds

def pow2 (k: i64) : i64 = if k == 0 then 1 else 2 * pow2 (k - 1)

def digit_sum (n: i64) : i64 = if n < 10 then n else n % 10 + digit_sum (n / 10)

-- [1, 2, ..., k], built by recursion: a result whose size differs per call and per element
def upto (k: i64) : []i64 = if k == 0 then [] else upto (k - 1) ++ [k]

-- a sum over halves, the leaves by a map and a reduce
def tree_sum (xs: []i64) : i64 =
  let n = length xs
  in if n <= 3 then reduce (+) 0 (map (* 2) xs)
     else tree_sum xs[:n / 2] + tree_sum xs[n / 2:]

-- a recursive call inside a map inside the recursive function
def tree (n: i64) : i64 = if n <= 1 then 1 else i64.sum (map (\k -> tree k) (iota (n / 2))) + n

def gcd (a: i64) (b: i64) : i64 = if b == 0 then a else gcd b (a % b)

-- a run-time error deep in a recursion, inside a map: reported where it happens
def pick (xs: []i32) (i: i64) (k: i64) : i32 = if k == 0 then xs[i] else pick xs i (k - 1)

entry powers (ks: []i64) = map pow2 ks
entry digit_sums (xs: []i64) = map digit_sum xs
entry ranges (ks: []i64) = (map (\k -> i64.sum (upto k)) ks, map (\k -> length (upto k)) ks)
entry tree_sums (xs: []i64) =
  (tree_sum xs, map (\k -> tree_sum xs[:k]) (iota (length xs + 1)))
entry gcds (as: []i64) (bs: []i64) = map2 gcd as bs
entry picks (xs: []i32) (is: []i64) = map (\i -> pick xs i 10) is
entry trees (ns: []i64) = (map tree ns, tree 20)
entry operators (xs: []i64) = (reduce gcd 0 xs, scan gcd 0 xs, hist gcd 0 2 (map (% 2) xs) xs)

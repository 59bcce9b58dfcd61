-- Higher-order functions and partial application: operator sections on both sides,
-- curried helpers passed to map, functions stored in tuples, and backtick infix.
-- ==
-- entry: sections
-- input { [1i32, -7i32, 20i32, 5i32] }
-- output { [9i32, 17i32, -10i32, 5i32] [-9i32, -17i32, 10i32, -5i32] [2i32, -14i32, 40i32, 10i32] [0i32, -4i32, 10i32, 2i32] }

-- ==
-- entry: partial
-- input { [0i32, 1i32, 2i32] }
-- output { [3i32, 4i32, 5i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: table
-- input { 4i32 }
-- output { 5i32 12i32 4i32 }
-- input { 12i32 }
-- output { 13i32 36i32 10i32 }
-- input { -3i32 }
-- output { -2i32 -9i32 0i32 }

-- ==
-- entry: infix
-- input { [1i32, 5i32, 3i32] [4i32, 2i32, 3i32] }
-- output { [4i32, 5i32, 3i32] }

-- ==
-- entry: fold_fns
-- input { 5i32 }
-- output { -7i32 }
-- input { 0i32 }
-- output { 3i32 }

def add3 (a: i32) (b: i32) (c: i32) : i32 = a + b + c

def apply_all (fs: (i32 -> i32, i32 -> i32, i32 -> i32)) (x: i32) : (i32, i32, i32) =
  (fs.0 x, fs.1 x, fs.2 x)

def clampi (lo: i32) (hi: i32) (x: i32) : i32 = i32.max lo (i32.min hi x)

entry sections (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  (map (10 -) xs, map (\x -> x - 10) xs, map (2 *) xs, map (/ 2) xs)

entry partial (xs: []i32) : []i32 = map (add3 1 2) xs

entry table (x: i32) : (i32, i32, i32) = apply_all ((+1), (* 3), clampi 0 10) x

entry infix [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (\x y -> x `i32.max` y) xs ys

entry fold_fns (x: i32) : i32 =
  let fs = ((+1), (*2), (\y -> y - 3), (2 -)) -- a tuple: an array may not hold functions
  in loop acc = x for i < 4 do
       match i
       case 0 -> fs.0 acc
       case 1 -> fs.1 acc
       case 2 -> fs.2 acc
       case _ -> fs.3 acc

-- weft prelude, part 3: array utilities.  Written in weft on top of part 0.

-- | Is the array empty?
def null [n] 't (xs: [n]t) : bool = length xs == 0

-- | The first element.
def head [n] 't (xs: [n]t) : t = xs[0]

-- | The last element.
def last [n] 't (xs: [n]t) : t = xs[length xs - 1]

-- | All but the first element.
def tail [n] 't (xs: [n]t) : []t = xs[1:]

-- | All but the last element.
def init [n] 't (xs: [n]t) : []t = xs[:length xs - 1]

-- | The first i elements.
def take [n] 't (i: i64) (xs: [n]t) : [i]t = xs[0:i]

-- | All but the first i elements.
def drop [n] 't (i: i64) (xs: [n]t) : []t = xs[i:]

-- | xs as an array of n elements (a run-time error if it has another length).
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t

-- | The first n elements and the other m, n and m inferred from xs's size n + m.
def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t) = (xs[0:n], xs[n:n + m] :> [m]t)

-- | The elements in reverse order.
def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]

-- | The valid indices of an array: iota (length xs).
def indices [n] 't (xs: [n]t) : *[n]i64 = iota (length xs)

-- | Combine the three outer dimensions.
def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n * m * l]t = flatten (flatten xs)

-- | Combine the four outer dimensions.
def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n * m * l * k]t = flatten (flatten_3d xs)

-- | Split the outer dimension into two: n and m are inferred from xs's size n * m (from a
-- size coercion `xs :> [n * m]t`, say, or the result's type).
def unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t = intrinsics.unflatten n m xs

-- | Split the outer dimension into three.
def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t =
  intrinsics.unflatten n m (intrinsics.unflatten (n * m) l xs)

-- | Split the outer dimension into four.
def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t =
  intrinsics.unflatten n m (intrinsics.unflatten (n * m) l (intrinsics.unflatten (n * m * l) k xs))

-- | replicate with the size inferred from the context.
def rep 't [n] (x: t) : *[n]t = replicate n x

-- | True if f holds for every element (true on an empty array).
def all [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (&&) true (map f xs)

-- | True if f holds for some element (false on an empty array).
def any [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (||) false (map f xs)

-- | True if every element is true.
def and [n] (xs: [n]bool) : bool = reduce (&&) true xs

-- | True if some element is true.
def or [n] (xs: [n]bool) : bool = reduce (||) false xs

-- | Sequential left fold: f (... (f (f acc x0) x1) ...) x(n-1).
def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (xs: [n]b) : a =
  loop r = acc for x in xs do f r x

-- | Sequential right fold: f x0 (f x1 (... (f x(n-1) acc))).
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (xs: [n]b) : a =
  loop r = acc for x in reverse xs do f x r

-- | [f 0, f 1, ..., f (n-1)].
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = map f (iota n)

def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  map (\i -> map (\j -> f i j) (iota m)) (iota n)

def tabulate_3d 'a (n: i64) (m: i64) (l: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][l]a =
  map (\i -> map (\j -> map (\k -> f i j k) (iota l)) (iota m)) (iota n)

-- | Split by two predicates: (satisfying p1, satisfying p2 but not p1, the rest).
def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (xs: [n]a) : ([]a, []a, []a) =
  let (ys, rest) = partition p1 xs
  let (zs, ws) = partition p2 rest
  in (ys, zs, ws)

-- | `spread k x is vs`: an array of k copies of x, scattered with (is, vs).
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  scatter (replicate k x) is vs

-- | scatter on a three-dimensional array with (i, j, k) indices; out-of-range ones are ignored.
def scatter_3d 't [m] [n] [o] [l] (dest: *[m][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t) : *[m][n][o]t =
  let flat (i, j, k) =
    if i >= 0 && i < m && j >= 0 && j < n && k >= 0 && k < o then (i * n + j) * o + k else -1
  in intrinsics.unflatten m n (intrinsics.unflatten (m * n) o (scatter (flatten_3d dest) (map flat is) vs))

-- | reduce_by_index with (row, column) indices into a two-dimensional array.
def reduce_by_index_2d 'a [m] [n] [l] (dest: *[m][n]a) (f: a -> a -> a) (ne: a)
                       (is: [l](i64, i64)) (vs: [l]a) : *[m][n]a =
  let flat (i, j) = if i >= 0 && i < m && j >= 0 && j < n then i * n + j else -1
  in intrinsics.unflatten m n (reduce_by_index (flatten dest) f ne (map flat is) vs)

-- | reduce_by_index with (i, j, k) indices into a three-dimensional array.
def reduce_by_index_3d 'a [m] [n] [o] [l] (dest: *[m][n][o]a) (f: a -> a -> a) (ne: a)
                       (is: [l](i64, i64, i64)) (vs: [l]a) : *[m][n][o]a =
  let flat (i, j, k) =
    if i >= 0 && i < m && j >= 0 && j < n && k >= 0 && k < o then (i * n + j) * o + k else -1
  in intrinsics.unflatten m n (intrinsics.unflatten (m * n) o (reduce_by_index (flatten_3d dest) f ne (map flat is) vs))

-- | Exclusive prefix scan: ne, then the inclusive scan of all but the last element.
def exscan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a =
  scatter (replicate n ne) (map (+ 1) (iota n)) (scan op ne xs)

-- | The shape, the flags that are true where a nonempty row starts, the offsets and the
-- concatenation of a jagged array's rows (flatmap's results).
def intrinsics.segments [n] 'b (bss: [n][]b) : ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  let shape = map length bss
  let offset = exscan (+) 0 shape
  let data = flatten bss
  let starts = map2 (\s o -> if s > 0 then o else -1) shape offset
  in (shape, scatter (replicate (length data) false) starts (replicate n true), offset, data)

-- | Apply f, which gives an array of any size and a value, to every element: (the sizes of
-- the arrays, flags that are true where a nonempty array starts, the arrays' offsets, the
-- arrays concatenated, the values).
def flatmap [n] 'a 'b 'c (f: a -> ?[k].([k]b, c)) (xs: [n]a)
    : ?[m].([n]i64, [m]bool, [n]i64, [m]b, [n]c) =
  let (bss, cs) = unzip (map f xs)
  let (shape, flags, offset, data) = intrinsics.segments bss
  in (shape, flags, offset, data, cs)

-- | flatmap without the values.
def flatmap' [n] 'a 'b (f: a -> ?[k].[k]b) (xs: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  intrinsics.segments (map f xs)

-- | Futhark's slice intrinsics, as it names them (its tests/slice-lmads): `flat_index_Kd as
-- offset n1 s1 ... nK sK` is the K-dimensional array of `as[offset + i1*s1 + ... + iK*sK]`,
-- each index checked; `flat_update_Kd as offset s1 ... sK vs` writes `vs` to those places of
-- `as`, every place checked first (an index out of bounds is an error, as in Futhark).
def intrinsics.flat_index_2d 't (as: []t) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) : [n1][n2]t =
  tabulate_2d n1 n2 (\i j -> as[offset + i * s1 + j * s2])

def intrinsics.flat_index_3d 't (as: []t) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64)
                             (s3: i64) : [n1][n2][n3]t =
  tabulate_3d n1 n2 n3 (\i j k -> as[offset + i * s1 + j * s2 + k * s3])

def intrinsics.flat_index_4d 't (as: []t) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64)
                             (s3: i64) (n4: i64) (s4: i64) : [n1][n2][n3][n4]t =
  tabulate_2d n1 n2 (\i j -> tabulate_2d n3 n4 (\k l -> as[offset + i * s1 + j * s2 + k * s3 + l * s4]))

-- The places' values are read (and dropped) before the scatter: its writes out of bounds would
-- be ignored, Futhark's update fails.
def intrinsics.flat_update_at [n] [k] 't (as: *[]t) (is: [k]i64) (vs: [n]t) : *[]t =
  let _ = map (\i -> as[i]) is
  in scatter as is (vs :> [k]t)

def intrinsics.flat_update_2d [k] [l] 't (as: *[]t) (offset: i64) (s1: i64) (s2: i64) (vs: [k][l]t) : *[]t =
  intrinsics.flat_update_at as (flatten (tabulate_2d k l (\i j -> offset + i * s1 + j * s2))) (flatten vs)

def intrinsics.flat_update_3d [k] [l] [p] 't (as: *[]t) (offset: i64) (s1: i64) (s2: i64) (s3: i64)
                              (vs: [k][l][p]t) : *[]t =
  intrinsics.flat_update_at as (flatten_3d (tabulate_3d k l p (\i j q -> offset + i * s1 + j * s2 + q * s3))) (flatten_3d vs)

def intrinsics.flat_update_4d [k] [l] [p] [q] 't (as: *[]t) (offset: i64) (s1: i64) (s2: i64) (s3: i64)
                              (s4: i64) (vs: [k][l][p][q]t) : *[]t =
  let is = tabulate_2d k l (\i j -> tabulate_2d p q (\a b -> offset + i * s1 + j * s2 + a * s3 + b * s4))
  in intrinsics.flat_update_at as (flatten_4d is) (flatten_4d vs)

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

-- | (take i xs, drop i xs).
def split [n] 't (i: i64) (xs: [n]t) : ([i]t, []t) = (xs[0:i], xs[i:])

-- | The elements in reverse order.
def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]

-- | The valid indices of an array: iota (length xs).
def indices [n] 't (xs: [n]t) : *[n]i64 = iota (length xs)

-- | Combine the three outer dimensions.
def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : []t = flatten (flatten xs)

-- | Combine the four outer dimensions.
def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : []t = flatten (flatten_3d xs)

-- | Split the outer dimension into three.
def unflatten_3d 't (n: i64) (m: i64) (l: i64) (xs: []t) : [n][m][l]t =
  unflatten n m (unflatten (n * m) l xs)

-- | Split the outer dimension into four.
def unflatten_4d 't (n: i64) (m: i64) (l: i64) (k: i64) (xs: []t) : [n][m][l][k]t =
  unflatten n m (unflatten_3d (n * m) l k xs)

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
  in unflatten_3d m n o (scatter (flatten_3d dest) (map flat is) vs)

-- | reduce_by_index with (row, column) indices into a two-dimensional array.
def reduce_by_index_2d 'a [m] [n] [l] (dest: *[m][n]a) (f: a -> a -> a) (ne: a)
                       (is: [l](i64, i64)) (vs: [l]a) : *[m][n]a =
  let flat (i, j) = if i >= 0 && i < m && j >= 0 && j < n then i * n + j else -1
  in unflatten m n (reduce_by_index (flatten dest) f ne (map flat is) vs)

-- | reduce_by_index with (i, j, k) indices into a three-dimensional array.
def reduce_by_index_3d 'a [m] [n] [o] [l] (dest: *[m][n][o]a) (f: a -> a -> a) (ne: a)
                       (is: [l](i64, i64, i64)) (vs: [l]a) : *[m][n][o]a =
  let flat (i, j, k) =
    if i >= 0 && i < m && j >= 0 && j < n && k >= 0 && k < o then (i * n + j) * o + k else -1
  in unflatten_3d m n o (reduce_by_index (flatten_3d dest) f ne (map flat is) vs)

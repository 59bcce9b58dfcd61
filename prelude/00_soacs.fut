-- weft prelude, part 0: the array primitives and second-order array combinators.
--
-- Everything in this file is an intrinsic: the signature is checked like any other
-- definition, and the body `intrinsics.NAME` tells the interpreter (and later passes)
-- to use the native implementation of NAME.  Parameter order, sizes and uniqueness
-- follow Futhark's prelude.

-- | `iota n` is the array [0, 1, ..., n-1].
def iota (n: i64) : *[n]i64 = intrinsics.iota

-- | `replicate n x` is an array of n copies of x.
def replicate 't (n: i64) (x: t) : *[n]t = intrinsics.replicate

-- | The number of elements in the outer dimension of an array.
def length [n] 't (xs: [n]t) : i64 = intrinsics.length

-- | A copy of a value that aliases nothing.
def copy 't (x: t) : *t = intrinsics.copy

-- | Apply f to every element.
def map 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x = intrinsics.map

-- | Fold an array with an associative operator op whose neutral element is ne.
def reduce [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a = intrinsics.reduce

-- | As reduce, but op must also be commutative.
def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a = intrinsics.reduce_comm

-- | Inclusive prefix scan with an associative operator.
def scan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a = intrinsics.scan

-- | The elements satisfying p, in their original order.
def filter [n] 'a (p: a -> bool) (xs: [n]a) : *[]a = intrinsics.filter

-- | (the elements satisfying p, the others), each in original order.
def partition [n] 'a (p: a -> bool) (xs: [n]a) : ([]a, []a) = intrinsics.partition

-- | `scatter dest is vs` writes vs[j] to dest[is[j]]; out-of-range indices are ignored.
def scatter 't [m] [n] (dest: *[m]t) (is: [n]i64) (vs: [n]t) : *[m]t = intrinsics.scatter

-- | scatter on a two-dimensional array with (row, column) indices.
def scatter_2d 't [m] [n] [l] (dest: *[m][n]t) (is: [l](i64, i64)) (vs: [l]t) : *[m][n]t =
  intrinsics.scatter_2d

-- | `hist op ne k is vs`: k bins starting at ne; vs[j] is combined into bin is[j] with op.
-- Out-of-range indices are ignored.  op must be associative and commutative.
def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (vs: [n]a) : *[k]a =
  intrinsics.hist

-- | As hist, but the bins start out as the given array dest.
def reduce_by_index 'a [m] [n] (dest: *[m]a) (f: a -> a -> a) (ne: a) (is: [n]i64) (vs: [n]a) : *[m]a =
  intrinsics.reduce_by_index

-- | Swap the two outer dimensions.
def transpose [n] [m] 't (xs: [n][m]t) : [m][n]t = intrinsics.transpose

-- | Combine the two outer dimensions.  The rows may also have different lengths (a jagged
-- [n][]t, which weft allows): flatten is how a jagged array becomes a flat one.
def flatten [n] [m] 't (xs: [n][m]t) : [n * m]t = intrinsics.flatten

-- | `intrinsics.unflatten n m xs` splits the outer dimension of xs (of size n*m) into n rows
-- of m; unflatten (prelude/30_array.fut) is the same with n and m inferred.
def intrinsics.unflatten 't (n: i64) (m: i64) (xs: []t) : [n][m]t = intrinsics.unflatten

-- | Concatenation; the operator ++ means the same.
def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t = intrinsics.concat

-- | Rotate to the left by r (negative r rotates right): result[i] = xs[(i+r) mod n].
def rotate [n] 't (r: i64) (xs: [n]t) : [n]t = intrinsics.rotate

-- | Pair up the elements of two arrays of the same length.
def zip [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = intrinsics.zip

-- | The identity, but forces its argument to be stored in memory in row-major order.
def manifest 't (x: t) : t = intrinsics.manifest

-- | The identity, opaque to the optimiser.
def opaque 't (x: t) : t = intrinsics.opaque

-- Quicksort with nested parallelism (seed 004, "Quicksort with Nested Parallelism").
--
-- The textbook nested-parallel quicksort picks a pivot, splits the array into the
-- elements <, == and > the pivot (one partition2, i.e. three parallel filters), and sorts
-- the < and > parts recursively *in parallel*.  Without recursion in the language, the
-- recursion is lifted to a loop over all the segments of one level at once: the state is a
-- jagged array [][]i32 of segments, in order; every round maps the split over all
-- segments (a map whose body is a filter of a different size per segment), flattens the
-- resulting [][3][]i32 back to one level, and drops empty pieces.  A segment whose
-- elements are all equal is finished.  About lg n rounds on average, each a flat
-- parallel step over all n elements -- the "macro steps" of the seed's illustration.
--
-- `main xs` sorts ascending; `rounds xs` gives the number of rounds the loop took.
-- ==
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [7i32] }
-- output { [7i32] }
-- input { [2i32, 1i32] }
-- output { [1i32, 2i32] }
-- input { [4i32, 4i32, 4i32, 4i32] }
-- output { [4i32, 4i32, 4i32, 4i32] }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- input { [6i32, 5i32, 4i32, 3i32, 2i32, 1i32, 0i32] }
-- output { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- input { [3i32, -1i32, 3i32, 2147483647i32, -2147483648i32, 0i32, 3i32, -1i32, 8i32, 0i32] }
-- output { [-2147483648i32, -1i32, -1i32, 0i32, 0i32, 3i32, 3i32, 3i32, 8i32, 2147483647i32] }
-- input @ data/quicksort-5000.in
-- output @ data/quicksort-5000.out
-- input @ data/quicksort-gen20000.in
-- output @ data/quicksort-gen20000.out

-- ==
-- entry: rounds
-- input { empty([0]i32) }
-- output { 0i64 }
-- input { [5i32, 5i32] }
-- output { 0i64 }
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { 2i64 }
-- input { [16i32, 15i32, 14i32, 13i32, 12i32, 11i32, 10i32, 9i32, 8i32, 7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32] }
-- output { 4i64 }

-- One quicksort step on one segment: the pivot is its middle element.
def split (s: []i32) : [3][]i32 =
  let p = s[length s / 2]
  let (lt, eq, gt) = partition2 (< p) (== p) s
  in [lt, eq, gt]

def finished (s: []i32) : bool = all (== s[0]) s

def nonempty (segs: [][]i32) : [][]i32 = filter (\s -> length s > 0) segs

-- All segments of one recursion level, refined until every segment is constant.
def qsort_levels (xs: []i32) : ([][]i32, i64) =
  loop (segs, r) = (nonempty [xs], 0i64) while !(all finished segs) do
    (nonempty (flatten (map split segs)), r + 1)

def main (xs: []i32) : []i32 = flatten (qsort_levels xs).0

entry rounds (xs: []i32) : i64 = (qsort_levels xs).1

-- Three levels of irregular nesting: for each n, the arrays iota j for j < n; reduced at
-- each level.
-- ==
-- entry: build
-- input { [1i64, 3i64, 0i64, 2i64] }
-- output { [[empty([0]i64)], [empty([0]i64), [0i64], [0i64, 1i64]], empty([0][0]i64), [empty([0]i64), [0i64]]] }

-- ==
-- entry: inner_sums
-- input { [4i64, 1i64, 5i64] }
-- output { [[0i64, 0i64, 1i64, 3i64], [0i64], [0i64, 0i64, 1i64, 3i64, 6i64]] }

-- ==
-- entry: outer_sums
-- input { [4i64, 1i64, 5i64, 10i64] }
-- output { [4i64, 0i64, 10i64, 120i64] }

-- ==
-- entry: counts
-- input { [0i64, 1i64, 2i64, 7i64] }
-- output { [0i64, 0i64, 1i64, 21i64] }

def cube (ns: []i64) : [][][]i64 = map (\i -> map (\j -> iota j) (iota i)) ns

entry build (ns: []i64) : [][][]i64 = cube ns

entry inner_sums (ns: []i64) : [][]i64 = map (map i64.sum) (cube ns)

entry outer_sums (ns: []i64) : []i64 = map (\m -> i64.sum (map i64.sum m)) (cube ns)

entry counts (ns: []i64) : []i64 = map (\m -> i64.sum (map length m)) (cube ns)

-- Flattened iota and replicate (segmented scans over a flag array) against the
-- nested originals, which flatten a jagged array.
-- ==
-- entry: iota_flat
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { [0i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 1i64, 2i64, 3i64] }
-- input { [3i64, 0i64, 2i64] }
-- output { [0i64, 1i64, 2i64, 0i64, 1i64] }
-- input { [0i64, 0i64] }
-- output { empty([0]i64) }

-- ==
-- entry: iota_nested
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { [0i64, 0i64, 1i64, 0i64, 1i64, 2i64, 0i64, 1i64, 2i64, 3i64] }
-- input { [3i64, 0i64, 2i64] }
-- output { [0i64, 1i64, 2i64, 0i64, 1i64] }
-- input { [0i64, 0i64] }
-- output { empty([0]i64) }

-- ==
-- entry: repl_flat
-- input { [1i64, 2i64, 3i64, 4i64] [2i64, 3i64, 4i64, 5i64] }
-- output { [2i64, 3i64, 3i64, 4i64, 4i64, 4i64, 5i64, 5i64, 5i64, 5i64] }
-- input { [2i64, 0i64, 3i64] [-1i64, 7i64, 9i64] }
-- output { [-1i64, -1i64, 9i64, 9i64, 9i64] }

-- ==
-- entry: repl_nested
-- input { [1i64, 2i64, 3i64, 4i64] [2i64, 3i64, 4i64, 5i64] }
-- output { [2i64, 3i64, 3i64, 4i64, 4i64, 4i64, 5i64, 5i64, 5i64, 5i64] }
-- input { [2i64, 0i64, 3i64] [-1i64, 7i64, 9i64] }
-- output { [-1i64, -1i64, 9i64, 9i64, 9i64] }

def sgm_scan_incl [n] (flags: [n]bool) (vals: [n]i64) : [n]i64 =
  let (_, r) = unzip (scan (\(f1, v1) (f2, v2) -> (f1 || f2, if f2 then v2 else v1 + v2))
                           (false, 0) (zip flags vals))
  in r

def mk_flags [m] (ns: [m]i64) : []bool =
  let offs = map2 (-) (scan (+) 0 ns) ns
  let total = i64.sum ns
  let heads = map2 (\o n -> if n == 0 then -1 else o) offs ns
  in scatter (replicate total false) heads (replicate m true)

entry iota_flat [m] (ns: [m]i64) : []i64 =
  let flags = mk_flags ns
  let ones = map (\f -> if f then 0 else 1) flags
  in sgm_scan_incl flags ones

entry iota_nested (ns: []i64) : []i64 = flatten (map iota ns)

entry repl_flat [m] (ns: [m]i64) (vs: [m]i64) : []i64 =
  let offs = map2 (-) (scan (+) 0 ns) ns
  let heads = map2 (\o n -> if n == 0 then -1 else o) offs ns
  let flags = mk_flags ns
  let diffs = scatter (map (\_ -> 0) flags) heads vs
  in sgm_scan_incl flags diffs

entry repl_nested [m] (ns: [m]i64) (vs: [m]i64) : []i64 =
  flatten (map2 replicate ns vs)

-- A scatter into rows of an invariant width w inside an irregular map (the irregular fuzzer's
-- seed 22, 2026-11-28): weft multicore's segmented operation leaked its per-chunk buffers
-- (found under ASan; tests/ci/compiled_sanitizers.sh asan runs tests/irregular on multicore).
-- Row r gets 2*j at position j for j < min(w, length xs), zeros elsewhere.
-- ==
-- input { [[2,5,-7,0,8,-2,1,-2,-6,-9,-2,-5,-3,-4,-8,2,-5,-4,-8,-9,5,7,6,-4,0,4,-3,-3,1,1,-5,5,7], []] 2i64 }
-- output { [[0, 2], [0, 0]] }
-- input { [[1,2,3], [4], [5,6,7,8,9,10]] 5i64 }
-- output { [[0, 2, 4, 0, 0], [0, 0, 0, 0, 0], [0, 2, 4, 6, 8]] }
-- input { [[1,2,3], []] 0i64 }
-- output { empty([2][0]i32) }
entry main (xss: [][]i32) (w: i64) : [][w]i32 =
  map (\xs ->
    scatter (replicate w 0) (map (\j -> if j < w then j else -1) (iota (length xs)))
            (map (\j -> i32.i64 j * 2) (iota (length xs))))
  xss

-- A reduce over the concatenation of a row and a per-element map whose lambda runs a loop over
-- an iota of its own index, inside an irregular map (irregular fuzzer, seed 20).  The inner
-- map is an irregular nest itself (a map over all the points, docs/FLATTENING.md "Nests of
-- several irregular levels"), cut by irr_split.c after the row the loop carries: the first
-- piece's lambda returned the row at the size its body binds, out of scope once the piece was
-- cloned, which the core verifier rejected.  Outputs from
-- tests/irregular/gen_fuzz_regressions.py.

-- ==
-- entry: main
-- input { [0i64, 1i64, 2i64, 3i64, 7i64] }
-- output { [3i32, 3i32, 4i32, 7i32, 59i32] }
-- input { empty([0]i64) }
-- output { empty([0]i32) }
-- input { [0i64, 0i64] }
-- output { [3i32, 3i32] }
-- input { [20i64, 23i64, 5i64, 13i64, 4i64, 7i64, 27i64, 19i64, 22i64, 26i64, 22i64, 5i64, 26i64, 16i64, 5i64, 21i64, 30i64, 21i64, 22i64, 26i64, 0i64, 2i64, 24i64, 2i64, 23i64] }
-- output { [1333i32, 2027i32, 23i32, 367i32, 13i32, 59i32, 3279i32, 1143i32, 1774i32, 2928i32, 1774i32, 23i32, 2928i32, 683i32, 23i32, 1543i32, 4498i32, 1543i32, 1774i32, 2928i32, 3i32, 4i32, 2303i32, 4i32, 2027i32] }
entry main (ns: []i64) : []i32 =
  map (\n ->
    let a0 = concat (map i32.i64 (iota 3)) (map (\i1 -> reduce (+) 0 (loop acc = map i32.i64 (iota i1) for i < 1 do map (\y -> y + 1) acc)) (iota n))
    in reduce (+) 0 a0) ns

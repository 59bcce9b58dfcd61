-- mkFlagArray: scatter segment heads into a zeroed array of the flat length,
-- then recover each element's segment index with a max-scan.
-- ==
-- entry: flags
-- input { [2i64, 1i64, 0i64, 3i64, 1i64] }
-- output { [true, false, true, true, false, false, true] }
-- input { [0i64] }
-- output { empty([0]bool) }
-- input { [4i64] }
-- output { [true, false, false, false] }

-- ==
-- entry: heads
-- input { [0i64, 3i64, 1i64, 0i64, 4i64, 2i64] [7i32, 8i32, 9i32, 10i32, 11i32, 12i32] }
-- output { [8i32, 0i32, 0i32, 9i32, 11i32, 0i32, 0i32, 0i32, 12i32, 0i32] }
-- input { [1i64, 1i64, 1i64] [5i32, 6i32, 7i32] }
-- output { [5i32, 6i32, 7i32] }

-- ==
-- entry: segment_ids
-- input { [2i64, 0i64, 3i64, 1i64] }
-- output { [0i64, 0i64, 2i64, 2i64, 2i64, 3i64] }
-- input { [3i64, 1i64, 0i64, 0i64, 2i64] }
-- output { [0i64, 0i64, 0i64, 1i64, 4i64, 4i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }

def mkFlagArray 't [m] (aoa_shp: [m]i64) (zero: t) (aoa_val: [m]t) : []t =
  let shp_rot = map (\i -> if i == 0 then 0 else aoa_shp[i-1]) (iota m)
  let shp_scn = scan (+) 0 shp_rot
  let aoa_len = if m == 0 then 0 else shp_scn[m-1] + aoa_shp[m-1]
  let shp_ind = map2 (\shp ind -> if shp == 0 then -1 else ind) aoa_shp shp_scn
  in scatter (replicate aoa_len zero) shp_ind aoa_val

entry flags [m] (shp: [m]i64) : []bool =
  mkFlagArray shp false (replicate m true)

entry heads [m] (shp: [m]i64) (vals: [m]i32) : []i32 =
  mkFlagArray shp 0 vals

entry segment_ids [m] (shp: [m]i64) : []i64 =
  mkFlagArray shp 0 (map (+1) (iota m))
  |> scan i64.max 0
  |> map (\x -> x - 1)

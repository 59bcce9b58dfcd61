-- mkFlagArray from the flattening slides (seed 004).
-- ==
-- input { [0u32, 3u32, 1u32, 0u32, 4u32, 2u32, 0u32] [1, 1, 1, 1, 1, 1, 1] }
-- output { [0u32, 0u32, 3u32, 4u32, 4u32, 8u32, 10u32] [1, 0, 0, 1, 1, 0, 0, 0, 1, 0] }
def mkFlagArray 't [m]
  (aoa_shp: [m]u32) (zero: t)           -- aoa_shp=[0,3,1,0,4,2,0]
  (aoa_val: [m]t) : ([m]u32, []t) = -- aoa_val=[1,1,1,1,1,1,1]
  let shp_rot = map (\i->if i==0 then 0 -- shp_rot=[0,0,3,1,0,4,2]
                    else aoa_shp[i-1]
                    ) (iota m)
  let shp_scn = scan (+) 0 shp_rot      -- shp_scn=[0,0,3,4,4,8,10]
  let aoa_len = if m == 0 then 0i64     -- aoa_len = 10
                else i64.u32 <|
                  shp_scn[m-1]+aoa_shp[m-1]
  let shp_ind = map2 (\shp ind ->      -- shp_ind=
                    if shp==0 then -1i64 -- [-1,0,3,-1,4,8,-1]
                    else i64.u32 ind    -- scatter
                    ) aoa_shp shp_scn   -- [0,0,0,0,0,0,0,0,0,0]
  let r = scatter (replicate aoa_len zero) -- [-1,0,3,-1,4,8,-1]
              shp_ind aoa_val           -- [ 1,1,1, 1,1,1, 1]
  in (shp_scn, r)                      -- r=[1,0,0,1,1,0,0,0,1,0]

def main [m] (shp: [m]u32) (vals: [m]i32) : ([m]u32, []i32) = mkFlagArray shp 0 vals

-- Bit counting: the u32.popc builtin against Kernighan's loop, parity through a xor
-- reduction, and a u64 total.
-- ==
-- entry: builtin
-- input { [0u32, 1u32, 255u32, 4294967295u32, 2147483648u32, 12345u32] }
-- output { [0i32, 1i32, 8i32, 32i32, 1i32, 6i32] }
-- input { [973694259u32, 4133025703u32, 542587089u32, 3027165658u32, 365867937u32, 899355976u32, 2756803948u32, 1971964490u32] }
-- output { [14i32, 21i32, 13i32, 18i32, 16i32, 14i32, 16i32, 15i32] }

-- ==
-- entry: kernighan
-- input { [0u32, 1u32, 255u32, 4294967295u32, 2147483648u32, 12345u32] }
-- output { [0i32, 1i32, 8i32, 32i32, 1i32, 6i32] }
-- input { [973694259u32, 4133025703u32, 542587089u32, 3027165658u32, 365867937u32, 899355976u32, 2756803948u32, 1971964490u32] }
-- output { [14i32, 21i32, 13i32, 18i32, 16i32, 14i32, 16i32, 15i32] }

-- ==
-- entry: parity
-- input { [1u32, 3u32] }
-- output { true }
-- input { [7u32, 0u32, 0u32] }
-- output { true }
-- input { [973694259u32, 4133025703u32, 542587089u32, 3027165658u32, 365867937u32, 899355976u32, 2756803948u32, 1971964490u32] }
-- output { true }

-- ==
-- entry: total
-- input { [7203047632107764916u64, 7428204422273764033u64, 12934152458457720432u64, 7520070949608775610u64, 16807902724865503104u64] }
-- output { 155i64 }
-- input { empty([0]u64) }
-- output { 0i64 }

entry builtin (xs: []u32) : []i32 = map u32.popc xs

entry kernighan (xs: []u32) : []i32 =
  map (\x -> let (_, c) = loop (x, c) = (x, 0) while x != 0 do (x & (x - 1), c + 1)
             in c) xs

entry parity (xs: []u32) : bool =
  reduce (^) 0 (map (\x -> u32.i32 (u32.popc x) & 1) xs) == 1

entry total (xs: []u64) : i64 = i64.sum (map (i64.i32 <-< u64.popc) xs)

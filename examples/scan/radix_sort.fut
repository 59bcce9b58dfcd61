-- Radix sort (seed 002, program 2): LSD radix sort by single bits, 32 passes; each pass is a
-- stable split by the bit from two exclusive `+` scans (positions among the zeros and among
-- the ones) and one scatter. The i32 entry flips the sign bit to order negatives first.
-- `verify_sort_u32` checks a result against its input (sorted, same multiset by two sums).
-- ==
-- entry: sort_u32
-- input { [3u32, 1u32, 2u32, 0u32, 7u32, 5u32] }
-- output { [0u32, 1u32, 2u32, 3u32, 5u32, 7u32] }
-- input { [242886303u32, 364522461u32, 3588440356u32, 1323436024u32, 2602510382u32, 2606193617u32, 4077622522u32, 117874757u32, 1632151663u32, 2258090960u32, 2407373688u32, 1014142328u32, 102469680u32, 1396478261u32, 2191394736u32, 3837860530u32] }
-- output { [102469680u32, 117874757u32, 242886303u32, 364522461u32, 1014142328u32, 1323436024u32, 1396478261u32, 1632151663u32, 2191394736u32, 2258090960u32, 2407373688u32, 2602510382u32, 2606193617u32, 3588440356u32, 3837860530u32, 4077622522u32] }
-- input { empty([0]u32) }
-- output { empty([0]u32) }
-- input { [4294967295u32, 0u32, 2147483648u32] }
-- output { [0u32, 2147483648u32, 4294967295u32] }
-- input { [17u32] }
-- output { [17u32] }
-- input { [5u32, 5u32, 1u32, 5u32, 1u32, 4294967295u32, 4294967295u32] }
-- output { [1u32, 1u32, 5u32, 5u32, 5u32, 4294967295u32, 4294967295u32] }

-- ==
-- entry: sort_i32
-- input { [3i32, -1i32, 2i32, 0i32, -7i32, 5i32] }
-- output { [-7i32, -1i32, 0i32, 2i32, 3i32, 5i32] }
-- input { [631i32, -151i32, 504i32, 75i32, 856i32, 860i32, 562i32, -255i32, 617i32, 215i32, -276i32, -259i32, 759i32, 969i32, -88i32, -2147483648i32, 2147483647i32] }
-- output { [-2147483648i32, -276i32, -259i32, -255i32, -151i32, -88i32, 75i32, 215i32, 504i32, 562i32, 617i32, 631i32, 759i32, 856i32, 860i32, 969i32, 2147483647i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [-1i32, 0i32, -2147483648i32, 2147483647i32, 1i32, -1i32] }
-- output { [-2147483648i32, -1i32, -1i32, 0i32, 1i32, 2147483647i32] }

-- ==
-- entry: verify_sort_u32
-- input { [3u32, 1u32, 2u32] [1u32, 2u32, 3u32] }
-- output { true }
-- input { [3u32, 1u32, 2u32] [1u32, 3u32, 2u32] }
-- output { false }
-- input { [3u32, 1u32, 2u32] [1u32, 2u32, 2u32] }
-- output { false }
-- input { [3u32, 1u32, 2u32] [1u32, 2u32] }
-- output { false }
-- input { empty([0]u32) empty([0]u32) }
-- output { true }

def radix_pass [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (\x -> i64.u32 ((x >> u32.i32 b) & 1)) xs
  let zeros = map (1-) bits
  let pos0 = map2 (-) (scan (+) 0 zeros) zeros
  let pos1 = map2 (-) (scan (+) 0 bits) bits
  let nz = i64.sum zeros
  let idx = map3 (\bit p0 p1 -> if bit == 0 then p0 else nz + p1) bits pos0 pos1
  in scatter (replicate n 0) idx xs

def radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop xs = xs for b < 32 do radix_pass b xs

entry sort_u32 (xs: []u32) : []u32 = radix_sort xs

entry sort_i32 (xs: []i32) : []i32 =
  map (\x -> u32.i32 x ^ 0x80000000) xs
  |> radix_sort
  |> map (\y -> i32.u32 (y ^ 0x80000000))

-- ys is sorted and (probably) a permutation of xs: same length, same sum, same sum of squares
-- (u64, wrapping).
entry verify_sort_u32 (xs: []u32) (ys: []u32) : bool =
  let sums (zs: []u32) = (u64.sum (map u64.u32 zs), u64.sum (map (\z -> u64.u32 z * u64.u32 z) zs))
  in length xs == length ys
     && sums xs == sums ys
     && and (map (\i -> i == 0 || ys[i-1] <= ys[i]) (indices ys))

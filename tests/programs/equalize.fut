-- Histogram equalisation of a small greyscale image: hist over the flattened pixels, a
-- cumulative scan, and a lookup table applied with a nested map.
-- ==
-- input { [[52u8, 55u8, 61u8, 59u8], [62u8, 59u8, 55u8, 104u8], [63u8, 65u8, 66u8, 113u8], [61u8, 70u8, 70u8, 126u8]] }
-- output { [[0u8, 34u8, 102u8, 68u8], [119u8, 68u8, 34u8, 221u8], [136u8, 153u8, 170u8, 238u8], [102u8, 204u8, 204u8, 255u8]] }
-- input { [[0u8, 255u8], [255u8, 0u8]] }
-- output { [[0u8, 255u8], [255u8, 0u8]] }
-- input { [[7u8, 7u8], [7u8, 7u8]] }
-- output { [[0u8, 0u8], [0u8, 0u8]] }

def equalize [h][w] (levels: i64) (img: [h][w]u8) : [h][w]u8 =
  let flat = map i64.u8 (flatten img)
  let n = h * w
  let counts = hist (+) 0 levels flat (replicate n 1i64)
  let cdf = scan (+) 0 counts
  let cmin = reduce i64.min n (filter (> 0) cdf)
  let lut = map (\c -> if n == cmin then 0 else u8.i64 ((c - cmin) * (levels - 1) / (n - cmin))) cdf
  in map (map (\p -> lut[i64.u8 p])) img

def main [h][w] (img: [h][w]u8) : [h][w]u8 = equalize 256 img

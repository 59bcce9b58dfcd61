-- Statistics on top of linalg.fut, imported relative to this file (lib/).

import "linalg"

def mean (xs: []f64) : f64 = vf64.sum xs / f64.i64 (length xs)

def variance (xs: []f64) : f64 =
  let m = mean xs
  let d = map (\x -> x - m) xs
  in vf64.norm2 d / f64.i64 (length xs)

-- f32 arithmetic rounds to single precision after every operation; f64 does not.
-- ==
-- input { 16777216f32 16777216f64 } output { 0f32 10f64 }
def main (a: f32) (b: f64) : (f32, f64) =
  let x = loop x = a for _i < 10 do x + 1f32
  let y = loop y = b for _i < 10 do y + 1f64
  in (x - a, y - b)

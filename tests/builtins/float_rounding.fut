-- floor, ceil, trunc, round (halfway cases go to the even neighbour) in f32 and f64.
-- ==
-- entry: f32_floor
-- input { 2.5f32 } output { 2f32 }
-- input { -2.5f32 } output { -3f32 }
-- input { -0.1f32 } output { -1f32 }
-- input { 3f32 } output { 3f32 }
entry f32_floor (x: f32) : f32 = f32.floor x

-- ==
-- entry: f32_ceil
-- input { 2.1f32 } output { 3f32 }
-- input { -2.9f32 } output { -2f32 }
-- input { 4f32 } output { 4f32 }
entry f32_ceil (x: f32) : f32 = f32.ceil x

-- ==
-- entry: f32_trunc
-- input { 2.9f32 } output { 2f32 }
-- input { -2.9f32 } output { -2f32 }
-- input { 0.4f32 } output { 0f32 }
entry f32_trunc (x: f32) : f32 = f32.trunc x

-- ==
-- entry: f32_round
-- input { 2.5f32 } output { 2f32 }
-- input { 3.5f32 } output { 4f32 }
-- input { -2.5f32 } output { -2f32 }
-- input { 0.5f32 } output { 0f32 }
-- input { 1.5f32 } output { 2f32 }
-- input { -0.4f32 } output { 0f32 }
-- input { 2.6f32 } output { 3f32 }
entry f32_round (x: f32) : f32 = f32.round x

-- ==
-- entry: f64_floor
-- input { 2.5 } output { 2.0 }
-- input { -2.5 } output { -3.0 }
-- input { -0.1 } output { -1.0 }
-- input { 3.0 } output { 3.0 }
entry f64_floor (x: f64) : f64 = f64.floor x

-- ==
-- entry: f64_ceil
-- input { 2.1 } output { 3.0 }
-- input { -2.9 } output { -2.0 }
-- input { 4.0 } output { 4.0 }
entry f64_ceil (x: f64) : f64 = f64.ceil x

-- ==
-- entry: f64_trunc
-- input { 2.9 } output { 2.0 }
-- input { -2.9 } output { -2.0 }
-- input { 0.4 } output { 0.0 }
entry f64_trunc (x: f64) : f64 = f64.trunc x

-- ==
-- entry: f64_round
-- input { 2.5 } output { 2.0 }
-- input { 3.5 } output { 4.0 }
-- input { -2.5 } output { -2.0 }
-- input { 0.5 } output { 0.0 }
-- input { 1.5 } output { 2.0 }
-- input { -0.4 } output { 0.0 }
-- input { 2.6 } output { 3.0 }
entry f64_round (x: f64) : f64 = f64.round x

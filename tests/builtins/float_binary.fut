-- pow, hypot, atan2, copysign, fma.
-- ==
-- entry: pw
-- input { 2.0 10.0 } output { 1024.0 1024f32 }
-- input { 4.0 0.5 } output { 2.0 2f32 }
-- input { 2.0 -1.0 } output { 0.5 0.5f32 }
-- input { 0.0 0.0 } output { 1.0 1f32 }
entry pw (x: f64) (y: f64) : (f64, f32) = (f64.pow x y, f32.pow (f32.f64 x) (f32.f64 y))

-- hypot must not overflow in the intermediate squares.
-- ==
-- entry: hyp
-- input { 3.0 4.0 } output { 5.0 5f32 }
-- input { 1e200 1e200 } output { 1.4142135623730951e200 f32.inf }
entry hyp (x: f64) (y: f64) : (f64, f32) = (f64.hypot x y, f32.hypot (f32.f64 x) (f32.f64 y))

-- ==
-- entry: hyp32
-- input { 3e30f32 4e30f32 } output { 5e30f32 }
entry hyp32 (x: f32) (y: f32) : f32 = f32.hypot x y

-- atan2 y x is the angle of the point (x, y).
-- ==
-- entry: at2
-- input { 1.0 0.0 } output { 1.5707963267948966 1.5707964f32 }
-- input { 0.0 -1.0 } output { 3.141592653589793 3.1415927f32 }
-- input { -1.0 -1.0 } output { -2.356194490192345 -2.3561945f32 }
-- input { 1.0 1.0 } output { 0.7853981633974483 0.7853982f32 }
entry at2 (y: f64) (x: f64) : (f64, f32) = (f64.atan2 y x, f32.atan2 (f32.f64 y) (f32.f64 x))

-- ==
-- entry: cs
-- input { 3.0 -0.0 } output { -3.0 -3f32 }
-- input { -2.0 5.0 } output { 2.0 2f32 }
entry cs (x: f64) (y: f64) : (f64, f32) = (f64.copysign x y, f32.copysign (f32.f64 x) (f32.f64 y))

-- fma rounds once: (1+d)(1-d) - 1 = -d*d exactly, which plain arithmetic rounds to 0.
-- ==
-- entry: fused
-- input { 0 } output { -8.673617379884035e-19 0.0 -1.4901161e-8f32 0f32 10.0 }
entry fused (_: i32) : (f64, f64, f32, f32, f64) =
  let d = 1 / 1073741824f64
  let e = 1 / 8192f32
  in (f64.fma (1 + d) (1 - d) (-1), (1 + d) * (1 - d) - 1,
      f32.fma (1 + e) (1 - e) (-1), (1 + e) * (1 - e) - 1,
      f64.mad 2 3 4)

-- 3-vectors as records: dot and cross products through record field access, record
-- sums in a reduction, and component-wise updates with `with`.
-- ==
-- entry: dots
-- input { [[1.0f32, 2.0f32, 3.0f32], [0.5f32, -1.0f32, 0.0f32], [-2.0f32, 0.25f32, 4.0f32]] [[4.0f32, 5.0f32, 6.0f32], [2.0f32, 2.0f32, 2.0f32], [1.0f32, -8.0f32, 0.5f32]] }
-- output { [32.0f32, -1.0f32, -2.0f32] }
-- input { empty([0][0]f32) empty([0][0]f32) }
-- output { empty([0]f32) }

-- ==
-- entry: cross_sum
-- input { [[1.0f32, 2.0f32, 3.0f32], [0.5f32, -1.0f32, 0.0f32], [-2.0f32, 0.25f32, 4.0f32]] [[4.0f32, 5.0f32, 6.0f32], [2.0f32, 2.0f32, 2.0f32], [1.0f32, -8.0f32, 0.5f32]] }
-- output { [27.125f32, 10.0f32, 15.75f32] }

-- ==
-- entry: flatten_z
-- input { [[1.0f32, 2.0f32, 3.0f32], [0.5f32, -1.0f32, 0.0f32], [-2.0f32, 0.25f32, 4.0f32]] }
-- output { [[1.0f32, 2.0f32, 0.0f32], [0.5f32, -1.0f32, 0.0f32], [-2.0f32, 0.25f32, 0.0f32]] }

-- ==
-- entry: swap_xy
-- input { [[1.0f32, 2.0f32, 3.0f32], [0.5f32, -1.0f32, 0.0f32], [-2.0f32, 0.25f32, 4.0f32]] }
-- output { [[2.0f32, 1.0f32, 3.0f32], [-1.0f32, 0.5f32, 0.0f32], [0.25f32, -2.0f32, 4.0f32]] }

type vec3 = {x: f32, y: f32, z: f32}

def vec (r: [3]f32) : vec3 = {x = r[0], y = r[1], z = r[2]}
def arr (v: vec3) : [3]f32 = [v.x, v.y, v.z]
def dot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z
def cross (a: vec3) (b: vec3) : vec3 =
  {x = a.y * b.z - a.z * b.y, y = a.z * b.x - a.x * b.z, z = a.x * b.y - a.y * b.x}
def vadd (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def zero : vec3 = {x = 0, y = 0, z = 0}

entry dots [n] (a: [n][3]f32) (b: [n][3]f32) : [n]f32 =
  map2 (\u v -> dot (vec u) (vec v)) a b

entry cross_sum [n] (a: [n][3]f32) (b: [n][3]f32) : [3]f32 =
  arr (reduce vadd zero (map2 (\u v -> cross (vec u) (vec v)) a b))

entry flatten_z [n] (a: [n][3]f32) : [n][3]f32 =
  map (\r -> let v = vec r in arr (v with z = 0)) a

entry swap_xy [n] (a: [n][3]f32) : [n][3]f32 =
  map (\r -> let v = vec r in arr (v with x = v.y with y = v.x)) a

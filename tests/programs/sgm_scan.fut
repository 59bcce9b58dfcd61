-- Segmented scan from an ordinary scan over (flag, value) pairs, polymorphic in the operator.
-- ==
-- entry: incl
-- input { [true, false, false, true, false, false, false] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [1i32, 3i32, 6i32, 4i32, 9i32, 15i32, 22i32] }
-- input { [true, false, true, false, false] [1i32, 3i32, 2i32, 4i32, 6i32] }
-- output { [1i32, 4i32, 2i32, 6i32, 12i32] }
-- input { empty([0]bool) empty([0]i32) }
-- output { empty([0]i32) }
-- input { [false, false, true] [5i32, -2i32, 9i32] }
-- output { [5i32, 3i32, 9i32] }

-- ==
-- entry: maxf
-- input { [true, false, false, true, false] [1.5f32, -2.0f32, 3.25f32, -1.0f32, -4.0f32] }
-- output { [1.5f32, 1.5f32, 3.25f32, -1.0f32, -1.0f32] }

-- ==
-- entry: excl
-- input { [true, false, false, true, false, true, true, false, false, false] [1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32] }
-- output { [0i32, 1i32, 2i32, 0i32, 1i32, 0i32, 0i32, 1i32, 2i32, 3i32] }
-- input { [true, false, true, false, false] [1i32, 3i32, 2i32, 4i32, 6i32] }
-- output { [0i32, 1i32, 0i32, 2i32, 6i32] }

def sgmscan 't [n] (op: t -> t -> t) (ne: t) (flags: [n]bool) (vals: [n]t) : [n]t =
  let pairs = scan (\(f1, v1) (f2, v2) ->
                      let f = f1 || f2
                      let v = if f2 then v2 else op v1 v2
                      in (f, v))
                   (false, ne) (zip flags vals)
  let (_, res) = unzip pairs
  in res

entry incl [n] (flags: [n]bool) (vals: [n]i32) : [n]i32 =
  sgmscan (+) 0 flags vals

entry maxf [n] (flags: [n]bool) (vals: [n]f32) : [n]f32 =
  sgmscan f32.max (-f32.inf) flags vals

entry excl [n] (flags: [n]bool) (vals: [n]i32) : [n]i32 =
  let inc = sgmscan (+) 0 flags vals
  in map (\i -> if i == 0 || flags[i] then 0 else inc[i-1]) (iota n)

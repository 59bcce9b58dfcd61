-- User-defined operators: infix definitions, definitions in parentheses (polymorphic ones need
-- them), precedence from the leading characters (+^ binds as +, *^ as *), sections, a
-- built-in operator shadowed by a definition, and local operators; an operator whose body uses
-- the built-in one of the same name (not a recursive call), opened with M.(...), and a function
-- that reuses a prelude name and calls the prelude's.
-- ==
-- entry: vadd
-- input { 1 2 3 4 } output { 4 6 }

-- ==
-- entry: prec
-- input { 2 3 4 } output { 16 22 }

-- ==
-- entry: sections
-- input { [1, 2, 3] } output { [11, 12, 13] [-9, -8, -7] }

-- ==
-- entry: shadowed
-- input { 7 2 } output { 5 }

-- ==
-- entry: in_let
-- input { 3 } output { 9 }

-- ==
-- entry: vec_ops
-- input { 1f32 2f32 -5 } output { 3f32 6f32 0 [3f32, 6f32] }

module V = {
  type v = {x: f32, y: f32}
  def (+) (a: v) (b: v) : v = {x = a.x + b.x, y = a.y + b.y}
  def (*) (s: f32) (a: v) : v = {x = s * a.x, y = s * a.y}
}

def reverse [n] (xs: [n]f32) : [n]f32 = reverse (reverse (reverse xs))

entry vec_ops (a: f32) (b: f32) (k: i32) =
  let (p, q, n) = ({x = a, y = b}, {x = a + a, y = b + b}, {x = -a, y = -b})
  let r = V.(2 * p + q + n)
  in (r.x, r.y, i32.(k + abs k), reverse [r.y, r.x])

def (a: i32, b: i32) +^ (c: i32, d: i32) = (a + c, b + d)
def (*^) (x: i32) (y: i32) = x * y + 2
def (<|>) 'a (x: a) (_: a) = x
def (|-|) (x: i32) (y: i32) = x - y

entry vadd (a: i32) (b: i32) (c: i32) (d: i32) = (a, b) +^ (c, d)
entry prec (a: i32) (b: i32) (c: i32) = (a + b *^ c, ((a, 0) +^ (b, 0)).0 *^ c)
entry sections (xs: []i32) = (map (+^ (10, 0)) (map (\x -> (x, 0)) xs) |> map (.0), map (|-| 10) xs)
entry shadowed (x: i32) (y: i32) = let (-) (a: i32) (b: i32) = a - b in (x <|> y) - y
entry in_let (x: i32) = let (**^) (a: i32) (b: i32) = a * b in x **^ x

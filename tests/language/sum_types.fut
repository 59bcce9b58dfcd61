-- Sum types and match: constructors with and without payloads, a parametric sum type, nested
-- and literal patterns, arrays of sums (a map making them, another taking them apart), sums in
-- records, equality, and a single-constructor sum bound by let.  Internalised as tuples of the
-- constructor's index and every constructor's payload, so the compiled backends run them too.
-- ==
-- entry: areas
-- input { [1.0, 0.0, 0.0] [0.0, 2.0, 0.0] } output { [3.0, 4.0, 0.0] }
-- input { empty([0]f64) empty([0]f64) } output { empty([0]f64) }

-- ==
-- entry: signs
-- input { [3, -2, 0] } output { [1, -1, 0] }

-- ==
-- entry: literals
-- input { [0, 1, 5, -3] } output { [10, 11, 12, 13] }

-- ==
-- entry: nested
-- input { 2 } output { 7 true }
-- input { -1 } output { 9 false }

-- ==
-- entry: records
-- input { [1, 2, 3] } output { 4 2 }

type shape = #circle f64 | #rect f64 f64 | #empty
type opt 't = #some t | #nothing
type wrapped = #wrap {value: i32, tag: bool}

def area (s: shape) : f64 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #empty -> 0

def classify (x: i32) : opt bool = if x == 0 then #nothing else #some (x > 0)

entry areas (rs: []f64) (ws: []f64) =
  map2 (\r w -> if r > 0 then #circle r else if w > 0 then #rect w 2 else #empty) rs ws
  |> map area

entry signs (xs: []i32) =
  map (\x -> match classify x
             case #some true -> 1
             case #some false -> -1
             case #nothing -> 0) xs

entry literals (xs: []i32) =
  map (\x -> match x case 0 -> 10 case 1 -> 11 case -3 -> 13 case _ -> 12) xs

entry nested (x: i32) =
  let v : opt (opt i32) = if x > 0 then #some (#some x) else #some #nothing
  let r = match v
          case #some (#some 2) -> 7
          case #some (#some y) -> y
          case #some #nothing -> 9
          case #nothing -> 0
  in (r, v == #some (#some x))

entry records (xs: []i32) =
  -- the type is written: constructors alone leave it ambiguous (as in Futhark)
  let ws : [](#wrap {value: i32, tag: bool}) = map (\x -> #wrap {value = x + 1, tag = x % 2 == 0}) xs
  let #wrap last = ws[length ws - 1]
  let count = map (\w -> match w case #wrap {value = _, tag = true} -> 1 case _ -> 0) ws |> i32.sum
  in (last.value, count + 1)

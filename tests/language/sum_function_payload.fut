-- Functions as payloads of a lifted sum type (`type^`): the value's constructor is known
-- wherever it is made (a lifted value comes from no if or loop), so a match takes its case;
-- the payload of a constructor it does not have is never called.  Compiled backends too.
-- ==
-- input { [1, 2, 3] } output { [3, 6, 9] [2, 3, 4] 7 [11.0f32, 12.0f32, 13.0f32] }

type^ op = #scale i32 | #apply (i32 -> i32) | #both {f: i32 -> i32, k: i32} | #float (i32 -> f32)

def run (o: op) (x: i32) : i32 =
  match o
  case #scale k -> k * x
  case #apply f -> f x
  case #both {f, k} -> f x + k
  case #float g -> i32.f32 (g x)

def runf (o: op) (x: i32) : f32 =
  match o
  case #float g -> g x
  case _ -> f32.i32 (run o x)

entry main (xs: []i32) =
  ( map (run (#scale 3)) xs
  , map (run (#apply (+ 1))) xs
  , run (#both {f = \x -> x * 2, k = 1}) 3
  , map (runf (#float (\x -> f32.i32 x + 10))) xs )

-- A sum type written with constructors is fixed by an annotation, by a parameter's type, or is
-- the definition's own type (the sum of the constructors its body uses).
-- ==
-- input { 3 } output { 4 1 0 2 }
-- input { -5 } output { 0 1 1 2 }

type light = #on i32 | #off

def weigh (l: light) : i32 = match l case #on k -> k case #off -> 0

def parity x = match x case #even -> 1 case #odd -> 0

def main (x: i32) =
  let y = x + 1
  let s : light = if y > 0 then #on y else #off
  let t = if x % 2 == 0 then #odd else #even
  in (weigh s, parity t, weigh (if x > 0 then #off else #on 1), parity #even + parity t)

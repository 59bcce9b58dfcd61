-- A sum type that only constructors give, inside a definition, is ambiguous: nothing says which
-- sum type the scrutinee has (#on, or #on | #off, or more).
-- ==
-- error: sum_ambiguous\.fut:7:25: error: Type is ambiguous: a sum type with the constructors #off, #on
def main (x: i32) : i32 =
  let y = x + 1
  let s = if y > 0 then #on y else #off
  in match s
     case #on k -> k
     case #off -> 0

-- A local function's type parameter cannot become the type of something from outside it
-- (here the enclosing function's parameter acc, whose type is inferred).
-- ==
-- error: tparam_escape\.fut:7:30: error: .*the type parameter "e" would escape its scope
def keep acc (n: i32) =
  let pick 'e (fresh: e) (first: bool) =
    if first then fresh else (acc, n).0
  in pick

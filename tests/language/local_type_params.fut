-- A local function with type parameters of its own: used at two types, and taking values of
-- the enclosing function at types it fixes (not its parameters').
-- ==
-- input { 4 true } output { 4 true 8 }
def main (x: i32) (b: bool) =
  let first 'a 'c (p: a) (_: c) : a = p
  let twice 't (f: t -> t) (y: t) = f (f y)
  in (first x b, first b x, twice (\v -> v + x / 2) x)

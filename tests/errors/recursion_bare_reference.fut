-- A recursive function with a function parameter ('^a counts) is not used as a value in its own body.
-- ==
-- error: recursion_bare_reference\.fut:7:20: error: "walk" is recursive and has a higher-order parameter: in its own body it may only be referenced in a saturated application
def walk '^a (g: a) (use: a -> i32) (k: i32) : i32 =
  if k <= 0
  then use g
  else let again = walk in again g use (k - 1)

def main (k: i32) = walk 5 (\x -> x + 1) k

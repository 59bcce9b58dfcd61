-- A unique result may not share storage with a parameter whose type is not unique: the
-- caller still owns that array.
-- ==
-- error: uniq_result_aliases_param\.fut:7:6: error: Unique-typed return value of "f" is aliased to "xs"
def f (xs: []i32) : *[]i32 =
  let ys = xs[1:]
  in ys

def main (xs: []i32) : []i32 = f xs

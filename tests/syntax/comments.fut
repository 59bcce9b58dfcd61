-- | A doc comment.
-- ==
-- input { 1 } output { 2 }

-- | Another doc comment, on a definition.
def main (x: i32) : i32 = -- trailing comment
  x -- still the body
  + 1 --no space needed

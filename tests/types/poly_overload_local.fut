-- An overloaded local function (x + 1) is resolved by its use: f32 here.
-- ==
-- input { 1.5f32 } output { 2.5f32 }
def main (y: f32) : f32 =
  let inc x = x + 1
  in inc y

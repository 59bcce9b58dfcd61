-- A top-level constant cannot be updated in place.
-- ==
-- error: consume_constant\.fut:7:3: error: Consuming "table", a top-level constant, which is not consumable
def table : []f32 = [1, 2, 3]

def main (x: f32) : []f32 =
  table with [0] = x

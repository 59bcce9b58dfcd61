-- A literal takes its type from the context: 1 and 0.5 become f32 here.
-- ==
-- input { 3.0f32 } output { 4.5f32 }
def main (x: f32) : f32 = x + 1 + 0.5

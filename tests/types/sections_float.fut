-- Sections of overloaded operators take their type from use.
-- ==
-- input { [1.0f32, 4.0f32] } output { [0.5f32, 2.0f32] [2.0f32, 0.5f32] }
def main (xs: []f32) : ([]f32, []f32) = (map (/ 2) xs, map (2 /) xs)

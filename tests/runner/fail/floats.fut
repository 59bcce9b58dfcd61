-- Deliberately failing: float tolerance.
-- ==
-- tags { disable }
-- input { 1000f32 } output { 1000.5f32 }
-- input { 1000f32 } output { 1010f32 }

entry main (x: f32) = x

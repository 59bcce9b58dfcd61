-- Jagged f32 rows scanned per row.
-- ==
-- input { [3i64, 1i64] } output { [[0.0f32, 0.5f32, 1.5f32], [0.0f32]] }
def main (ns: []i64) : [][]f32 = map (\n -> scan (+) 0 (map (\x -> f32.i64 x * 0.5) (iota n))) ns

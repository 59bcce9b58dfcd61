-- Projecting a field the record does not have.
-- ==
-- error: missing_field\.fut:6:[0-9]+: error:
entry main (x: f64) : f64 =
  let p = {x = x, y = 2.0}
  in p.x + p.z

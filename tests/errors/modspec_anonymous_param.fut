-- A value spec names the sizes of its parameters ([n]); an anonymous one ([]) is an error (a
-- result's [] is an existential size, allowed).
-- ==
-- error: modspec_anonymous_param\.fut:6:25: error: the parameter type of "sum_rows" has an anonymous size \(\[\]\): a value spec's parameter sizes must be non-anonymous
module type rows = {
  val sum_rows [m] : [m][]f32 -> [m]f32
  val nonzero : []f32 -> []f32
}

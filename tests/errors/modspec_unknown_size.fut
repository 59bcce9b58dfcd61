-- A non-lifted abstract type (`type t`) has one size: a definition with an unknown size ([]f32)
-- meets only a size-lifted spec (`type~ t`), also as a parametric module's argument.
-- ==
-- error: modspec_unknown_size\.fut:9:12: error: the module's type "row" has an unknown size \(\[\]f32\), so it is size-lifted \(type~\), but its module type \(line 5\) declares it non-lifted \(type\)
module first (P: {type row val mk : i64 -> row}) = {
  def make (n: i64) : row = P.mk n
}

module m = first {type row = []f32 def mk (n: i64) = replicate n 1f32}

def main (n: i64) = m.make n

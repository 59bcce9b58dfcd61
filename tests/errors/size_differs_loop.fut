-- A loop parameter written [n] cannot take a body's result of size n + 1 (Futhark rejects it
-- statically; a size that might be n is checked at run time: run_loop_param_size.fut).
-- ==
-- error: size_differs_loop\.fut:7:42: error: .*Sizes "n" and "n \+ 1" do not match: they differ by a constant
def main [n] (xs: [n]i32) (k: i32) =
  let ys =
    loop (ys: [n]i32) = xs for _i < k do ys ++ [1]
  in ys

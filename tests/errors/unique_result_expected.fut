-- A function whose written result type is not unique cannot be passed where the parameter's
-- type returns a unique result (the callee consumes it; here it would update x).
-- ==
-- error: unique_result_expected\.fut:9:12: error: Cannot apply "fill" to "view" \(argument 1\): its type \(\(\) -> \[3\]i32\) returns a result that is not unique
def fill (mk: () -> *[3]i32) : *[3]i32 = mk () with [0] = 7

def main (x: [3]i32) =
  let view () : [3]i32 = x
  in (fill view, fill (\() -> copy x))

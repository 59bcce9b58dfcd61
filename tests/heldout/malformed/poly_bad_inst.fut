-- A polymorphic function instantiated so that its body cannot type-check is fine in
-- Futhark (bodies are checked once), but passing a function of the wrong arity is not.
-- ==
-- error: poly_bad_inst\.fut:7:[0-9]+: error:
def app2 'a (f: a -> a -> a) (x: a) : a = f x x

entry main (x: i32) : i32 = app2 (\y -> y + 1) x

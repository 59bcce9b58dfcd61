-- A literal as a function's parameter is a pattern that matches only some values: refutable,
-- as in Futhark (a match says what to do with the others).
-- ==
-- error: param_literal\.fut:6:19: error: Refutable pattern: it matches only some values of its type

def (-!) (a: i32) 1 = a

def main (x: i32) = x -! 1

-- An operator that is neither built in nor defined: a user-defined operator is a name like any
-- other, so this is an unknown name.
-- ==
-- error: type_unknown_operator\.fut:5:29: error: Unknown name "\+\*"
def main (x: i32) : i32 = x +* 1

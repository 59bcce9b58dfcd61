-- A type declared with plain 'type' cannot use a size-lifted (type~) or lifted (type^) one.
-- ==
-- error: type_unlifted_uses_lifted\.fut:6:23: error: the type "row" is size-lifted, so 'table' \(declared with 'type', not 'type~'\) cannot use it
type~ row = []f32
type^ op = f32 -> f32
type table = (i64, [4]row)
def main (x: f32) : f32 = x

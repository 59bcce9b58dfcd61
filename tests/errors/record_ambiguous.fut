-- A function whose parameter is known only by a field it projects has an ambiguous type.
-- ==
-- error: record_ambiguous\.fut:4:1: error: the type of "get_l" is ambiguous: a value of it has the field "l"
def get_l r = r.l
def main (x: i32) = x

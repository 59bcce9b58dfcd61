-- The result of a call whose result type is not unique may alias its arguments, so it
-- cannot be returned as unique.
-- ==
-- error: uniq_result_through_call\.fut:7:32: error: Unique-typed return value of "main" is aliased to "a"
def first_half (v: []i64) : []i64 = v[0:length v / 2]

def main (a: []i64) : *[]i64 = first_half a

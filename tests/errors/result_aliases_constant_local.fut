-- A local function's result may not alias a top-level constant either.
-- ==
-- error: result_aliases_constant_local\.fut:7:24: error: the result of "pick" aliases the free variable "table"
def table : []i32 = [4, 5]

def main (b: bool) : i32 =
  let pick (c: bool) = if c then table else [0, 0]
  in (pick b)[1]

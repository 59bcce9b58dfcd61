-- A function's result may not alias a top-level constant (the caller could update it).
-- ==
-- error: result_aliases_constant\.fut:7:3: error: the result of "pick" aliases the free variable "table"
def table : []f32 = [1, 2, 3]

def pick (b: bool) : []f32 =
  if b then table else [0]

def main (b: bool) : f32 = (pick b)[0]

-- Only declarations may appear at the top level.
-- ==
-- error: parse_top_level_expr\.fut:5:1: error: Unexpected "if", expected a declaration \('def', 'entry', 'let', 'type', 'module'.*
def main (x: i32) : i32 = x
if true then 1 else 2

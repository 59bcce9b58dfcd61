-- A local open of a module, Futhark's `i32.(x + 1)`, is reported as unsupported.
-- ==
-- error: parse_local_open\.fut:4:31: error: local opens M\.\(e\) are not supported
def main (x: i32) : i32 = i32.(x + 1)

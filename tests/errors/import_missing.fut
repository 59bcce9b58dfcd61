-- An import names a file relative to the importing file; a missing one is an error at the import.
-- ==
-- error: import_missing\.fut:4:1: error: cannot import "no/such/file": .*no/such/file\.fut: No such file
import "no/such/file"
def main (x: i32) : i32 = x

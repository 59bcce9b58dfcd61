-- Imports are not supported.
-- ==
-- error: parse_import\.fut:4:1: error: modules and imports are not supported
import "lib/github.com/diku-dk/sorts/radix_sort"
def main (x: i32) : i32 = x

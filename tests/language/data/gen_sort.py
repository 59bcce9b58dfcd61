#!/usr/bin/env python3
# gen_sort.py — the data of tests/language/recursion_sort.fut, and its expected outputs, sorted
# here by Python (not by weft): a pseudo-random array of 3000 i32 (duplicates included) and 40
# rows of 50.  Run from this folder: python3 gen_sort.py
import random

rng = random.Random(23)
xs = [rng.randint(-1000, 1000) for _ in range(3000)]
rows = [[rng.randint(-50, 50) for _ in range(50)] for _ in range(40)]

def arr(v):
    return "[" + ", ".join("%di32" % x for x in v) + "]"

with open("sort.in", "w") as f:
    f.write(arr(xs) + "\n")
with open("sort.out", "w") as f:
    f.write(arr(sorted(xs)) + "\n")
with open("sort_rows.in", "w") as f:
    f.write("[" + ", ".join(arr(r) for r in rows) + "]\n")
with open("sort_rows.out", "w") as f:
    f.write("[" + ", ".join(arr(sorted(r)) for r in rows) + "]\n")

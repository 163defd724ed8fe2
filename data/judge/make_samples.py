#!/usr/bin/env python3
"""Writes the 500-board judge inputs in data/judge/ (seeded, reproducible): python3 make_samples.py"""
import random
import os

here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261121)

with open(os.path.join(here, "eight-puzzle-500.txt"), "w") as f:
    for _ in range(500):
        cells = ["x"] + [str(t) for t in range(1, 9)]
        rng.shuffle(cells)
        f.write(" ".join(cells) + "\n")

with open(os.path.join(here, "magic-board-500.txt"), "w") as f:
    for _ in range(500):
        digits = [str(d) for d in range(1, 9)]
        rng.shuffle(digits)
        f.write("%d\n%s\n%s\n" % (rng.randint(0, 30), " ".join(digits[:4]), " ".join(digits[4:])))
    f.write("-1\n")

with open(os.path.join(here, "rotation-game-500.txt"), "w") as f:
    for _ in range(500):
        values = [str(v) for v in (1, 2, 3) for _ in range(8)]
        rng.shuffle(values)
        f.write(" ".join(values) + "\n")
    f.write("0\n")

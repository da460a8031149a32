"""The searches on the command line: `solve` (the best tree, a position's best guess, the
proof of the optimum, a tree improved by editing) and `openers` (first words ranked by search)."""

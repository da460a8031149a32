"""The strategy explorer, whole: `solver/` (a strategy resolved into a tree, positions, exports),
`ui/` (any guess tree browsed node by node), `cli/` (`wordle-tui tree show|path|export`)."""

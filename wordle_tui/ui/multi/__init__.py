"""The multi-board games' screens: Dordle, Quordle and Octordle, boards side by side, a keyboard
whose keys show each board's colours, and the end-of-game dialog."""

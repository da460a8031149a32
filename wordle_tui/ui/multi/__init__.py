"""The multi-board games' screens: Dordle, Quordle and Octordle's boards side by side,
Sedecordle and Duotrigordle's a line each; a keyboard whose keys show each board's colours,
and the end-of-game dialog."""

"""Dordle, Quordle and Octordle on the command line: `report -g` and `suggest -g` (`command`)."""

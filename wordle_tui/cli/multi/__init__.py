"""Dordle, Quordle and Octordle on the command line: `report -g quordle` (`command`)."""

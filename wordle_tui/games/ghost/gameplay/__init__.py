"""Ghost as a game between players, free of any screen.

`referee` holds the fragment, checks every play and says who lost; `hotseat` seats 2 to 4
people at one keyboard; `watch` plays the computer against itself and gives hints; `rules`
says each variant's rules and each way to play as the rules panel shows them.
"""

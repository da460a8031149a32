"""The NYT Wordle as it is played today: its answers puzzle by puzzle (`history`) and how
likely each allowed word is to be the answer of a given puzzle (`prior`), learnt only from the
answers published before it."""

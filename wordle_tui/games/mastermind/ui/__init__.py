"""The Mastermind screens: you break the computer's code, or it breaks yours (`screen`), drawn
with pegs that are a colour and a digit each, so no colour has to be told apart by eye
(`widgets`)."""

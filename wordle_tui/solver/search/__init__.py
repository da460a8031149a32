"""Exact searches: guess trees and single moves proved best, not estimated.

`best_tree` finds the guess tree with the fewest guesses in total (Wordle, Jotto, Antiwordle
through `survival`); `evil` the shortest forced win against Evil Wordle; `position` the proven
best next guess from any position, `proof` the optimum of a whole game proven with the same
search, and `endgame` the best one when the answers left are not equally likely; `shared` holds
their errors, results and stop rules.
"""

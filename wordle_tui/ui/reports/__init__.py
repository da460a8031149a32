"""The strategy reports screen: a comparison table filling in live, two strategies side by side,
first guesses and one target played out. `screen` owns the state, `widgets` the tables and
forms, `workers` run the strategies in threads, `format` is the pure text and rows they show.
"""

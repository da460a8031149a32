"""The Ghost screens: against the computer (`screen`), hot-seat (`hotseat`) and watching a
perfect game (`watch`); `widgets` are their board and panels, `text` what they say about a
match, `computer` the thread workers that solve a vocabulary and choose the computer's move.
"""

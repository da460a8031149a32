"""The guessing-game boards: the screen shape they share (`board`: a board, a side panel and
the on-screen keyboard), Wordle and its family (`wordle`), Jotto both ways (`jotto`), the
computer solving a word of your choice (`watch`), and the end-of-game dialog (`result`).
"""

"""The rules of each Ghost variant and of each way to play, as the app's rules panel says them."""

from __future__ import annotations

COMMON = (
    "Players take turns adding one letter to a fragment. Every fragment must be part of some "
    "word of the list. Whoever completes a word of at least the minimum length, or makes a "
    "fragment that is part of no word, loses."
)
VARIANT_RULES = {
    "ghost": "Ghost: the letter goes at the end, so the fragment is always a word's beginning.",
    "super": (
        "SuperGhost: the letter goes at either end (Tab switches), so the fragment may be "
        "any part of a word."
    ),
    "superduper": (
        "SuperDuperGhost: at either end (Tab), and you may reverse the fragment first "
        "(ctrl+r); the fragment played must still be part of a word, read forwards."
    ),
    "xghost": (
        "Xghost: the letter goes anywhere, at either end or between any two letters (← and → "
        "move the caret ‸ that shows where; Home and End jump to the ends). The fragment must "
        "still be part of a word, its letters side by side and in order: from ERA, ERBA (as "
        "in hERBAl) is a move."
    ),
    "spook": (
        "Spook: the fragment is a bag of letters, shown in a-z order; type a letter to add it. "
        "A bag is part of a word when the word has every letter of it, repeats counted, in "
        "any order: from AER (era), ABER (bear) is a move. Completing a word means making a "
        "bag of exactly a word's letters (an anagram of a word of at least the minimum "
        "length: AER for are, ear or era); a bag no word of the list holds is part of no "
        "word. Challenged, name a word that has the bag's letters."
    ),
}
MODE_RULES = {
    "computer": (
        "You against the computer: choose who starts. F6 shows a hint: a winning letter if "
        "there is one, else the letter that loses slowest against perfect play."
    ),
    "watch": (
        "Computer against computer: a perfect game, one move at a time (space or →), or "
        "animated (a). Each move says why: the winner's leaves no winning reply, the loser's "
        "holds out longest."
    ),
    "hotseat": (
        "Hot-seat, 2 to 4 players at one keyboard: the computer refuses what is not a move and "
        "ends a round when a word is made. A fragment of no word is a bluff: the next player "
        "may challenge it (!). The challenged player names a word containing the fragment "
        "(Enter; empty to give up); the computer checks it, and whoever loses the challenge "
        "takes a letter. The round's loser starts the next one. Five letters spell GHOST and "
        "put a player out; the last one left wins. The computer may play any of the players "
        "(F4: hot-seat 3, players 2, 3 computer; or play ghost --computer 2,3)."
    ),
}
COMPUTER_PLAYERS = (
    "The computer as a player among three or more: a move rarely decides between winning "
    "and losing, only who loses, so the computer is rational by these rules, which it "
    "assumes every player follows: (1) it never makes a move that loses it the round when "
    "another move does not; (2) among the moves that spare it, it pushes the loss on the "
    "player nearest after it in the order of play; (3) when it loses anyway it holds out "
    "longest, otherwise it ends the round soonest. Solved from the longest fragments back, "
    "for as many players as are still in. It never bluffs, challenges a fragment of no "
    "word, and names a word when challenged."
)


def rules_text(variant: str, mode: str) -> str:
    """The rules panel's text for a variant played in a mode."""
    family = "hotseat" if mode.startswith("hotseat") else mode
    parts = [COMMON, VARIANT_RULES[variant], MODE_RULES[family]]
    if family == "hotseat" and "-c" in mode:  # the computer plays some of the players
        parts.append(COMPUTER_PLAYERS)
    return "\n\n".join(parts)


def help_text() -> str:
    """Ghost's rules for the help screen (F1): Markdown under a `## Ghost` heading."""
    variants = "\n".join(f"* {text}" for text in VARIANT_RULES.values())
    modes = "\n".join(f"* {text}" for text in (*MODE_RULES.values(), COMPUTER_PLAYERS))
    panel = (
        "F3 on the Ghost screen shows these rules with the winner's strategy to memorise; "
        "F4, F5, F7, F8 and ctrl+t choose the way to play, the variant, the shortest word, who "
        "starts and the computer's style (each key is shown beside its choice), and ctrl+n "
        "starts it. PageUp and PageDown scroll the moves (the rules, when shown)."
    )
    return f"## Ghost\n\n{COMMON}\n\n{variants}\n\n{modes}\n\n{panel}\n"

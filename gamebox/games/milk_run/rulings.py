"""Milk Run's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule the engine enforces, MR-0 to MR-14: the shared rulings
MR-1 to MR-13, MR-0 for text that is no move, and MR-14, the chapter's own limit on
the table's size. Every refusal of the engine names one of them; the chapter's Rulings
section, the book's Rulings page, its glossary and the one-page player aid are drawn
from these tables.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is not Kind.SOURCE]
['MR-0', 'MR-2', 'MR-9', 'MR-10', 'MR-12', 'MR-14']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Ruling, Term

# The chapter's sections that teach the rules (book/md/milk_run.md).
DEAL = "The cards and the deal"
TURN = "A turn"
LIMIT = "The Delivery Limit"
GO = "Go and stop"
JOKER = "The joker: stop and steal"
DISCARDS = "Discards"
WINNING = "Winning"
STOCK = "When the stock runs out"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "MR-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no draw and no card played"
        " to a pile) is refused before any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read.",
        PLAY,
    ),
    Ruling(
        "MR-1",
        Kind.SOURCE,
        "Shuffle together one 54-card deck (with both jokers) per player; playing with "
        "fewer decks is allowed, down to one.",
        "The Deal.",
        DEAL,
    ),
    Ruling(
        "MR-2",
        Kind.INFERRED,
        "Everyone gets six cards, the rest is the face-down stock, and the discard pile "
        "starts empty. Player 0 (left of the dealer) starts and play goes clockwise.",
        "The Deal (the deal); not in the source: who starts and which way play goes.",
        DEAL,
    ),
    Ruling(
        "MR-3",
        Kind.SOURCE,
        "Red cards belong to strawberry milk and black cards to chocolate milk; jokers have "
        "no colour. Each player has a Limit pile, a Go pile and a Delivery column per colour.",
        "The Game; The Play (the six piles).",
        DEAL,
    ),
    Ruling(
        "MR-4",
        Kind.SOURCE,
        "A turn starts with two draws: both from the stock, or one from the stock and one "
        "from the top of the discard pile, in either order, but never both from the discards.",
        "The Play (drawing).",
        TURN,
    ),
    Ruling(
        "MR-5",
        Kind.SOURCE,
        "After drawing you play exactly two cards, one at a time, each onto a pile it is "
        "allowed on (yours or another player's) or onto the discard pile, which always "
        "takes a card. You end the turn holding six cards.",
        "The Play (playing two cards; six cards at the end of each turn).",
        TURN,
    ),
    Ruling(
        "MR-6",
        Kind.SOURCE,
        "The order of two discards matters: the next player can take only the top card, so "
        "the first card discarded is out of their reach.",
        "The Play (the note on discarding).",
        DISCARDS,
    ),
    Ruling(
        "MR-7",
        Kind.SOURCE,
        "A Limit pile takes number cards 2 to 10 of its colour, on anyone's pile. Its top "
        "card is the biggest single delivery its owner may make in that colour; an empty "
        "one counts as a 5.",
        "The Play (the Delivery Limit pile, and its example).",
        LIMIT,
    ),
    Ruling(
        "MR-8",
        Kind.SOURCE,
        "A face card of the pile's colour goes on an empty Go pile, an ace or a joker; an ace "
        "of its colour goes only on a face card. A face card on top means go, anything else "
        "(or nothing) means stop.",
        "The Play (the Go pile).",
        GO,
    ),
    Ruling(
        "MR-9",
        Kind.INFERRED,
        "You deliver a number card of a colour to your own Delivery column only, only while "
        "your Go pile of that colour shows a face card, and never above your limit.",
        "The Play (the Delivery pile); 'your own column only' is the project's reading, "
        "since every delivery rule speaks of your column.",
        GO,
    ),
    Ruling(
        "MR-10",
        Kind.INFERRED,
        "A joker goes on a Go pile of either colour showing a face card. On a rival's it "
        "stops them and moves the last card of their column of that colour onto yours, "
        "which needs your own go in that colour and the card within your limit; with "
        "nothing to steal it just stops them (your own go is still needed), and on your "
        "own pile it is a plain stop.",
        "The Play (jokers as steal cards); the empty column and your own pile are the "
        "project's reading.",
        JOKER,
    ),
    Ruling(
        "MR-11",
        Kind.SOURCE,
        "You win the moment both of your Delivery columns add up to 30 or more, checked "
        "after every card, a stolen one included; a steal can take a player back below 30.",
        "The Game; The Play (the winning example).",
        WINNING,
    ),
    Ruling(
        "MR-12",
        Kind.HOUSE,
        "When a draw is due and the stock is empty, every Limit and Go pile keeps its top "
        "card, the discard pile its top three, and the rest becomes a new shuffled stock. "
        "If that stock is still empty, the game is drawn at once.",
        "The Play (the exhausted stock); not in the source: the drawn game.",
        STOCK,
    ),
    Ruling(
        "MR-13",
        Kind.SOURCE,
        "Delivering more after reaching 30 is legal, and so is an ace on your own Go pile: "
        "both guard a colour's 30 against a joker.",
        "Footnotes (the footnote on guarding against steals).",
        WINNING,
    ),
    Ruling(
        "MR-14",
        Kind.HOUSE,
        "A table seats two to six players, and at most six decks are shuffled together.",
        "not in the source: it says two or more players (best two to four) and sets no "
        "upper limit.",
        DEAL,
    ),
)

TERMS: tuple[Term, ...] = (
    Term("strawberry milk", "The red cards' milk: hearts and diamonds feed your red piles.", DEAL),
    Term("chocolate milk", "The black cards' milk: spades and clubs feed your black piles.", DEAL),
    Term("stock", "The face-down pile every turn draws from.", TURN),
    Term(
        "discard pile",
        "The face-up pile any card may go on; the next player may take only its top card.",
        DISCARDS,
    ),
    Term(
        "Limit pile",
        "A pile of number cards whose top card caps a player's single delivery in its colour "
        "(5 while empty); anyone may play on it.",
        LIMIT,
    ),
    Term(
        "Go pile",
        "A pile of face cards, aces and jokers whose top card says whether its owner may "
        "deliver in that colour.",
        GO,
    ),
    Term("go", "A Go pile showing a face card: its owner may deliver that colour.", GO),
    Term("stop", "A Go pile showing an ace, a joker or nothing: no deliveries.", GO),
    Term(
        "Delivery column",
        "A player's own fanned column of number cards in one colour; its total counts toward 30.",
        GO,
    ),
    Term("delivery", "A number card played onto your own Delivery column.", GO),
    Term(
        "steal",
        "A joker on a rival's open Go pile: it stops them and moves their last delivery of "
        "that colour onto your column.",
        JOKER,
    ),
    Term(
        "rebuild",
        "Making a new stock from the cards under the piles' top cards and the older discards.",
        STOCK,
    ),
)

AID = PlayerAid(
    goal="Be the first with 30 or more deliveries of strawberry milk (red) and of "
    "chocolate milk (black).",
    setup=(
        "2 to 6 players (MR-14); one 54-card deck with jokers per player, shuffled "
        "together (MR-1).",
        "Deal 6 cards each; the rest is the stock; the discard pile starts empty. "
        "Player 0 starts, play goes clockwise (MR-2).",
        "Each player has, per colour, a Limit pile, a Go pile and a Delivery column (MR-3).",
    ),
    turn=(
        "Draw 2: both from the stock, or 1 from the stock and the top discard (MR-4).",
        "Play 2, one at a time: on any pile they are allowed on, yours or a rival's, or "
        "discard (MR-5).",
        "Limit pile: number cards 2-10 of its colour, anyone's; top card = biggest single "
        "delivery, empty = 5 (MR-7).",
        "Go pile: a face card on nothing, an ace or a joker; an ace on a face card. Face "
        "card on top = go, anything else = stop (MR-8).",
        "Deliver: a number card to your own column, only while your Go pile of that colour "
        "is go and only up to your limit (MR-9).",
    ),
    special=(
        "Joker on a rival's open Go pile: stops them and steals their last delivery of "
        "that colour, if you are go there and it fits your limit (MR-10).",
        "Joker on a rival with an empty column of that colour, or on your own Go pile: just "
        "a stop (MR-10).",
        "Discard order matters: the next player can take only the top card (MR-6).",
        "Past 30, keep delivering or put an ace on your own Go pile to guard against a "
        "joker (MR-13).",
        "Empty stock: piles keep their top card, discards their top 3, the rest is "
        "reshuffled; still empty = a draw (MR-12).",
    ),
    scoring=(
        "Both columns at 30 or more wins at once, checked after every card, a steal "
        "included (MR-11).",
        "A steal can take a player back below 30 (MR-11).",
    ),
)

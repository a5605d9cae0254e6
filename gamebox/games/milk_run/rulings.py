"""Milk Run's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule the engine enforces, MR-0 to MR-14: the shared rulings
MR-1 to MR-13, MR-0 for text that is no move, and MR-14, the chapter's own limit on
the table's size. Every refusal of the engine names one of them; the chapter's Rulings
section, the book's Rulings page, its glossary and the one-page player aid are drawn
from these tables. ``QUESTIONS`` holds the mistakes and questions a teacher meets at the
table, each answered in a sentence or two and tied to the rulings that settle it.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is not Kind.SOURCE]
['MR-0', 'MR-1', 'MR-2', 'MR-9', 'MR-10', 'MR-12', 'MR-14']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

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
        Kind.INFERRED,
        "Shuffle together one 54-card deck (with both jokers) per player. The option decks "
        "lets a table shuffle any number from one to six instead, fewer or more than the "
        "players.",
        "The Deal: one deck per player, and a table may be 'short a deck', though more "
        "cards are handier than fewer. Not in the source: a single deck for any table, or "
        "more decks than players; the project reads 'short a deck' that loosely.",
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
        "The Game; The Play (the six piles; the Go pile's note asks the pile's colour of "
        "face cards and aces, not of jokers).",
        DEAL,
    ),
    Ruling(
        "MR-4",
        Kind.SOURCE,
        "A turn starts with two draws: both from the stock, or one from the stock and one "
        "from the top of the discard pile, in either order, but never both from the discards.",
        "The Play (drawing: one from each pile in no fixed order, and a look at the stock "
        "card before choosing the second).",
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
        "The Game; The Play (the winning example: a card played during a turn wins; a "
        "stolen card goes onto the thief's column, and the footnote's steal costs a 30).",
        WINNING,
    ),
    Ruling(
        "MR-12",
        Kind.HOUSE,
        "When a draw is due and the stock is empty, every Limit and Go pile keeps its top "
        "card, the discard pile its top three, and the rest becomes a new shuffled stock. "
        "This happens at once, even when the draw could have been the top discard. If "
        "the new stock is still empty, the game is drawn at once.",
        "The Play (the exhausted stock); not in the source: when exactly the stock is "
        "rebuilt, and the drawn game.",
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
        "2 to 6 players (MR-14); a 54-card deck with jokers per player, shuffled together; "
        "fewer will do (MR-1).",
        "Deal 6 cards each; the rest is the stock; the discard pile starts empty. "
        "Player 0 starts, play goes clockwise (MR-2).",
        "Each player has, per colour, a Limit pile, a Go pile and a Delivery column (MR-3).",
    ),
    turn=(
        "Draw 2: both from the stock, or 1 from the stock and the top discard (MR-4).",
        "Play 2, one at a time: on any pile that takes them, yours or a rival's, or "
        "discard (MR-5).",
        "Limit pile: number cards 2-10 of its colour, anyone's; top card = biggest single "
        "delivery, empty = 5 (MR-7).",
        "Go pile: a face card on nothing, an ace or a joker; an ace on a face card. Face "
        "card on top = go, anything else = stop (MR-8).",
        "Deliver: a number card to your own column, while your Go pile of its colour is go, "
        "up to your limit (MR-9).",
    ),
    special=(
        "Joker on a rival's open Go pile: stops them and steals their last delivery of "
        "that colour, if you are go there and it fits your limit; on an empty column or "
        "your own Go pile, just a stop (MR-10).",
        "Discard order matters: the next player can take only the top card (MR-6).",
        "Empty stock: piles keep their top card, discards their top 3, the rest is "
        "reshuffled; still empty = a draw (MR-12).",
    ),
    scoring=(
        "Both columns at 30 or more wins at once, after any card, a stolen one too; a "
        "steal can drop a player below 30 (MR-11).",
        "Table custom, no rule: turn the card that takes a column to 30 sideways (MR-11).",
    ),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "My Limit pile is empty: is there no limit?",
        "There is: an empty Limit pile counts as a 5.",
        ("MR-7",),
    ),
    Question(
        "May I put a low card on a rival's Limit pile?",
        "Yes: anyone's Limit pile takes number cards of its colour; a low one caps their "
        "deliveries.",
        ("MR-7",),
    ),
    Question(
        "Why can't I deliver at the start?",
        "An empty Go pile means stop: open it with a face card of that colour first.",
        ("MR-8", "MR-9"),
    ),
    Question(
        "May I put a face card on a face card?",
        "No: only on an empty Go pile, an ace or a joker. A face card is stopped with an "
        "ace or a joker.",
        ("MR-8",),
    ),
    Question(
        "May I take both cards from the discard pile?",
        "No: one at most, its top card; the other comes from the stock (look at it first if "
        "you like).",
        ("MR-4", "MR-6"),
    ),
    Question(
        "Why was my joker refused?",
        "A steal needs a face card on the rival's Go pile and on your own of that colour, "
        "and the stolen card within your limit.",
        ("MR-10",),
    ),
    Question(
        "I have 30 in black: is black safe?",
        "No: a joker can steal your last black card. Deliver more black, or put an ace on "
        "your own black Go pile.",
        ("MR-11", "MR-13"),
    ),
    Question(
        "I won with my first card: do I play the second?",
        "No: the game ends the moment both your columns reach 30.",
        ("MR-11",),
    ),
)
"""The common mistakes and questions at a Milk Run table, each settled by its rulings."""

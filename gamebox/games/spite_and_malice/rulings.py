"""Spite and Malice's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule the engine enforces, SM-0 to SM-17: the shared rulings
SM-1 to SM-14, SM-0 for text that is no move, and SM-15 to SM-17, the readings the
chapter decided where the shared rulings leave a detail open (the third fold's draw,
rows that skip ranks, who moves after a fold). Every refusal of the engine names one of
them; the chapter's Rulings section, the book's Rulings page, its glossary and the
one-page player aid are drawn from these tables. ``QUESTIONS`` holds the mistakes and
questions a teacher meets at the table, each settled by rulings of the table.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is Kind.HOUSE]
['SM-0', 'SM-3', 'SM-10', 'SM-13', 'SM-14', 'SM-15']
>>> [r.id for r in RULINGS if r.kind is Kind.INFERRED]
['SM-1', 'SM-5', 'SM-11', 'SM-12', 'SM-16', 'SM-17']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

# The chapter's sections that teach the rules (book/md/spite_and_malice.md).
DEAL = "The cards and the deal"
TURN = "A turn"
ROWS = "Rows"
JOKERS = "Jokers"
STUCK = "When nobody can play"
WIN = "Winning"
OPTIONS = "Options"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "SM-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no card played to a stack,"
        " placed on a row, or 'stuck') is refused before any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read.",
        PLAY,
    ),
    Ruling(
        "SM-1",
        Kind.INFERRED,
        "Two players and two 52-card decks: one without jokers makes the pay-off deck, the "
        "other with its jokers makes the draw deck. The draw deck has 2 jokers unless the "
        "option says otherwise (0 to 8; the book version plays with 4).",
        "the post's opening lines: two decks shuffled apart, one of them with jokers. That "
        "the jokers go in the draw deck (as in the book version) and that there are two of "
        "them (a deck's usual pair) is the project's reading.",
        DEAL,
    ),
    Ruling(
        "SM-2",
        Kind.SOURCE,
        "Each player gets a pay-off pile of 26 cards face down with its top card turned up, "
        "and a hand of five from the draw deck; the rest of the draw deck is the stock.",
        "the post's set-up.",
        DEAL,
    ),
    Ruling(
        "SM-3",
        Kind.HOUSE,
        "The player with the higher pay-off up-card (by rank) starts; on equal ranks P0 starts.",
        "not in the source: the post does not say who starts.",
        DEAL,
    ),
    Ruling(
        "SM-4",
        Kind.SOURCE,
        "Each player has four rows of their own; the other player may neither play onto "
        "them nor take from them.",
        "the post's section on rows.",
        ROWS,
    ),
    Ruling(
        "SM-5",
        Kind.INFERRED,
        "A row goes down: a card goes on a card of its own rank or higher, an empty row takes "
        "any card, and only a row's top card may leave it. Aces, twos and jokers never go in a "
        "row; the jokers are the project's reading.",
        "the post's section on rows and its three sample rows; no jokers in rows because the "
        "post lets a joker stand in only on a centre stack.",
        ROWS,
    ),
    Ruling(
        "SM-6",
        Kind.SOURCE,
        "Centre stacks climb one rank at a time from ace to king, suits ignored. Only an ace "
        "starts a stack, there may be as many stacks as aces, and a stack that reaches its "
        "king is set aside.",
        "the post's section on stacks.",
        TURN,
    ),
    Ruling(
        "SM-7",
        Kind.SOURCE,
        "A card goes to the centre from your hand, from the top of one of your rows, or from "
        "your pay-off pile's up-card, after which the next pay-off card is turned up.",
        "the post's sections on stacks and on the pay-off pile.",
        TURN,
    ),
    Ruling(
        "SM-8",
        Kind.SOURCE,
        "A joker may stand for any rank but ace, 2, 7 and king; you say the rank when you "
        "play it to a stack.",
        "the post's sentence on jokers.",
        JOKERS,
    ),
    Ruling(
        "SM-9",
        Kind.SOURCE,
        "An ace you can play (from your hand or your pay-off pile) must be played, and so must "
        "a 2 when a stack shows only its ace. While such a play exists, no other kind of move "
        "is allowed.",
        "the post's forced ace and forced 2.",
        TURN,
    ),
    Ruling(
        "SM-10",
        Kind.HOUSE,
        "Your turn is any number of centre plays, ended by placing one card from your hand on "
        "one of your rows. Centre plays that empty your hand give you five new cards, and the "
        "turn goes on.",
        "not in the post, which never says how a turn ends: the end of a turn of the common "
        "two-deck book version. The post's 'draw as many cards as you have played' (row "
        "placements among them) would even allow several placements; the book keeps one.",
        TURN,
    ),
    Ruling(
        "SM-11",
        Kind.INFERRED,
        "After your turn you draw from the stock until you hold five cards again.",
        "the post's 'draw as many cards as you have played', read as drawing back up to "
        "five: the same count whenever the turn began with five cards in hand.",
        TURN,
    ),
    Ruling(
        "SM-12",
        Kind.INFERRED,
        "You may not pass while you have a legal move. A player with no legal move at all is "
        "stuck and the turn passes; if the other player is then stuck too, with no card played "
        "to the centre in between, both hands go to the set-aside pile and both draw five.",
        "the post forbids passing and folds when neither player can play; that a lone stuck "
        "player passes the turn is the project's reading.",
        STUCK,
    ),
    Ruling(
        "SM-13",
        Kind.HOUSE,
        "When the stock runs out, the set-aside cards are shuffled into a new stock. If both "
        "players are stuck with the stock and the set-aside pile empty, the game is drawn.",
        "the post's reshuffle; the drawn game is not in the source.",
        STUCK,
    ),
    Ruling(
        "SM-14",
        Kind.HOUSE,
        "The first to play the last card of their pay-off pile wins at once, and scores one "
        "point per card left in the other player's pay-off pile.",
        "the post names the winner; the score is the book version's, not in the post.",
        WIN,
    ),
    Ruling(
        "SM-15",
        Kind.HOUSE,
        "A third fold in a row, with no card played to the centre or placed on a row since "
        "the first, ends the game drawn: the same cards would only go round again.",
        "not in the source: the book's own end for a game that cannot go on.",
        STUCK,
    ),
    Ruling(
        "SM-16",
        Kind.INFERRED,
        "A row may skip ranks on its way down: a jack may go straight on a king.",
        "the post's section on rows says only that rows go down; its sample rows neither "
        "show nor forbid a gap.",
        ROWS,
    ),
    Ruling(
        "SM-17",
        Kind.INFERRED,
        "After a fold the player who was stuck first draws five first and moves first.",
        "not in the source: the post folds the hands without saying who goes on.",
        STUCK,
    ),
)

TERMS: tuple[Term, ...] = (
    Term(
        "pay-off pile",
        "Your 26 cards, top card face up, that you race to play out onto the centre stacks.",
        DEAL,
    ),
    Term(
        "up-card", "The face-up top card of a pay-off pile, the only one that may be played.", DEAL
    ),
    Term(
        "draw deck",
        "The second deck, jokers included, that the hands and the stock come from.",
        DEAL,
    ),
    Term("stock", "The face-down cards still to draw, rebuilt from the set-aside pile.", DEAL),
    Term(
        "centre stack",
        "A shared pile in the middle that climbs from ace to king, suits ignored.",
        TURN,
    ),
    Term(
        "forced play",
        "An ace you can play, or a 2 for a stack showing only its ace: it must come first.",
        TURN,
    ),
    Term("row", "One of your four own piles, built downward, whose top card you may play.", ROWS),
    Term(
        "joker", "A card that stands for any rank but ace, 2, 7 and king on a centre stack.", JOKERS
    ),
    Term(
        "set-aside pile",
        "Finished stacks and folded hands, shuffled into a new stock when the stock runs out.",
        STUCK,
    ),
    Term("stuck", "Having no legal move at all, so the turn passes.", STUCK),
    Term(
        "fold",
        "Both hands put on the set-aside pile and five new cards each, when both are stuck.",
        STUCK,
    ),
)

AID = PlayerAid(
    goal="Be the first to play out all 26 cards of your pay-off pile onto the centre stacks.",
    setup=(
        "Two players, two decks: one without jokers for the pay-off piles, one with 2 jokers "
        "(4 for a first game) for the draw deck (SM-1).",
        "Deal each player 26 pay-off cards face down, top card up, and 5 draw cards; the rest "
        "is the stock (SM-2).",
        "The higher pay-off up-card starts; equal ranks, P0 starts (SM-3).",
    ),
    turn=(
        "Forced first: an ace you can play, then a 2 for a stack showing only its ace (SM-9).",
        "Play any cards to the centre: from your hand, a row's top, or your pay-off up-card, "
        "then turn up the next pay-off card (SM-7).",
        "Stacks climb ace to king, suits ignored; only an ace starts one; a king's stack is "
        "set aside (SM-6).",
        "End the turn by placing one hand card on one of your four rows (SM-10).",
        "Hand emptied by centre plays: draw five and go on (SM-10).",
        "After the turn, draw back up to five (SM-11).",
    ),
    special=(
        "Rows go down, equal ranks and gaps allowed; no aces, twos or jokers in a row (SM-5, "
        "SM-16).",
        "A joker is any rank but A, 2, 7 and K, on a centre stack only; say its rank (SM-8).",
        "No passing. No legal move: you are stuck and the turn passes (SM-12).",
        "Both stuck in a row: both hands go aside, both draw five, the first stuck moves "
        "(SM-12, SM-17).",
        "Stock empty: shuffle the set-aside cards into a new stock (SM-13).",
    ),
    scoring=(
        "Play your last pay-off card and you win at once (SM-14).",
        "The winner scores one point per card left in the loser's pay-off pile (SM-14).",
        "Drawn: both stuck with no stock and nothing set aside (SM-13), or a third fold in a "
        "row with no card played or placed since (SM-15).",
    ),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "I played a card to the centre: is my turn over?",
        "No: only placing a hand card on one of your rows ends it. If your hand runs out "
        "first, draw five and go on.",
        ("SM-10",),
    ),
    Question(
        "Can I keep an ace for later?",
        "No: an ace you can play goes out at once, and so does a 2 for a stack showing only "
        "its ace.",
        ("SM-9",),
    ),
    Question(
        "Can a 10 go on a 9 in my row?",
        "No: rows only go down. Equal ranks and gaps are fine.",
        ("SM-5", "SM-16"),
    ),
    Question(
        "Can a row card, or my pay-off card, go onto a row?",
        "No: those go only to the centre. Only hand cards go on rows.",
        ("SM-7", "SM-10"),
    ),
    Question(
        "Can I use my opponent's rows?",
        "No: nobody plays onto or from another player's rows.",
        ("SM-4",),
    ),
    Question(
        "Can a joker be a 7, or go in a row?",
        "No: it is any rank but ace, 2, 7 and king, on a centre stack only.",
        ("SM-8", "SM-5"),
    ),
    Question(
        "No placement suits me: may I pass?",
        "No: while you have any legal move, you must make one.",
        ("SM-12",),
    ),
    Question(
        "I was stuck, then my opponent played to the centre and got stuck: do we fold?",
        "No: that play may have freed you, so the turn just passes back to you.",
        ("SM-12",),
    ),
)

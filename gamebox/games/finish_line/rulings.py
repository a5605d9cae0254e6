"""Finish Line's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule the book plays by, FL-0 to FL-24: the shared rulings
FL-1 to FL-17, FL-0 for text that is no move, FL-18 to FL-23, the readings the
chapter decided where the surviving text says nothing (the table's size, the second
die's waiting marker, the order of the dice, and the tie-breaks of the queen, the two
and the attacks), and FL-24, the source's word on the dice themselves. Five rulings
rebuild rules the lost parts of the source held (*reconstructed*). Every refusal of the
engine names one of them; the chapter's Rulings section, the book's Rulings page, its
glossary and the one-page player aid are drawn from these tables, and ``QUESTIONS``
answers the mistakes and questions a teacher meets at the table.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is Kind.RECONSTRUCTED]
['FL-2', 'FL-11', 'FL-12', 'FL-15', 'FL-16']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

# The chapter's sections that teach the rules (book/md/finish_line.md).
DEAL = "The cards and the deal"
TURN = "A turn"
STOP = "Moving: the stop value"
FINISH = "Reaching the finish"
SPECIAL = "Special cards"
ATTACKS = "Attacks"
END = "The end"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "FL-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no roll, no marker moved "
        "by a die, no marker yanked or swapped) is refused before any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read",
        PLAY,
    ),
    Ruling(
        "FL-1",
        Kind.SOURCE,
        "The six wing cards are dealt first, three down each side. A wing must be a 3 to 10: "
        "a face card, ace, two or joker that turns up goes back into the middle of the deck.",
        "Setting up the board (the wing cards)",
        DEAL,
    ),
    Ruling(
        "FL-2",
        Kind.RECONSTRUCTED,
        "The other 48 cards are dealt as six rows of eight, so the board uses the whole deck; "
        "the option row_length deals shorter rows.",
        "Setting up the board (the rest of the board); the diagram giving its size is lost",
        DEAL,
    ),
    Ruling(
        "FL-3",
        Kind.SOURCE,
        "The path starts on an imaginary start square, zigzags along the rows from the bottom "
        "one up, climbing to a wing card between rows, and ends on the upper right wing, the "
        "finish.",
        "Setting up the board (the path and the finish line)",
        DEAL,
    ),
    Ruling(
        "FL-4",
        Kind.SOURCE,
        "Wing cards, jokers and the start are safeties: no queen can pull, no jack can yank "
        "and no attack can touch a marker standing on one (nor can a two swap it, FL-15).",
        "Setting up the board (safeties), and the queen, jack and attack examples, which "
        "spare markers on safeties; the two's list entry is lost",
        DEAL,
    ),
    Ruling(
        "FL-5",
        Kind.SOURCE,
        "A turn starts with a roll of both dice; their total is the turn's stop value (11 "
        "counts as a jack, 12 as a queen, 2 as a two).",
        "Stage one (the roll and the stop value)",
        TURN,
    ),
    Ruling(
        "FL-6",
        Kind.SOURCE,
        "Each die moves one marker forward by its pips, the same marker for both dice or two "
        "different ones; each die is used once.",
        "Stage one (moving markers)",
        TURN,
    ),
    Ruling(
        "FL-7",
        Kind.SOURCE,
        "A marker that steps onto a card showing the stop value halts there, spare pips lost, "
        "and goes no further this turn. A marker that began the turn on such a card may leave.",
        "Stage one (stop cards, and the example of two fours)",
        STOP,
    ),
    Ruling(
        "FL-8",
        Kind.SOURCE,
        "A marker reaches the finish with the exact count, or by being halted on it when the "
        "finish card shows the stop value; a die that would overshoot cannot move it.",
        "Stage one (reaching the finish line exactly)",
        FINISH,
    ),
    Ruling(
        "FL-9",
        Kind.INFERRED,
        "A marker on the finish is out of play, and the player uses the dice in either order. "
        "A die that no marker can use is simply lost (the project's reading).",
        "Stage one (markers on the finish line); not in the source: the unusable die",
        TURN,
    ),
    Ruling(
        "FL-10",
        Kind.SOURCE,
        "Each marker that ended its dice move on an ace, king, queen, jack or two rolls both "
        "dice, the most advanced first; the card acts only if the die of its suit's colour "
        "is strictly higher. Markers moved by a card never roll.",
        "Stage two (activating special cards)",
        SPECIAL,
    ),
    Ruling(
        "FL-11",
        Kind.RECONSTRUCTED,
        "An active king is a ladder: the marker climbs to the card one row up in the same "
        "column. On the top row a king does nothing and nobody rolls for it.",
        "Stage two (the list of card actions is lost; the text mentions climbing a ladder)",
        SPECIAL,
    ),
    Ruling(
        "FL-12",
        Kind.RECONSTRUCTED,
        "An active ace is a chute: the marker slides to the card one row down in the same "
        "column, or back to the start from the bottom row.",
        "Stage two (the list of card actions is lost; the text mentions falling down a chute)",
        SPECIAL,
    ),
    Ruling(
        "FL-13",
        Kind.SOURCE,
        "An active queen pulls your nearest marker behind it that is not on a safety up onto "
        "the queen. With no such marker nobody rolls for the queen.",
        "Stage two (the queen, and the example of the queen of hearts)",
        SPECIAL,
    ),
    Ruling(
        "FL-14",
        Kind.SOURCE,
        "An active jack yanks one opposing marker back onto the jack: for any opponent, "
        "their least advanced marker beyond the jack and off the safeties. With none, nobody "
        "rolls.",
        "Stage two (the jack, and the example of the jack of spades)",
        SPECIAL,
    ),
    Ruling(
        "FL-15",
        Kind.RECONSTRUCTED,
        "An active two swaps your marker with an opposing marker of your choice that is "
        "neither on a safety nor home; if one exists you must swap, even backward.",
        "Stage two (the list of card actions is lost; the text warns of a forced switch)",
        SPECIAL,
    ),
    Ruling(
        "FL-16",
        Kind.RECONSTRUCTED,
        "A marker that moved this turn and shares a card that is no safety with opposing "
        "markers attacks once: doubles fail, otherwise every opposing marker there goes back "
        "by the difference of the dice, never behind the start.",
        "Stage three (attacks; doubles failing is the source's, the distance back is lost)",
        ATTACKS,
    ),
    Ruling(
        "FL-17",
        Kind.SOURCE,
        "The first player with all three markers on the finish wins at once; if the table "
        "likes, the others play on for the places (option play_for_places).",
        "The object, and the end of the game",
        END,
    ),
    Ruling(
        "FL-18",
        Kind.HOUSE,
        "A table seats two to six players.",
        "not in the source: it says two or more players and sets no upper limit",
        DEAL,
    ),
    Ruling(
        "FL-19",
        Kind.INFERRED,
        "When the first die brings a marker onto a card where another of yours waits, the "
        "second die may move either one; the move then names the marker that waited, and "
        "the one that arrived stays to roll for its card or attack.",
        "Stage one (the same marker or a different one); which of two markers on one card "
        "moves is the project's reading",
        TURN,
    ),
    Ruling(
        "FL-20",
        Kind.INFERRED,
        "The player may use the dice in an order that leaves the second die with no move, "
        "losing it, even when the other order would have used both.",
        "not in the source: it lets the player order the dice and says nothing of a lost die",
        TURN,
    ),
    Ruling(
        "FL-21",
        Kind.INFERRED,
        "When the queen's nearest marker behind it shares a card with another of yours, the "
        "one that is not waiting for its own roll is pulled up.",
        "not in the source: the queen's rule names one nearest marker",
        SPECIAL,
    ),
    Ruling(
        "FL-22",
        Kind.HOUSE,
        "An opposing marker on the two itself is no target for the swap, since swapping it "
        "would change nothing.",
        "not in the source: the card actions are lost",
        SPECIAL,
    ),
    Ruling(
        "FL-23",
        Kind.INFERRED,
        "Only the markers of the player whose turn it is attack, the most advanced first.",
        "Stage three (each marker that moved attacks); whose markers attack and in what "
        "order is the project's reading",
        ATTACKS,
    ),
    Ruling(
        "FL-24",
        Kind.SOURCE,
        "Any two dice that can be told apart will do: before the game, agree which one stands "
        "for the red suits (hearts, diamonds) and which for the black (spades, clubs).",
        "Equipment (the dice need not be red and black, only distinguishable)",
        DEAL,
    ),
)

TERMS: tuple[Term, ...] = (
    Term("marker", "One of a player's three pieces racing along the path.", DEAL),
    Term(
        "wing card",
        "One of the six 3-to-10 cards dealt on the board's left and right edges, "
        "joining one row to the next.",
        DEAL,
    ),
    Term("finish line", "The upper right wing card, the last square of the path.", DEAL),
    Term(
        "path",
        "The zigzag of cards from the imaginary start, along each row in turn, to the finish.",
        DEAL,
    ),
    Term(
        "safety",
        "A wing card, a joker or the start: no card or attack can touch a marker there.",
        DEAL,
    ),
    Term(
        "stop value",
        "The total of the turn's two dice; a moving marker halts on the first card of that rank.",
        STOP,
    ),
    Term("stop card", "A card whose rank equals the turn's stop value.", STOP),
    Term(
        "special card",
        "An ace, king, queen, jack or two: a marker that lands on one rolls to make it act.",
        SPECIAL,
    ),
    Term("ladder", "A king that acts: the marker climbs one row up the same column.", SPECIAL),
    Term(
        "chute",
        "An ace that acts: the marker slides one row down the same column, or to the start.",
        SPECIAL,
    ),
    Term("pull", "A queen that acts draws your nearest marker behind it onto the queen.", SPECIAL),
    Term("yank", "A jack that acts drags an opposing marker back onto the jack.", SPECIAL),
    Term("swap", "A two that acts trades places between your marker and an opponent's.", SPECIAL),
    Term(
        "attack",
        "A roll by a marker sharing an unsafe card with opponents; unless doubles, they go "
        "back by the difference.",
        ATTACKS,
    ),
)

AID = PlayerAid(
    goal="Be the first to bring all three of your markers along the zigzag path to the "
    "finish line.",
    setup=(
        "2 to 6 players (FL-18); one 54-card deck with both jokers; two dice you can tell "
        "apart, one agreed as red, one as black (FL-24); three markers each, on the start.",
        "Deal six wing cards first, three per side; only a 3 to 10 may be a wing, anything "
        "else goes back into the deck (FL-1).",
        "Deal the rest as six rows of eight (FL-2). The path zigzags from the bottom row up; "
        "the upper right wing is the finish (FL-3).",
        "Safeties: wings, jokers and the start (FL-4).",
    ),
    turn=(
        "Roll: both dice; their total is the stop value (11 jack, 12 queen, 2 two) (FL-5).",
        "Move: a marker by one die, then a marker (the same or another) by the other, in "
        "either order (FL-6, FL-9). A marker stepping onto a card of the stop value halts "
        "there for the turn (FL-7).",
        "Special cards: each marker a die left on an A, K, Q, J or 2 rolls, most advanced "
        "first; the card acts if its colour's die is higher (FL-10).",
        "Attacks: each of your markers that moved and shares an unsafe card with opponents "
        "attacks once (FL-16).",
    ),
    special=(
        "King: ladder, one row up the same column (FL-11). Ace: chute, one row down, or to "
        "the start (FL-12).",
        "Queen: pull up your nearest marker behind it, off the safeties (FL-13).",
        "Jack: yank back an opponent's least advanced marker beyond the jack (FL-14).",
        "Two: swap with an opposing marker off the safeties, even one behind (FL-15).",
        "No target, no roll. Markers moved by a card never roll (FL-10).",
    ),
    scoring=(
        "Attack: doubles fail; otherwise the opponents there go back by the difference (FL-16).",
        "The finish takes the exact count, or a halt on it by the stop value (FL-8).",
        "All three markers home wins at once; others may play on for places (FL-17).",
    ),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "My marker starts the turn on a card of the stop value: is it stuck?",
        "No: the stop value halts only a marker that steps onto such a card.",
        ("FL-7",),
    ),
    Question(
        "A stop card halted my marker: can the other die carry it on?",
        "No, it stays there this turn; the other die moves another marker or is lost.",
        ("FL-7", "FL-9"),
    ),
    Question(
        "Can a bigger die bring a marker home?",
        "Only if the finish card shows the stop value and halts it; else only the exact count.",
        ("FL-8",),
    ),
    Question(
        "My marker already stood on a king: do I roll for it?",
        "No: only a marker that a die moved this turn rolls for its card.",
        ("FL-10",),
    ),
    Question(
        "Two of my markers share a card: which does the second die move?",
        "Either; moving the one that waited leaves the newcomer to roll or attack.",
        ("FL-19",),
    ),
    Question(
        "My two acted and every target is behind me: may I refuse?",
        "No: the book's two always swaps when it has a target.",
        ("FL-15",),
    ),
    Question(
        "A marker I knocked back lands by my other marker: is it attacked again?",
        "No: attacks hit only the markers there when the special cards were done.",
        ("FL-16",),
    ),
    Question(
        "No red and black dice?",
        "Any two dice you can tell apart will do; agree first which counts as red.",
        ("FL-24",),
    ),
)

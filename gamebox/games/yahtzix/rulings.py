"""Yahtzix's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule the engine enforces, YX-0 to YX-18: the shared rulings
YX-1 to YX-12, YX-0 for text that is no move, and YX-13 to YX-18, the readings the
chapter decided where the shared rulings leave a detail open. Every refusal of the
engine names one of them; the chapter's Rulings section, the book's Rulings page, its
glossary and the one-page player aid are drawn from these tables.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is Kind.HOUSE]
['YX-0', 'YX-16']
>>> [r.id for r in RULINGS if r.kind is Kind.INFERRED]
['YX-2', 'YX-3', 'YX-8', 'YX-10', 'YX-11', 'YX-12', 'YX-13', 'YX-14', 'YX-15', 'YX-17', 'YX-18']

``QUESTIONS`` holds the mistakes and questions a teacher meets at the table, each tied to
the rulings that settle it; the chapter, the player aid and the Rulings page show them.
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

# The chapter's sections that teach the rules (book/md/yahtzix.md).
START = "The dice, and how a game starts"
TURN = "A turn, step by step"
WORTH = "What the dice are worth"
LATER = "Later rolls, and going bust"
OPENING = "Opening at 30"
GO = "Go for it"
END = "The end of the game"
OPTIONS = "Options and variation L"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "YX-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no roll, keep, bank or "
        "going for it) is refused before any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read.",
        PLAY,
    ),
    Ruling(
        "YX-1",
        Kind.SOURCE,
        "A die showing 1 is worth 10 and a die showing 5 is worth 5, in any roll of a turn.",
        "rule A (Start).",
        WORTH,
    ),
    Ruling(
        "YX-2",
        Kind.INFERRED,
        "In the first roll of a turn only, premiums score: three of a kind is ten times the "
        "face (three 1s make 30), four of a kind 250, two triplets 150, a five-dice straight "
        "150, a six-dice straight 200, and all six dice counting 100. The 250 is the "
        "project's reading, since the score table lost that line.",
        "the score table and rule A; the 250 from rules A and H.",
        WORTH,
    ),
    Ruling(
        "YX-3",
        Kind.INFERRED,
        "A roll is worth the best total over the ways of counting it with each die used "
        "once, or 100 if every die counts, whichever is more. Five or six of a kind count "
        "as four of a kind plus single 1s or 5s, or as two triplets, whichever is more.",
        "rules D(3) and K; five and six of a kind are the project's reading.",
        WORTH,
    ),
    Ruling(
        "YX-4",
        Kind.SOURCE,
        "The source's own count: 1, 2, 2, 2, 5, 5 is 40 piece by piece but scores 100 "
        "because all six dice count; 1, 1, 2, 3, 5, 5 is 30.",
        "rules D(3) and G.",
        WORTH,
    ),
    Ruling(
        "YX-5",
        Kind.SOURCE,
        "A turn starts by rolling all six dice. A first roll with no 1, no 5 and no premium "
        "is bust: the turn scores nothing.",
        "rules B(2) and F (Bust).",
        TURN,
    ),
    Ruling(
        "YX-6",
        Kind.SOURCE,
        "After a roll you set aside at least one scoring die (a premium's dice together), "
        "then bank the turn or roll the dice that are left, at most three rolls a turn. You "
        "may roll again only after a roll with a 1 or a 5 in it.",
        "rules B(3), B(4), D(1) and G (Choices).",
        TURN,
    ),
    Ruling(
        "YX-7",
        Kind.SOURCE,
        "The second and third rolls score only their 1s and 5s, and one with neither is "
        "bust, losing everything set aside that turn. Dice from different rolls never add "
        "up to a premium.",
        "rules F (Bust), H (Counting) and K (Scoring).",
        LATER,
    ),
    Ruling(
        "YX-8",
        Kind.INFERRED,
        "When all six dice are set aside the turn ends and is banked: the dice are not "
        "rolled again (no 'hot dice').",
        "not in the source: it never lets set-aside dice be rolled again.",
        TURN,
    ),
    Ruling(
        "YX-9",
        Kind.SOURCE,
        "A player's score is recorded only from her first turn worth 30 or more; a smaller "
        "turn before that scores nothing.",
        "rule B(1) (Opening rules).",
        OPENING,
    ),
    Ruling(
        "YX-10",
        Kind.INFERRED,
        "When the player before you banked with dice left over, you may go for it: say so, "
        "and her set-aside dice and total become your first roll; you roll her leftover "
        "dice, keeping her total plus yours with a 1 or a 5 and going bust without. She keeps "
        "her score either way. After a go-for-it bust the same offer passes on to the next "
        "player; a turn that ends any other way (a fresh turn's bust, a bank with no dice "
        "left over) leaves nothing on offer. Going for it may open you.",
        "rule I (Go for it); who may go for it after a bust, how long an offer lasts and "
        "opening by it are the project's reading.",
        GO,
    ),
    Ruling(
        "YX-11",
        Kind.INFERRED,
        "When a player reaches the target (2,000, or 1,500 or 1,000 if agreed), every other "
        "player has one last turn; then the highest score wins and equal highest scores "
        "share the win.",
        "rule J (Going out) says only that the highest score then wins; that equal highest "
        "scores share the win is the project's reading.",
        END,
    ),
    Ruling(
        "YX-12",
        Kind.INFERRED,
        "Variation L: you must finish on exactly the target, and a turn that would pass it "
        "scores nothing. Within 50 points of it you may roll fewer dice, and a first roll "
        "showing a premium counts for nothing (the project's reading of the ban on other "
        "premiums).",
        "rule L (Variation); a premium counting for nothing is the project's reading of its "
        "ban on other premiums.",
        OPTIONS,
    ),
    Ruling(
        "YX-13",
        Kind.INFERRED,
        "Player 1 takes the first turn and play goes round the table in seat order.",
        "not in the source: it says only that the dice are rolled to start the game.",
        START,
    ),
    Ruling(
        "YX-14",
        Kind.INFERRED,
        "'Roll again only with a 1 or a 5' is read literally: the roll itself must show a 1 "
        "or a 5, whichever dice you set aside, so a roll that scores only by a premium is "
        "banked.",
        "rule D(1) (General rules), read literally.",
        TURN,
    ),
    Ruling(
        "YX-15",
        Kind.INFERRED,
        "Every die you set aside must count. Part of a premium may be set aside when that "
        "part counts by itself (one 1 of three 1s, for 10), never dice that count only as a "
        "premium (two 2s of three).",
        "not in the source: rule B(4) says only to keep a scoring die back.",
        TURN,
    ),
    Ruling(
        "YX-16",
        Kind.HOUSE,
        "Nothing is asked when there is no choice: a bust, the end of a turn after the third "
        "roll or with all six dice aside, and the bank of a premium-only roll happen by "
        "themselves.",
        "not in the source: how the book and the engine play the forced steps.",
        TURN,
    ),
    Ruling(
        "YX-17",
        Kind.INFERRED,
        "Nobody may go for her own banked turn: when everyone after her went for it and "
        "went bust, it comes back to her and she rolls six fresh dice. A banked turn under "
        "30 of a player who has not opened may still be gone for.",
        "rule I (Go for it) speaks of the previous player's score; the rest is the "
        "project's reading.",
        GO,
    ),
    Ruling(
        "YX-18",
        Kind.INFERRED,
        "In variation L near the target, all count never scores, you choose how many dice to "
        "roll at every roll of your turn but the go-for-it roll (it rolls all her leftover "
        "dice), and the game still ends with everyone's last turn.",
        "rule L (Variation); 'may be ignored' and the rest are the project's reading.",
        OPTIONS,
    ),
)

TERMS: tuple[Term, ...] = (
    Term(
        "set aside", "To keep scoring dice out of the next roll; they make the turn's total.", TURN
    ),
    Term("cup", "The dice not set aside this turn: the ones the next roll uses.", TURN),
    Term("turn total", "The points set aside so far this turn, lost on a bust.", TURN),
    Term("bank", "To stop rolling and add the turn total to your score.", TURN),
    Term("bust", "A roll with nothing to score: the turn ends and its points are lost.", TURN),
    Term(
        "premium",
        "A set of dice that scores together, such as three of a kind or a straight; only in "
        "the first roll of a turn.",
        WORTH,
    ),
    Term(
        "triple", "Three dice with the same face, worth ten times the face (three 1s: 30).", WORTH
    ),
    Term("two triplets", "Six dice made of two sets of three of a kind: 150.", WORTH),
    Term("straight", "Five dice in a run (1-5 or 2-6, 150) or all six (1-6, 200).", WORTH),
    Term("all count", "A roll in which each of the six dice scores in some way: 100.", WORTH),
    Term("open", "To make a first turn of 30 or more; only then are scores recorded.", OPENING),
    Term(
        "go for it",
        "To start your turn from the previous player's banked dice and total, rolling her "
        "leftover dice.",
        GO,
    ),
    Term(
        "play-around", "The last turn every other player has once someone reaches the target.", END
    ),
    Term(
        "target", "The score that ends the game: 2,000, or 1,500 or 1,000 for a shorter one.", END
    ),
    Term(
        "variation L",
        "The optional rule that you must finish on exactly the target.",
        OPTIONS,
    ),
)

AID = PlayerAid(
    goal="Have the highest score once someone reaches 2,000 and everyone else has had one "
    "last turn.",
    setup=(
        "2 to 8 players, six dice, a scorekeeper with a score sheet; nobody has a score yet.",
        "Table custom: add up a turn on a scratch pad; the sheet gets only the turn's total.",
        "Player 1 starts; play goes round the table (YX-13).",
        "Scores are recorded only from a player's first turn of 30 or more (YX-9).",
    ),
    turn=(
        "Roll all six dice; no 1, no 5 and no premium (see Scoring) is bust: the turn scores "
        "nothing (YX-5).",
        "Set aside at least one scoring die, a premium's dice together, every die counting "
        "(YX-6, YX-15).",
        "Then bank the turn total, or roll the dice left; three rolls at most (YX-6).",
        "Roll again only if the roll showed a 1 or a 5 (YX-14).",
        "Rolls two and three score only 1s and 5s; neither is bust, losing the turn (YX-7).",
        "All six dice aside ends the turn, banked (YX-8).",
    ),
    special=(
        "Go for it: if the player before banked with dice left over, say so, take her dice and "
        "total as your first roll and roll her leftover dice; a 1 or 5 keeps it, else bust "
        "(YX-10).",
        "Never go for your own banked turn (YX-17).",
        "Variation L: finish on exactly the target; within 50 roll fewer dice, premiums "
        "then count nothing (YX-12, YX-18).",
    ),
    scoring=(
        "Each 1 = 10, each 5 = 5, in any roll (YX-1).",
        "Premiums, first roll only: triple = 10 × face (three 1s = 30), four of a kind 250, two "
        "triplets 150, straight 1-5 or 2-6 150, 1-6 200, all six count 100 (YX-2).",
        "Count a roll the best way, each die once (YX-3, YX-4).",
        "Reach the target (2,000; or 1,500 or 1,000) and everyone else has one last turn; "
        "the highest score wins, equal highest share the win (YX-11).",
    ),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "Do three 4s in a second roll score?",
        "No: after the first roll of a turn only 1s and 5s count.",
        ("YX-7",),
    ),
    Question(
        "Is a 5 in each of three rolls a premium?",
        "No: a premium must land in one first roll.",
        ("YX-2", "YX-7"),
    ),
    Question(
        "Is 1, 2, 2, 2, 5, 5 worth 40?",
        "No, 100: all six dice count, and a roll scores its best count.",
        ("YX-3", "YX-4"),
    ),
    Question(
        "Three 2s and nothing else: may I roll on?",
        "No: you roll again only after a roll with a 1 or a 5, so the 20 is banked.",
        ("YX-6", "YX-14"),
    ),
    Question(
        "Does a 20 before I open count?",
        "No: you open with 30 in one turn; a smaller turn before that scores nothing.",
        ("YX-9",),
    ),
    Question(
        "All six dice are aside: do I roll them again?",
        "No: the turn ends there, banked.",
        ("YX-8",),
    ),
    Question(
        "The player before me went bust: may I go for it?",
        "Only if she went bust going for it: that offer passes on to you.",
        ("YX-10",),
    ),
    Question(
        "Someone reached 2,000: is the game over?",
        "Not yet: everyone else has one last turn; then the highest score wins (equal "
        "highest share the win).",
        ("YX-11",),
    ),
)

"""The worked examples of the Yahtzix rules, as scenarios with fixed dice.

Every roll is a chance move written out (``roll 1 1 2 3 5 5``), so each example replays
the same way in the tests and on the book's boards. Where the source gives only the
dice of one roll, the book chooses the rest of the turn and says so. ``GUIDE`` is the
guided first game of the play board: the reader plays Player 1 for three turns (nine
moves), from opening with 30 to a roll where every die counts, and then plays on
against the bot.
"""

from __future__ import annotations

from gamebox.scenario import Scenario, Step

GAME = "yahtzix"
SRC = "Yahtzix rules (Continental Ranch)"

CHOICES = Scenario(
    id="yx-choices",
    game=GAME,
    title="Five ways to play 1, 1, 2, 3, 5, 5",
    source=f"{SRC}, rule G (Choices)",
    intro="Player 1 starts the game: nobody has scored yet, so she still has to open.",
    setup={},
    steps=(
        Step(
            "roll 1 1 2 3 5 5",
            "Her first roll lands on the table: 1, 1, 2, 3, 5 and 5. Two 1s and two 5s make "
            "30 if all four count; the 2 and the 3 score nothing, and there is no premium.",
            rules=("YX-1", "YX-4"),
        ),
        Step(
            "keep 1 1 5 5",
            "She must set aside at least one scoring die before anything else. One 1 (10) "
            "and rolling five dice, both 1s (20) and rolling four, the 1s and a 5 (25) and "
            "rolling three, or the 1s and both 5s (30) and rolling two or banking: those are "
            "the source's five choices. She sets the two 1s and the two 5s aside.",
            rules=("YX-6",),
            ask=("roll", "keep 1 1 2", "keep 1", "keep 1 1", "keep 1 1 5", "keep 1 1 5 5"),
            prompt="Your move: what may Player 1 do with 1, 1, 2, 3, 5, 5?",
        ),
        Step(
            "bank",
            "With 30 aside she banks rather than risk it on two dice: the 30 goes onto her "
            "score, exactly enough to open, so it is recorded. The exact odds agree that "
            "banking is best here.",
            rules=("YX-9",),
            ask=("bank", "roll", "keep 2 3"),
            prompt="Your move: bank the 30 or roll the last two dice?",
        ),
    ),
)

ALL_COUNT = Scenario(
    id="yx-all-count",
    game=GAME,
    title="1, 2, 2, 2, 5, 5 is worth 100, not 40",
    source=f"{SRC}, rule D(3) (General rules)",
    intro="Player 1 rolls her first roll of the turn.",
    setup={},
    steps=(
        Step(
            "roll 1 2 2 2 5 5",
            "The six dice land on the table: 1, 2, 2, 2, 5 and 5. Counted piece by piece this "
            "roll is 40: the triple 2 is 20, the 1 is 10 and the two 5s are 10. But every one "
            "of the six dice counts, and 'all count' is worth 100.",
            rules=("YX-2", "YX-3", "YX-4"),
        ),
        Step(
            "keep 1 2 2 2 5 5",
            "She sets all six aside, 1, 2, 2, 2, 5 and 5, for 100: the highest way of "
            "counting the roll. Two of the 2s alone would count for nothing, so they cannot "
            "be set aside.",
            rules=("YX-3", "YX-6"),
            ask=("keep 2 2", "keep 1 2 2 2", "keep 1 2 2 2 5 5"),
            prompt="Your move: which dice does Player 1 set aside?",
        ),
        Step(
            None,
            "All six dice are set aside, so the turn ends with 100 banked (no 'hot dice': the "
            "dice are not rolled again). 100 is well over 30, so Player 1 is open.",
            rules=("YX-8", "YX-9"),
        ),
    ),
)

FIVES = Scenario(
    id="yx-fives",
    game=GAME,
    title="A 5, then two 5s, then a 5: 20 points, not four of a kind",
    source=f"{SRC}, rule H (Counting); the other dice are the book's",
    intro="Player 1 has 120 and Player 2 has 85; both have opened. Player 1 rolls.",
    setup={"scores": [120, 85]},
    steps=(
        Step(
            "roll 2 2 3 5 6 6",
            "The first roll lands on the table: 2, 2, 3, 5, 6 and 6. A single 5 and nothing "
            "else that counts.",
            rules=("YX-1",),
        ),
        Step(
            "keep 5",
            "She sets the 5 aside (5 points) and has five dice left in the cup.",
            rules=("YX-6",),
        ),
        Step(
            "roll",
            "She rolls the five dice from the cup: this is roll two of at most three.",
            rules=("YX-6",),
        ),
        Step(
            "roll 4 4 4 5 5",
            "4, 4, 4, 5 and 5 land on the table: three 4s and two 5s. In a second roll only "
            "1s and 5s count: the three 4s are no triple now.",
            rules=("YX-7",),
        ),
        Step(
            "keep 5 5",
            "She sets the two 5s aside: 15 points. Set-aside dice from different rolls never "
            "make a premium, and later rolls score no premiums at all.",
            rules=("YX-7",),
            ask=("keep 4 4 4 5 5", "keep 5", "keep 5 5"),
            prompt="Your move: what may Player 1 set aside from 4, 4, 4, 5, 5?",
        ),
        Step("roll", "She rolls the last three dice from the cup: roll three.", rules=("YX-6",)),
        Step(
            "roll 3 5 6",
            "3, 5 and 6 land on the table: one more 5, the fourth of the turn, each from a "
            "different roll.",
            rules=("YX-7",),
        ),
        Step(
            "keep 5",
            "She sets the 5 aside: 20, four single 5s, not four of a kind (250). That was "
            "the third roll, so the turn ends and 20 is added to her 120.",
            rules=("YX-6", "YX-7"),
        ),
    ),
)

STRAIGHT = Scenario(
    id="yx-straight",
    game=GAME,
    title="1-2-3-4-5-6 is one straight: 200",
    source=f"{SRC}, rule K (Scoring)",
    intro="Player 1 rolls her first roll of the turn.",
    setup={},
    steps=(
        Step(
            "roll 1 2 3 4 5 6",
            "The six dice land on the table: 1, 2, 3, 4, 5 and 6. A six-dice straight: 200. "
            "It is not also two five-dice straights (1-5 and 2-6), because each die counts "
            "once.",
            rules=("YX-2", "YX-3"),
        ),
        Step(
            "keep 1 2 3 4 5 6",
            "She sets all six aside, 1, 2, 3, 4, 5 and 6, for 200. Claiming both small "
            "straights would need the 2, 3, 4 and 5 twice.",
            rules=("YX-3", "YX-6"),
            ask=("keep 1 2 3 4 5 2 3 4 5 6", "keep 1 2 3 4 5", "keep 1 2 3 4 5 6"),
            prompt="Your move: how does Player 1 count 1, 2, 3, 4, 5, 6?",
        ),
        Step(None, "All six dice are aside: the turn ends with 200 banked.", rules=("YX-8",)),
    ),
)

OPENING = Scenario(
    id="yx-opening",
    game=GAME,
    title="Opening at 30",
    source=f"{SRC}, rule B (Opening rules); the dice are the book's",
    intro="A new game: neither player has opened yet.",
    setup={},
    steps=(
        Step(
            "roll 1 2 3 3 5 5",
            "Player 1's dice land on the table: 1, 2, 3, 3, 5 and 5, a 1 and two 5s: 20 points.",
            rules=("YX-1",),
        ),
        Step("keep 1 5 5", "She sets the 1 and the two 5s aside.", rules=("YX-6",)),
        Step(
            "bank",
            "She banks her 20, but nothing is recorded until a single turn makes 30 or more, "
            "so her score stays at 0.",
            rules=("YX-9",),
        ),
        Step(
            "roll",
            "Player 2 could go for Player 1's 20 with her three leftover dice; instead he "
            "rolls all six dice from the cup.",
            rules=("YX-10",),
        ),
        Step(
            "roll 1 2 3 4 6 6",
            "1, 2, 3, 4, 6 and 6 land on the table: a 1, and no 5, so no straight. 10 points.",
            rules=("YX-1",),
        ),
        Step("keep 1", "He sets the 1 aside and has five dice left in the cup.", ("YX-6",)),
        Step("roll", "Roll two: he rolls the five dice from the cup.", rules=("YX-6",)),
        Step("roll 2 3 3 5 6", "2, 3, 3, 5 and 6 land on the table: a 5.", rules=("YX-7",)),
        Step("keep 5", "He sets the 5 aside: 15, with four dice left in the cup.", ("YX-6",)),
        Step("roll", "Roll three, the last one: he rolls the four dice from the cup.", ("YX-6",)),
        Step("roll 1 2 2 5", "1, 2, 2 and 5 land on the table: a 1 and a 5.", ("YX-7",)),
        Step(
            "keep 1 5",
            "He sets the 1 and the 5 aside: 15 more makes 30 in one turn, the third roll ends "
            "it, and 30 opens: Player 2's score is recorded.",
            rules=("YX-9",),
        ),
    ),
)

BUST = Scenario(
    id="yx-bust",
    game=GAME,
    title="Going bust",
    source=f"{SRC}, rule F (Bust); the dice are the book's",
    intro="Player 1 has 300 and Player 2 has 250.",
    setup={"scores": [300, 250]},
    steps=(
        Step(
            "roll 1 2 2 3 4 6",
            "Player 1's dice land on the table: 1, 2, 2, 3, 4 and 6. One 1: 10 points.",
            rules=("YX-1",),
        ),
        Step("keep 1", "She sets the 1 aside.", rules=("YX-6",)),
        Step("roll", "She rolls the other five dice from the cup.", rules=("YX-6",)),
        Step(
            "roll 2 3 4 5 5",
            "2, 3, 4, 5 and 5 land on the table: two 5s make 10; the 2, 3 and 4 score nothing.",
            rules=("YX-7",),
        ),
        Step("keep 5 5", "She sets the two 5s aside: 20, three dice left in the cup.", ("YX-6",)),
        Step(
            "roll",
            "She risks the 20 on a third roll of the three dice from the cup.",
            rules=("YX-6",),
            ask=("bank", "roll", "keep 5"),
            prompt="Your move: bank 20 or roll three dice?",
        ),
        Step(
            "roll 2 3 6",
            "2, 3 and 6 land on the table: no 1 and no 5, so she is bust and loses the 20. "
            "Her score stays 300.",
            rules=("YX-7",),
        ),
        Step(
            "roll 2 2 3 4 6 6",
            "Player 2's first roll lands on the table: 2, 2, 3, 4, 6 and 6. No 1, no 5 and "
            "no premium: bust at once, his turn scores nothing.",
            rules=("YX-5",),
        ),
    ),
)

GO_FOR_IT = Scenario(
    id="yx-go-for-it",
    game=GAME,
    title="Go for it",
    source=f"{SRC}, rule I (Go for it); the dice are the book's",
    intro="Three opened players: 200, 150 and 180.",
    players=3,
    setup={"scores": [200, 150, 180]},
    steps=(
        Step(
            "roll 1 2 3 3 5 6",
            "Player 1's dice land on the table: 1, 2, 3, 3, 5 and 6, with a 1 and a 5.",
            rules=("YX-1",),
        ),
        Step("keep 1 5", "She sets the 1 and the 5 aside: 15.", rules=("YX-6",)),
        Step("roll", "She rolls the other four dice from the cup.", rules=("YX-6",)),
        Step("roll 1 1 2 4", "1, 1, 2 and 4 land on the table: two 1s.", rules=("YX-7",)),
        Step("keep 1 1", "She sets the two 1s aside: 35, two dice left in the cup.", ("YX-6",)),
        Step(
            "bank",
            "She banks 35 onto her score (235 now), leaving two dice over.",
            rules=("YX-6",),
        ),
        Step(
            "go for it",
            "Player 2 goes for it: Player 1's four set-aside dice, 1, 1, 1 and 5, become his "
            "first roll, worth her 35, and he must roll her two leftover dice.",
            rules=("YX-10",),
            ask=("bank", "roll", "go for it"),
            prompt="Your move: how may Player 2 start his turn?",
        ),
        Step(
            "roll 3 5",
            "3 and 5 land on the table: a 5 turns up, so the 35 is his and the 5 adds to it.",
            rules=("YX-10",),
        ),
        Step(
            "keep 5",
            "He sets the 5 aside: 40, one die left in the cup; two of his three rolls are used.",
            rules=("YX-7",),
        ),
        Step(
            "bank",
            "He banks 40 onto his score (190 now). Player 1 keeps her 35 as well.",
            rules=("YX-10",),
        ),
        Step(
            "go for it",
            "Player 3 goes for Player 2's 40: the five set-aside dice, 1, 1, 1, 5 and 5, "
            "are the first roll, and the one leftover die is left to roll.",
            rules=("YX-10",),
        ),
        Step(
            "roll 4",
            "The die lands on the table: a 4, no 1 and no 5, so Player 3 is bust and scores "
            "nothing.",
            rules=("YX-10",),
        ),
        Step(
            None,
            "Player 1 may now go for it on the most recent banked turn, Player 2's 40 with "
            "one die (the book's reading of 'the next player can go for it too').",
            rules=("YX-10",),
        ),
    ),
)

THE_END = Scenario(
    id="yx-end",
    game=GAME,
    title="Going out at 2,000, and the play-around",
    source=f"{SRC}, rule J (Going out); the scores and dice are the book's",
    intro="Player 1 has 1,980, Player 2 1,900 and Player 3 1,850.",
    players=3,
    setup={"scores": [1980, 1900, 1850]},
    steps=(
        Step(
            "roll 1 1 2 3 4 6",
            "Player 1's dice land on the table: 1, 1, 2, 3, 4 and 6. Two 1s: 20, exactly "
            "what she needs.",
            rules=("YX-1",),
        ),
        Step("keep 1 1", "She sets the two 1s aside.", rules=("YX-6",)),
        Step(
            "bank",
            "She banks 20 onto her score and reaches 2,000: the game ends once every other "
            "player has had one last turn.",
            rules=("YX-11",),
            ask=("roll", "bank", "go for it"),
            prompt="Your move: Player 1 has 20 aside and needs 20. Bank or roll?",
        ),
        Step(
            "roll",
            "Player 2 needs more than 100. Going for Player 1's 20 cannot get there, so he "
            "rolls all six dice from the cup.",
            rules=("YX-10", "YX-11"),
        ),
        Step(
            "roll 1 2 3 4 5 5",
            "1, 2, 3, 4, 5 and 5 land on the table: a straight 1-5 (150) plus a 5, 155, and "
            "all six count.",
            rules=("YX-2", "YX-3"),
        ),
        Step(
            "keep 1 2 3 4 5 5",
            "He sets all six aside, 1, 2, 3, 4, 5 and 5: 155, so Player 2 has 2,055 and leads.",
            rules=("YX-8",),
        ),
        Step(
            "roll 2 3 6 6 6 6",
            "Player 3 needs more than 205, and the dice land on the table: 2, 3, 6, 6, 6 and "
            "6. Four 6s, worth 250.",
            rules=("YX-2",),
        ),
        Step(
            "keep 6 6 6 6",
            "Player 3 sets the four 6s aside. A premium roll with no 1 or 5 must be banked: "
            "250 takes Player 3 to 2,100. Everyone has played around to Player 1, and "
            "Player 3 wins.",
            rules=("YX-6", "YX-11"),
        ),
    ),
)

VARIATION_L = Scenario(
    id="yx-variation-l",
    game=GAME,
    title="Variation L: out with exactly 2,000",
    source=f"{SRC}, rule L (Variation); the scores and dice are the book's",
    intro="Variation L: Player 1 has 1,960 and needs exactly 40; Player 2 has 1,500.",
    options={"variation_l": True},
    setup={"scores": [1960, 1500]},
    steps=(
        Step(
            "roll 3 dice",
            "Within 50 of the target she may roll as few dice as she likes: she rolls three "
            "dice and leaves three in the cup. Fewer dice make a forbidden premium (a triple "
            "or a straight) less likely.",
            rules=("YX-12",),
            ask=("roll", "roll 3 dice", "go for it"),
            prompt="Your move: how many dice does Player 1 roll?",
        ),
        Step(
            "roll 1 1 4",
            "1, 1 and 4 land on the table: two 1s and no premium, 20.",
            rules=("YX-12",),
        ),
        Step(
            "keep 1 1",
            "She sets the two 1s aside; 20 to go, with four dice in the cup.",
            rules=("YX-6",),
        ),
        Step(
            "roll 2 dice",
            "Again she rolls just two of the four dice in the cup.",
            rules=("YX-12",),
            ask=("bank", "roll 2 dice", "keep 1"),
            prompt="Your move: 20 aside, 20 to go. What now?",
        ),
        Step("roll 1 1", "1 and 1 land on the table: two more 1s.", rules=("YX-7",)),
        Step(
            "keep 1 1",
            "She sets the two 1s aside: 40, exactly the 40 she needs.",
            rules=("YX-12",),
        ),
        Step(
            "bank",
            "She banks the 40 onto her score and has exactly 2,000. Had the turn passed "
            "2,000 it would have scored nothing.",
            rules=("YX-11", "YX-12"),
        ),
        Step(
            "roll",
            "Player 2 has one last turn. Going for Player 1's 40 could not bring him to "
            "exactly 2,000, so he rolls all six dice from the cup.",
            rules=("YX-11",),
        ),
        Step(
            "roll 2 2 3 4 6 6",
            "2, 2, 3, 4, 6 and 6 land on the table: bust at once. Player 1 wins.",
            rules=("YX-5", "YX-11"),
        ),
    ),
)

FIRST_TURNS = Scenario(
    id="yx-first-turns",
    game=GAME,
    title="The first turns of a real game (seed 7)",
    source="A seeded game between three heuristic bots (the book's own)",
    intro="Three players, nobody has scored. The dice come from seed 7; the bots choose.",
    players=3,
    seed=7,
    steps=(
        Step(
            "roll 1 1 4 4 5 6",
            "Player 1's first roll lands on the table: 1, 1, 4, 4, 5 and 6; the two 1s and "
            "the 5 score.",
            rules=("YX-1",),
        ),
        Step(
            "keep 1 1",
            "She sets the two 1s aside (20) and will roll the other four: she needs 30 in "
            "one turn to open.",
            rules=("YX-6", "YX-9"),
        ),
        Step("roll", "She rolls the four dice from the cup: roll two.", rules=("YX-6",)),
        Step(
            "roll 3 6 6 6",
            "3, 6, 6 and 6 land on the table: three 6s, but a later roll scores only its 1s "
            "and 5s. No 1, no 5: bust, and the 20 is lost.",
            rules=("YX-7",),
        ),
        Step(
            "roll 1 2 2 6 6 6",
            "Player 2's dice land on the table: 1, 2, 2, 6, 6 and 6, a triple 6 (60) and a 1 (10).",
            rules=("YX-2",),
        ),
        Step("keep 1 6 6 6", "He sets the 1 and the three 6s aside: 70.", rules=("YX-6",)),
        Step(
            "bank",
            "He banks 70 onto his score: it opens him. Two dice are left over for the next player.",
            rules=("YX-9",),
        ),
        Step(
            "roll",
            "Player 3 could go for Player 2's 70 with those two dice; a fresh turn is "
            "worth more on average (about 54 points against 44), so he rolls all six dice "
            "from the cup.",
            rules=("YX-10",),
        ),
        Step(
            "roll 2 3 4 5 5 6",
            "2, 3, 4, 5, 5 and 6 land on the table: a straight 2-6 (150) and a 5, 155, and "
            "all six dice count.",
            rules=("YX-2", "YX-3"),
        ),
        Step(
            "keep 2 3 4 5 5 6",
            "He sets all six aside, 2, 3, 4, 5, 5 and 6: the turn ends with 155.",
            rules=("YX-8",),
        ),
        Step(
            "roll 5 5 5 6 6 6",
            "Player 1 again: 5, 5, 5, 6, 6 and 6 land on the table, two triplets, 150 "
            "(counted as two triples they would make only 110).",
            rules=("YX-2", "YX-3"),
        ),
        Step(
            "keep 5 5 5 6 6 6",
            "She sets all six aside, 5, 5, 5, 6, 6 and 6: 150, and she opens.",
            rules=("YX-8", "YX-9"),
        ),
    ),
)

EXAMPLES: list[Scenario] = [
    FIRST_TURNS,
    CHOICES,
    ALL_COUNT,
    FIVES,
    STRAIGHT,
    OPENING,
    BUST,
    GO_FOR_IT,
    THE_END,
    VARIATION_L,
]

GUIDE = Scenario(
    id="yx-guide",
    game=GAME,
    title="Your first game of Yahtzix",
    source="The project's own guided first game: fixed dice, you play Player 1 against Player 2",
    seat=0,
    setup={},
    intro=(
        "You are Player 1. The first to 2,000 points ends the game, and the highest score "
        "wins. Nobody has scored yet: your first score must be a turn of 30 or more."
    ),
    steps=(
        Step(
            "roll 1 1 2 3 5 5",
            "Every turn starts by rolling all six dice. Yours show two 1s (10 each) and two 5s "
            "(5 each); the 2 and the 3 score nothing.",
            ("YX-5", "YX-1"),
        ),
        Step(
            "keep 1 1 5 5",
            "Set aside the dice that score: both 1s and both 5s, 30 points.",
            ("YX-6", "YX-15"),
            nudge="Only scoring dice may be set aside: here the 1s and the 5s.",
        ),
        Step(
            "bank",
            "Bank the 30: it is exactly enough to open your score, and rolling two dice "
            "would risk it all.",
            ("YX-9", "YX-6"),
            nudge="Rolling on risks the 30 that opens your score: bank it.",
        ),
        Step(
            "roll",
            "Player 2 could go for your 30 by rolling your two leftover dice, but rolls afresh.",
            ("YX-10",),
        ),
        Step(
            "roll 2 2 2 3 4 6",
            "Player 2 rolls three 2s, a premium worth 20, but no 1 and no 5.",
            ("YX-2",),
        ),
        Step(
            "keep 2 2 2",
            "Player 2 sets the three 2s aside. A roll with no 1 or 5 may not be rolled on, so "
            "the turn is banked: 20, too little to open, so nothing is recorded.",
            ("YX-14", "YX-9"),
        ),
        Step(
            "roll",
            "Player 2 left 20 with three dice over, which you may go for; a fresh turn is "
            "worth more on average. Roll all six dice.",
            ("YX-10", "YX-5"),
            nudge="Going for 20 with three dice is worth less than a fresh turn: roll.",
        ),
        Step(
            "roll 1 2 3 4 6 6",
            "One 1 and nothing else that scores: 10 points.",
            ("YX-1",),
        ),
        Step(
            "keep 1",
            "Set the 1 aside. The 6s and the others score nothing, so they stay.",
            ("YX-6", "YX-15"),
            nudge="Every die you set aside must score: only the 1 does.",
        ),
        Step(
            "roll",
            "10 is little and five dice are many: roll them (you may, as your roll showed a "
            "1). From now on this turn only 1s and 5s count, and a roll with neither loses "
            "everything set aside.",
            ("YX-7", "YX-14"),
            nudge="Five dice nearly always show a 1 or a 5: roll on.",
        ),
        Step("roll 1 3 4 6 6", "Another 1.", ("YX-7",)),
        Step(
            "keep 1",
            "Set it aside: 20 points this turn, four dice left.",
            ("YX-6",),
            nudge="Only the 1 scores in a second roll like this one.",
        ),
        Step(
            "roll",
            "Roll the four dice left: this is your third and last roll of the turn.",
            ("YX-6",),
            nudge="20 is little, and four dice usually show a 1 or a 5: roll on.",
        ),
        Step("roll 2 3 5 6", "A 5!", ("YX-7",)),
        Step(
            "keep 5",
            "Set it aside: after a third roll the turn is banked, 25 points, 55 in all.",
            ("YX-6",),
            nudge="Only the 5 scores.",
        ),
        Step(
            "roll",
            "Player 2 could go for your 25 with the three dice you left, but rolls afresh...",
            ("YX-10",),
        ),
        Step("roll 1 2 3 4 6 6", "...and rolls a single 1...", ("YX-5",)),
        Step("keep 1", "...sets it aside for 10...", ("YX-6",)),
        Step("roll", "...and rolls the five dice left...", ("YX-6",)),
        Step(
            "roll 2 3 4 6 6",
            "...with no 1 and no 5: bust. Player 2 loses the turn's 10 and still has no score.",
            ("YX-7",),
        ),
        Step(
            "roll 1 2 2 2 5 5",
            "Your turn: the three 2s are a premium worth 20, with a 1 and two 5s. Every one of "
            "the six dice counts, and that is worth 100.",
            ("YX-5", "YX-3"),
        ),
        Step(
            "keep 1 2 2 2 5 5",
            "Set all six aside for 100. With no dice left the turn ends and is banked. From "
            "here on, play on against the bot.",
            ("YX-8", "YX-2"),
            nudge="Keep all six: 'every die counts' is worth 100, far more than the pieces.",
        ),
    ),
    rules=("YX-13",),
)

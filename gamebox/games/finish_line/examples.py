"""The worked examples of the source, replayed on the book's sample board.

The source's own board diagram is lost; every example below runs on
:data:`~gamebox.games.finish_line.board.SAMPLE_BOARD`, a board chosen to agree with
all of them. Where the source leaves a marker's square or a die's colour open, the
narration says what the book picked.
"""

from __future__ import annotations

from collections import Counter

from gamebox.games.finish_line.rulings import RULINGS
from gamebox.rulings import Kind
from gamebox.scenario import Scenario, Step

GAME = "finish-line"
SOURCE = "Finish Line (Pips)"


def _src(where: str) -> str:
    return f"{SOURCE}, {where}"


PATH = Scenario(
    id="fl-path",
    game=GAME,
    setup={},
    title="Following the path",
    source=_src("the description of the path under the lost diagram (example 1)"),
    intro=(
        "The board: six rows of eight cards and six wing cards, three on each side. Small "
        "numbers give each card's place on the path. Every marker waits on the imaginary "
        "start, below the bottom right corner."
    ),
    steps=(
        Step(None, "The path begins at the bottom right: 7♠ is square 1.", ("FL-3",)),
        Step(
            None,
            "It runs left along the bottom row, 7♠ A♥ 6♣ 8♦ 9♣ joker Q♠, to A♠ on square 8.",
            ("FL-3",),
        ),
        Step(None, "Then it climbs to the lower left wing, 9♠ (square 9).", ("FL-3", "FL-1")),
        Step(
            None,
            "Row 2 runs left to right, from K♦ (square 10) to 3♦ (square 17).",
            ("FL-3",),
        ),
        Step(
            None,
            "Then up to the lower right wing, 6♥ (square 18), and back to the left along row 3.",
            ("FL-3",),
        ),
        Step(
            None,
            "Back and forth it goes to the upper right wing, 7♥: square 54, the finish line.",
            ("FL-3",),
        ),
        Step(
            None,
            "Wings, jokers and the start are safeties: no jack, queen, two or attack can "
            "touch a marker there.",
            ("FL-4",),
        ),
    ),
)

STOP_VALUE = Scenario(
    id="fl-stop-value",
    game=GAME,
    setup={},
    title="A six and a two: stop value 8",
    source=_src("stage one, the first example of a stop value (example 2)"),
    intro="P0's first turn: all six markers are on the start.",
    steps=(
        Step(
            "roll red 6 black 2",
            "P0 rolls a red 6 and a black 2 (the book picks the colours). The stop value "
            "is 6 + 2 = 8: no marker may move past an 8 this turn.",
            ("FL-5",),
        ),
        Step(
            "move start to 2 with black",
            "The black 2 takes a marker two squares, past 7♠, to A♥.",
            ("FL-6", "FL-9"),
            ask=(
                "move start to 2 with black",
                "move start to 6 with red",
                "move start to 4 with red",
            ),
            prompt="Your move: which of these may P0 play?",
        ),
        Step(
            "move start to 4 with red",
            "The red 6 would take a marker to square 6, but 8♦ on square 4 shows the stop "
            "value: the marker halts there and the rest of the 6 is spent.",
            ("FL-7",),
            ask=("move start to 6 with red", "move 2 to 8 with red", "move start to 4 with red"),
            prompt="Your move: where can the red 6 take a marker?",
        ),
        Step(
            "roll red 3 black 1",
            "Stage 2: the marker on A♥ rolls for its card (8♦ is no special card): red 3, "
            "black 1. Red beats black, so the ace acts. In this book an ace is a chute "
            "(reconstructed): from the bottom row the marker slides from A♥ back to the start.",
            ("FL-10", "FL-12"),
        ),
    ),
)

TWO_FOURS = Scenario(
    id="fl-two-fours",
    game=GAME,
    setup={},
    title="Two fours: a stop card holds the marker",
    source=_src("stage one, the second stop-value example (example 3)"),
    intro="P0's first turn on the sample board.",
    steps=(
        Step(
            "roll red 4 black 4",
            "P0 rolls two fours, red 4 and black 4: the stop value is 8.",
            ("FL-5",),
        ),
        Step(
            "move start to 4 with red",
            "The red 4 brings a marker from the start exactly onto 8♦, a card of the stop value.",
            ("FL-6", "FL-7"),
        ),
        Step(
            "move start to 4 with black",
            "The black 4 cannot carry that marker on: once halted on a stop card it stays "
            "there this turn. Another marker uses the 4 instead: it goes from the start to "
            "8♦ too.",
            ("FL-7",),
            ask=("move 4 to 8 with black", "move start to 4 with black"),
            prompt="Your move: what can the black 4 do?",
        ),
    ),
)

EXACT_FINISH = Scenario(
    id="fl-exact-finish",
    game=GAME,
    title="Reaching the finish exactly",
    source=_src("stage one, exact finishing (example 4)"),
    intro=(
        "P0 has a marker on 10♠ (square 52), two squares from the finish, 7♥. The book "
        "puts P0's other markers on 3♠ (22) and 9♠ (9), and P1's on 4♥, 9♥ and the start."
    ),
    setup={"markers": [[52, 22, 9], [26, 32, 0]]},
    steps=(
        Step(
            "roll red 6 black 6",
            "P0 rolls a double six, red 6 and black 6: stop value 12, a queen.",
            ("FL-5",),
        ),
        Step(
            "move 22 to 28 with red",
            "A 6 would carry the marker on 10♠ four squares past the finish, and no queen "
            "stands in its way to halt it, so neither six can move it at all. The red 6 "
            "takes the marker on 3♠ to 3♣ instead.",
            ("FL-8",),
            ask=("move 52 to finish with red", "move 22 to 28 with red"),
            prompt="Your move: can a six bring the 10♠ marker home?",
        ),
        Step(
            "move 9 to 15 with black",
            "The black 6 moves P0's third marker from the 9♠ wing to 10♦.",
            ("FL-6",),
        ),
        Step("roll red 4 black 1", "P1's turn: red 4 and black 1, stop value 5.", ("FL-5",)),
        Step(
            "move 32 to 36 with red",
            "The red 4 takes P1's marker from 9♥ onto the middle right wing, 5♣: the stop "
            "card and the landing square.",
            ("FL-7",),
        ),
        Step(
            "move 26 to 27 with black",
            "The black 1 takes P1's marker from 4♥ onto the middle left wing, 10♥.",
            ("FL-6",),
        ),
        Step(
            "roll red 3 black 4",
            "P0 rolls red 3 and black 4: stop value 7, the finish card's rank.",
            ("FL-5",),
        ),
        Step(
            "move 52 to finish with red",
            "Neither 3 nor 4 is the exact distance of 2, but 7♥ shows the stop value and "
            "halts the marker right on the finish. The 4 cannot take the 3♣ marker to 9♥: "
            "7♣ on square 31 would halt it first.",
            ("FL-8", "FL-7"),
            ask=("move 52 to finish with red", "move 28 to 32 with black"),
            prompt="Your move: bring a marker home?",
        ),
        Step(
            "move 28 to 31 with black",
            "The black 4 takes the 3♣ marker to 7♣, where it stops. One marker of P0 is "
            "home and out of play.",
            ("FL-7", "FL-9"),
        ),
    ),
)

SECOND_DIE = Scenario(
    id="fl-second-die",
    game=GAME,
    setup={"markers": [[0, 3, 0], [3, 0, 0]]},
    title="The second die: the same marker or another",
    source=_src("stage one, the marker the second die moves; the position is the book's"),
    intro=(
        "P0 has a marker waiting on 6♣ (3), where P1 has one too; P0's other markers and "
        "P1's are on the start."
    ),
    steps=(
        Step("roll red 3 black 2", "P0 rolls red 3 and black 2: stop value 5.", ("FL-5",)),
        Step(
            "move start to 3 with red",
            "The red 3 brings a marker from the start onto 6♣, beside the one waiting there.",
            ("FL-6",),
        ),
        Step(
            "move the waiting marker on 3 to 5 with black",
            "The black 2 may move the marker that just arrived on, or the one that was "
            "waiting. P0 moves the waiting one to 9♣: the marker that arrived stays on 6♣, "
            "and since it moved this turn and shares the card with P1's marker, it attacks.",
            ("FL-6", "FL-16"),
            ask=(
                "move 3 to 5 with black",
                "move the waiting marker on 3 to 5 with black",
                "move 3 to 6 with black",
            ),
            prompt="Your move: which marker on 6♣ may the black 2 move?",
        ),
        Step(
            "roll red 5 black 2",
            "The attack rolls red 5 and black 2: no doubles, so P1's marker goes back from "
            "6♣ by the difference (reconstructed), 3 squares, to the start.",
            ("FL-16",),
        ),
    ),
)

QUEEN_SETUP = {"markers": [[14, 18, 11], [0, 0, 0]]}
QUEEN_INTRO = (
    "P0 has markers on 3♥ (14), 6♥ (18, a wing) and 5♠ (11); P1 waits on the start. The "
    "book makes the 6 red and the 1 black."
)
QUEEN_MOVES = (
    Step("roll red 6 black 1", "P0 rolls red 6 and black 1: stop value 7.", ("FL-5",)),
    Step(
        "move 14 to 20 with red",
        "The 3♥ marker runs six squares, past the wing, to Q♥ (no 7 on the way).",
        ("FL-6", "FL-7"),
    ),
    Step("move 11 to 12 with black", "The 5♠ marker steps onto K♥.", ("FL-6",)),
)

QUEEN = Scenario(
    id="fl-queen",
    game=GAME,
    title="The queen pulls a marker up",
    source=_src("stage two, the queen example (example 5)"),
    intro=QUEEN_INTRO,
    setup=QUEEN_SETUP,
    steps=(
        *QUEEN_MOVES,
        Step(
            "roll red 5 black 2",
            "The queen is the most advanced, so it rolls first: red 5 beats black 2 and Q♥ "
            "acts. The nearest marker behind it is on 6♥, a safety, so the K♥ marker is "
            "pulled up onto Q♥ instead, and K♥ loses its own roll.",
            ("FL-10", "FL-13", "FL-4"),
        ),
    ),
)

QUEEN_FAILS = Scenario(
    id="fl-queen-fails",
    game=GAME,
    title="The queen fails, the king is tried",
    source=_src("stage two, the queen example, other branch (example 5)"),
    intro=QUEEN_INTRO,
    setup=QUEEN_SETUP,
    steps=(
        *QUEEN_MOVES,
        Step(
            "roll red 2 black 5",
            "This time the queen rolls red 2 and black 5: black is higher, Q♥ does nothing, "
            "and the K♥ marker keeps its roll.",
            ("FL-10",),
        ),
        Step(
            "roll red 4 black 1",
            "The king rolls red 4 and black 1. Red beats black: in this book a king is a "
            "ladder (reconstructed), and the marker climbs from K♥ one row up the same column, "
            "to J♦. A marker that climbs onto a special card does not roll for it.",
            ("FL-11", "FL-10"),
        ),
    ),
)

JACK_SETUP = {"markers": [[27, 21, 0], [25, 33, 40], [38, 47, 52]]}
JACK_INTRO = (
    "Three players. P1 has markers on 8♥ (25), 4♦ (33) and K♠ (40); P2 on 2♥ (38), 9♦ "
    "(47) and 10♠ (52). The book puts P0 on the 10♥ wing (27), on A♦ (21) and the start."
)
JACK_MOVES = (
    Step("roll red 3 black 2", "P0 rolls red 3 and black 2: stop value 5.", ("FL-5",)),
    Step("move 27 to 30 with red", "The red 3 takes a marker from 10♥ to J♠.", ("FL-6",)),
    Step(
        "move 21 to 23 with black",
        "The black 2 moves another marker from A♦ to 6♦.",
        ("FL-6",),
    ),
    Step(
        "roll red 1 black 4",
        "The marker on J♠ rolls red 1 and black 4. J♠ is black, and the black die is higher: "
        "the jack acts.",
        ("FL-10", "FL-14"),
    ),
)

JACK = Scenario(
    id="fl-jack",
    game=GAME,
    title="The jack yanks a marker back",
    source=_src("stage two, the jack example (example 6)"),
    intro=JACK_INTRO,
    players=3,
    setup=JACK_SETUP,
    steps=(
        *JACK_MOVES,
        Step(
            "yank P1 from 33",
            "Only each opponent's least advanced marker beyond the jack, off the safeties, "
            "can be yanked: P1's on 4♦ or P2's on 2♥. 8♥ is behind the jack; K♠, 9♦ and "
            "10♠ each have a team-mate closer. P0 yanks 4♦ back onto J♠, where an attack "
            "will follow (example 7).",
            ("FL-14",),
            ask=(
                "yank P1 from 33",
                "yank P2 from 38",
                "yank P1 from 40",
                "yank P2 from 52",
                "yank P1 from 25",
            ),
            prompt="Your move: whose marker may the jack yank?",
        ),
    ),
)

ATTACK_JACK = Scenario(
    id="fl-attack-on-the-jack",
    game=GAME,
    title="A yanked marker is attacked on the jack",
    source=_src("stage three, attacks after a jack (example 7)"),
    intro=JACK_INTRO,
    players=3,
    setup=JACK_SETUP,
    steps=(
        *JACK_MOVES,
        Step(
            "yank P2 from 38",
            "This time P0 yanks P2's marker from 2♥ onto J♠.",
            ("FL-14",),
        ),
        Step(
            "roll red 2 black 6",
            "Stage 3: P0's marker moved this turn and shares J♠, no safety, with P2's. It "
            "attacks with red 2 and black 6: no doubles, so P2's marker goes back by the "
            "difference (reconstructed), 4 squares, from J♠ to 4♥.",
            ("FL-16",),
        ),
    ),
)

TWO_ATTACKERS = Scenario(
    id="fl-two-attackers",
    game=GAME,
    title="Two attackers on a queen",
    source=_src("stage three, two markers on one card (example 7)"),
    intro=(
        "P0 has markers on 3♥ (14), 10♦ (15) and the start; P1 has one on Q♥ (20). The "
        "book chose the position."
    ),
    setup={"markers": [[14, 15, 0], [20, 0, 0]]},
    steps=(
        Step("roll red 6 black 3", "P0 rolls red 6 and black 3: stop value 9.", ("FL-5",)),
        Step(
            "move 14 to 20 with red",
            "The red 6 takes P0's marker from 3♥ to Q♥, beside P1's marker.",
            ("FL-6",),
        ),
        Step(
            "move start to 3 with black",
            "The black 3 brings another marker from the start onto the path, to 6♣.",
            ("FL-6",),
        ),
        Step(
            "roll red 4 black 1",
            "The queen rolls red 4 and black 1: Q♥ acts and pulls the nearest marker behind "
            "it up from 10♦ onto Q♥. Now two of P0's markers share the queen with P1's.",
            ("FL-10", "FL-13"),
        ),
        Step(
            "roll red 3 black 3",
            "The first attack rolls red 3 and black 3: doubles, so it fails.",
            ("FL-16",),
        ),
        Step(
            "roll red 5 black 1",
            "The second marker attacks too, with red 5 and black 1: a difference of 4 sends "
            "P1's marker back from Q♥ to 5♥ (the distance back is reconstructed).",
            ("FL-16",),
        ),
    ),
)

START_ON_STOP = Scenario(
    id="fl-start-on-a-stop-card",
    game=GAME,
    title="A marker that starts on a stop card may leave it",
    source=_src("stage one, the note on markers that start out on a stop card"),
    intro=(
        "P0 has a marker on 8♦ (4) and one on 7♠ (1); the third and P1's markers are on the "
        "start. The book chose the position."
    ),
    setup={"markers": [[4, 1, 0], [0, 0, 0]]},
    steps=(
        Step(
            "roll red 5 black 3",
            "P0 rolls red 5 and black 3: stop value 8, the rank of the 8♦ under P0's marker.",
            ("FL-5",),
        ),
        Step(
            "move 4 to 9 with red",
            "The marker on 8♦ began the turn there, so the stop value does not hold it: the red "
            "5 takes it on to the 9♠ wing. A marker from the start would be halted on 8♦.",
            ("FL-7",),
            ask=("move 4 to 9 with red", "move start to 5 with red", "move start to 4 with red"),
            prompt="Your move: what can the red 5 do?",
        ),
        Step(
            "move 1 to 4 with black",
            "The black 3 takes the 7♠ marker onto 8♦: it steps onto the stop card, so it would "
            "halt there even with pips to spare.",
            ("FL-7",),
        ),
    ),
)

FORCED_SWAP = Scenario(
    id="fl-forced-swap",
    game=GAME,
    title="A two forces a swap, even backward",
    source=_src(
        "stage two, the warning about twos; what a two does is lost: the swap is reconstructed"
    ),
    intro=(
        "P0 has a marker on 3♥ (14); the others are on the start. P1 has markers on 6♣ (3), "
        "5♠ (11) and the 9♠ wing (9). The book chose the position."
    ),
    setup={"markers": [[14, 0, 0], [3, 11, 9]]},
    steps=(
        Step("roll red 5 black 4", "P0 rolls red 5 and black 4: stop value 9.", ("FL-5",)),
        Step(
            "move 14 to 19 with red",
            "The red 5 runs the leading marker past the 6♥ wing onto 2♠ (19), a special card.",
            ("FL-6",),
        ),
        Step(
            "move start to 4 with black",
            "The black 4 brings a second marker from the start to 8♦.",
            ("FL-6",),
        ),
        Step(
            "roll red 1 black 5",
            "The marker on 2♠ rolls: a spade is black, and black 5 beats red 1, so the two "
            "acts. In this book a two swaps your marker with an opposing one off the safeties "
            "(reconstructed), and the swap is compulsory.",
            ("FL-10", "FL-15"),
        ),
        Step(
            "swap with P1 on 11",
            "Both of P1's markers off the safeties are behind: P0 must still swap, and picks "
            "the nearer one, on 5♠. P0's marker drops to 5♠ and P1's jumps to 2♠: the source "
            "warns that a two can hurt you and help your opponent at once.",
            ("FL-15", "FL-4"),
            ask=("swap with P1 on 11", "swap with P1 on 3", "swap with P1 on 9"),
            prompt="Your move: which swaps may P0 make?",
        ),
    ),
)

KNOCKED_ONTO_A_TEAM_MATE = Scenario(
    id="fl-knocked-onto-a-team-mate",
    game=GAME,
    title="A marker knocked back onto a team-mate is not attacked again",
    source=_src("stage three, the last note on attacks; the position is the book's"),
    intro=(
        "P0 has markers on 6♣ (3) and 7♠ (1); P1 has markers on 8♦ (4) and Q♠ (7). The "
        "other markers are on the start."
    ),
    setup={"markers": [[3, 1, 0], [4, 7, 0]]},
    steps=(
        Step(
            "roll red 4 black 3",
            "P0 rolls red 4 and black 3: stop value 7. The marker on 7♠ began the turn there, "
            "so it may leave.",
            ("FL-5", "FL-7"),
        ),
        Step(
            "move 3 to 7 with red",
            "The red 4 takes the 6♣ marker onto Q♠, beside P1's marker.",
            ("FL-6",),
        ),
        Step(
            "move 1 to 4 with black",
            "The black 3 takes the 7♠ marker onto 8♦, beside P1's other marker.",
            ("FL-6",),
        ),
        Step(
            "roll red 1 black 1",
            "The marker on Q♠ rolls for the queen: red 1, black 1, a tie, so nothing happens.",
            ("FL-10",),
        ),
        Step(
            "roll red 4 black 1",
            "Stage 3, the most advanced attacker first: on Q♠, red 4 and black 1 send P1's "
            "marker back 3 squares (reconstructed), onto 8♦, where its team-mate stands.",
            ("FL-16", "FL-23"),
        ),
        Step(
            "roll red 3 black 1",
            "The attacker on 8♦ rolls red 3 and black 1: only the marker that was there when "
            "the special cards were done goes back 2 squares, to A♥. The one knocked onto 8♦ "
            "is not attacked again.",
            ("FL-16",),
        ),
    ),
)

EXAMPLES: list[Scenario] = [
    PATH, STOP_VALUE, TWO_FOURS, START_ON_STOP, SECOND_DIE, EXACT_FINISH, QUEEN,
    QUEEN_FAILS, JACK, FORCED_SWAP, ATTACK_JACK, TWO_ATTACKERS, KNOCKED_ONTO_A_TEAM_MATE,
]  # fmt: skip


# ------------------------------------------------------------------ the guided game

GUIDE = Scenario(
    id="fl-guide",
    game=GAME,
    setup={},
    seat=0,
    title="Your first game of Finish Line",
    source="the book's guided first game, on the sample board",
    intro=(
        "You are P0, against P1. Each of you has three markers on the start, below the "
        "bottom right corner; bring all three along the zigzag path of cards to the "
        "finish, the 7♥ at the top right. Part of the source is lost: the rules the book "
        "rebuilt are marked reconstructed."
    ),
    steps=(
        Step(
            "roll red 6 black 4",
            "Your turn starts with a roll of both dice: red 6, black 4. Their total, 10, is "
            "the stop value: a marker that steps onto a 10 stops there.",
            ("FL-5",),
        ),
        Step(
            "move start to 6 with red",
            "Each die moves one marker. Use the red 6 to take a marker to the joker on "
            "square 6: a joker is a safety, where no card or attack can touch it.",
            ("FL-6", "FL-4"),
            nudge="Start with the red die: six squares lands on the joker.",
        ),
        Step(
            "move start to 4 with black",
            "Now the black 4: bring a second marker out to the 8♦ on square 4. Two markers "
            "on the board give you more choices next turn.",
            ("FL-6",),
            nudge="Move a new marker from the start with the black die.",
        ),
        Step(
            "roll red 3 black 2",
            "P1 rolls red 3, black 2: stop value 5.",
            ("FL-5",),
        ),
        Step(
            "move start to 3 with red",
            "P1 moves a marker three squares, to the 6♣.",
            ("FL-6",),
        ),
        Step(
            "move start to 2 with black",
            "P1's black 2 lands a marker on the A♥. An ace is a special card, so P1 must "
            "roll to see whether it acts.",
            ("FL-6", "FL-10"),
        ),
        Step(
            "roll red 1 black 4",
            "A heart is red: the ace acts only if the red die is higher. Red 1, black 4: "
            "nothing happens, and P1's turn ends.",
            ("FL-10", "FL-12"),
        ),
        Step(
            "roll red 1 black 6",
            "You roll red 1, black 6: stop value 7.",
            ("FL-5",),
        ),
        Step(
            "move 4 to 10 with black",
            "You may use the dice in either order. Take the black 6 first: your marker on "
            "square 4 runs to the K♦ on square 10. In this book a king is a ladder "
            "(reconstructed).",
            ("FL-9", "FL-6", "FL-11"),
            nudge="Use the black 6 first, on the marker standing on square 4.",
        ),
        Step(
            "move start to 1 with red",
            "Now the red 1: a third marker steps onto the 7♠. It shows the stop value 7, "
            "so it halts there, which costs nothing with a 1.",
            ("FL-7",),
            nudge="Bring your last marker off the start with the red 1.",
        ),
        Step(
            "roll red 5 black 2",
            "Your marker on the K♦ rolls for its card. A diamond is red, and red 5 beats "
            "black 2: the king acts as a ladder (reconstructed), and your marker climbs one "
            "row, to the 4♥ on square 26!",
            ("FL-10", "FL-11"),
        ),
        Step(
            "roll red 4 black 3",
            "P1 rolls red 4, black 3: stop value 7.",
            ("FL-5",),
        ),
        Step(
            "move start to 1 with red",
            "P1 brings a marker onto the 7♠, where your marker stands. The 7 is the stop "
            "value, so P1's marker halts there.",
            ("FL-6", "FL-7"),
        ),
        Step(
            "move 2 to 5 with black",
            "P1's black 3 moves the marker on the A♥ on to the 9♣.",
            ("FL-6",),
        ),
        Step(
            "roll red 4 black 2",
            "P1's marker moved this turn and shares the 7♠ with yours: it attacks. No "
            "doubles, so your marker goes back by the difference (reconstructed), 4 - 2 = 2 "
            "squares: to the start, never behind it.",
            ("FL-16",),
        ),
        Step(
            "roll red 3 black 5",
            "Your turn: red 3, black 5, stop value 8. Time to hit back.",
            ("FL-5",),
        ),
        Step(
            "move start to 3 with red",
            "The red 3 takes a marker from the start onto P1's marker on the 6♣. It is no "
            "safety, so at the end of your turn your marker will attack.",
            ("FL-6", "FL-16"),
            nudge="Land on P1's marker on the 6♣ with the red 3.",
        ),
        Step(
            "move 26 to 31 with black",
            "The black 5 moves your leader on from the 4♥ to the 7♣ on square 31.",
            ("FL-6",),
            nudge="Move your leading marker, on square 26, with the black 5.",
        ),
        Step(
            "roll red 6 black 1",
            "Your attack: red 6, black 1, no doubles. P1's marker goes back by the "
            "difference (reconstructed), 5 squares, all the way to the start.",
            ("FL-16",),
        ),
        Step(
            "roll red 2 black 4",
            "P1 rolls red 2, black 4: stop value 6.",
            ("FL-5",),
        ),
        Step(
            "move start to 2 with red",
            "P1 moves a marker from the start onto the A♥ again.",
            ("FL-6",),
        ),
        Step(
            "move 5 to 9 with black",
            "P1's black 4 takes the marker on the 9♣ to the 9♠, a wing card: a safety.",
            ("FL-6", "FL-4"),
        ),
        Step(
            "roll red 5 black 2",
            "P1 rolls for the A♥: red 5 beats black 2, so the ace acts. In this book an ace "
            "is a chute (reconstructed): from the bottom row it drops P1's marker to the start.",
            ("FL-10", "FL-12"),
        ),
        Step(
            "roll red 6 black 3",
            "Your turn: red 6, black 3, stop value 9.",
            ("FL-5",),
        ),
        Step(
            "move 31 to 32 with red",
            "Move your leader with the red 6. The very next card is the 9♥, a 9, the stop "
            "value: the marker halts there and the rest of the six is lost.",
            ("FL-7",),
            nudge="Move your leader on square 31 with the red die, and watch where it stops.",
        ),
        Step(
            "move 6 to 9 with black",
            "The black 3 takes your marker from the joker to the 9♠, the wing: another "
            "safety, and a 9, so it stops there exactly. From here, play on against P1!",
            ("FL-6", "FL-4", "FL-7"),
            nudge="Move the marker on the joker three squares, to the wing.",
        ),
    ),
)


# ------------------------------------------------------------- seeded, narrated play

COUNTS = {2: "two", 3: "three"}  # markers of one player moved together

#: The ruling of each effect a played game's narration names (the trail's kind).
EFFECT_RULES = {
    "ladder": "FL-11",
    "chute": "FL-12",
    "pull": "FL-13",
    "yank": "FL-14",
    "swap": "FL-15",
    "knock": "FL-16",
}


def kind_note(rule: str) -> str:
    """The kind of ruling ``rule`` as the narration adds it after an effect's name when
    it is the book's own reading (``", reconstructed"``), or nothing for the source's."""
    ruling = next(r for r in RULINGS if r.id == rule)
    return "" if ruling.kind is Kind.SOURCE else f", {ruling.kind.label}"


def narrate(before, move, after) -> tuple[str, tuple[str, ...]]:
    """One narration line (and the rulings it shows) for a move of a played game."""
    from gamebox.games.finish_line.rules import (
        ATTACK,
        CHOOSE,
        MOVE,
        ROLL,
        SPECIAL,
        TRAIL_NAMES,
        Yank,
    )

    b = before.board
    who = f"P{before.player}"

    def name(sq: int) -> str:
        if sq == 0:
            return "the start"
        return "the finish" if sq == b.finish else f"{b.cards[sq]} ({sq})"

    # every marker the move shifted, grouped by player and squares
    pairs = enumerate(zip(before.pos, after.pos, strict=True))
    shifted = Counter((g // 3, frm, to) for g, (frm, to) in pairs if frm != to)
    went = " and ".join(
        f"P{p}'s {'marker goes' if k == 1 else f'{COUNTS[k]} markers go'} from {name(frm)} "
        f"to {name(to)}"
        for (p, frm, to), k in sorted(shifted.items())
    )
    trail = after.trail
    done, card = "", ()
    if trail and TRAIL_NAMES[trail[0]] != "move":
        kind = TRAIL_NAMES[trail[0]]
        rule = EFFECT_RULES[kind]
        if kind == "knock":
            done = f" It hits (back by the difference{kind_note(rule)}): "
        else:
            done, card = f" The card acts ({kind}{kind_note(rule)}): ", (rule,)
        done += f"{went}."
    if before.phase == ROLL:
        text = (
            f"{who} rolls red {move.red}, black {move.black}: stop value {move.red + move.black}."
        )
        if after.player != before.player or after.phase != MOVE:
            text += " No marker can use either die: both are lost."
        return text, ("FL-5",)
    if before.phase == MOVE:
        if move.waiting:
            text = (
                f"{who} moves the marker that waited on {name(move.frm)} to {name(move.to)}; "
                "the one that arrived there stays."
            )
        else:
            text = f"{who} moves a marker from {name(move.frm)} to {name(move.to)}."
        return text, ("FL-6",)
    if before.phase == SPECIAL:
        sq = before.pos[before.player * 3 + before.queue[0]]
        text = f"{who} rolls for {name(sq)}: red {move.red}, black {move.black}."
        if not done and after.phase != CHOOSE:
            text += " Nothing happens."
        return text + done, ("FL-10", *card)
    if before.phase == ATTACK:
        sq = before.attacks[0][1]
        text = f"{who} attacks on {name(sq)}: red {move.red}, black {move.black}."
        text += " Doubles: it fails." if move.red == move.black else done
        return text, ("FL-16",)
    verb = "yanks" if isinstance(move, Yank) else "swaps places with"
    text = f"{who} {verb} P{move.player}'s marker on {name(move.square)}.{done}"
    return text, ("FL-14",) if isinstance(move, Yank) else ("FL-15",)


def played(seed: int, moves: int, *, players: int = 2, id: str = "fl-played") -> Scenario:
    """The first ``moves`` moves of a seeded game between heuristic bots, narrated."""
    from gamebox.bots import make_bots
    from gamebox.core import load

    game = load(GAME, players=players)
    bots = make_bots(game, "heuristic", seed)
    state = game.start(seed)
    steps = []
    for _ in range(moves):
        if state.is_over:
            break
        move = (
            state.sample_chance() if state.is_chance else bots[state.current_player].choose(state)
        )
        after = state.apply(move)
        say, rules = narrate(state, move, after)
        steps.append(Step(str(move), say, rules))
        state = after
    return Scenario(
        id=id,
        game=GAME,
        title=f"A seeded game, seed {seed}",
        source="played by the book's heuristic bots",
        intro=f"A board dealt from seed {seed}; every marker on the start.",
        steps=tuple(steps),
        players=players,
        seed=seed,
    )

"""The worked examples of Dual Mexican Train, as scenario data.

The source illustrates its rules with one opening, numbered (1) to (11), at a table of
eight (Joe, Ann, Don, Jan, Sue, Ken, Art and Ina, playing clockwise under the
``satisfy`` doublet option), and with a short "end example" about the last missing
engines. The source gives only the tiles that matter; the deals below are the
project's choice, made so that every step plays exactly as the source tells it.
"""

from gamebox.scenario import Scenario, Step

EIGHT = ("Joe", "Ann", "Don", "Jan", "Sue", "Ken", "Art", "Ina")

OPENING = Scenario(
    id="mt-opening",
    game="mexican-train",
    title="The opening of a hand, step by step",
    source="Dual Mexican Train, 'Examples of Various Options', steps (1) to (11)",
    intro=(
        "Hand 1: eight players, seven tiles each, doublets must be satisfied. Joe holds the "
        "[9:9], so he starts the hand. The deal is the book's choice; the source names only "
        "the tiles that matter."
    ),
    players=8,
    options={"doublets": "satisfy"},
    setup={
        "names": EIGHT,
        "hands": [
            "[9:9] [8:4] [7:2] [6:5] [5:0] [4:1] [2:1]",  # Joe: no 3, no other 9
            "[9:3] [9:7] [3:5] [8:2] [6:1] [4:0] [2:0]",  # Ann
            "[6:3] [3:2] [5:4] [8:7] [7:1] [6:0] [4:4]",  # Don: no 9, two 3s
            "[9:5] [7:7] [6:2] [5:1] [4:3] [3:0] [1:0]",  # Jan
            "[8:5] [7:6] [6:6] [5:3] [4:2] [2:2] [1:1]",  # Sue: no 9
            "[9:1] [8:3] [7:4] [5:5] [3:1] [8:0] [6:4]",  # Ken
            "[8:8] [7:5] [7:3] [5:2] [4:4] [3:3] [0:0]",  # Art: no 9
            "[9:6] [8:1] [7:0] [6:2] [5:5] [3:2] [1:1]",  # Ina
        ],
        # the tiles picked, in order: Joe, Don, Sue, Art, then Joe again
        "boneyard": "[8:6] [4:2] [6:0] [8:1] [7:0]",
    },
    rules=("MT-4", "MT-5", "MT-6", "MT-7", "MT-8", "MT-9", "MT-10", "MT-11"),
    steps=(
        Step(
            "[9:9] → centre",
            "Joe holds the [9:9], this hand's engine, and places it in the centre. A doublet "
            "must be followed up: Joe now needs a 9 to put in his own bay.",
            ("MT-5", "MT-6"),
            label="Step 1a",
        ),
        Step(
            "pick",
            "Joe has no other 9, so he picks one tile from the boneyard: the [8:6], no use.",
            ("MT-6", "MT-11"),
            label="Step 1b",
        ),
        Step(
            "mark",
            "Joe could not follow up, so he puts a marker on his (still empty) bay and his "
            "turn ends. With the satisfy option, the next player must now answer the [9:9].",
            ("MT-9", "MT-11"),
            label="Step 1c",
        ),
        Step(
            "[9:3] → Joe's bay",
            "Ann holds two 9s. She must satisfy the centre doublet before anything else, and "
            "that means an engine in Joe's bay, not her own. She lays the [9:3] there; Joe's "
            "marker slides onto it, so Joe's train stays open to everyone. Ann's own bay stays "
            "empty and unmarked.",
            ("MT-6", "MT-10", "MT-11"),
            label="Step 2",
            ask=("[9:7] → Ann's bay", "[9:3] → Joe's bay"),
            prompt="Ann holds [9:3] and [9:7]. Where may she play?",
        ),
        Step(
            "pick",
            "Don's bay is empty, so his only possible play is to fill it, and he has no 9. He "
            "picks: the [4:2], no 9 either.",
            ("MT-7",),
            label="Step 3a",
        ),
        Step(
            "mark",
            "Don puts a marker on his empty bay. From his next turn on he may play on any "
            "marked train.",
            ("MT-7", "MT-9"),
            label="Step 3b",
        ),
        Step(
            "[9:5] → Jan's bay",
            "Jan fills her bay with the [9:5]: her train has begun.",
            ("MT-7",),
            label="Step 4",
        ),
        Step(
            "pick",
            "Sue has no 9: she picks the [6:0]...",
            ("MT-7",),
            label="Step 5a",
        ),
        Step(
            "mark",
            "...and, with still no 9, puts a marker on her empty bay.",
            ("MT-7", "MT-9"),
            label="Step 5b",
        ),
        Step(
            "[9:1] → Ken's bay",
            "Ken fills his bay with the [9:1].",
            ("MT-7",),
            label="Step 6",
        ),
        Step("pick", "Art has no 9: he picks the [8:1]...", ("MT-7",), label="Step 7a"),
        Step("mark", "...and puts a marker on his empty bay.", ("MT-7", "MT-9"), label="Step 7b"),
        Step(
            "[9:6] → Ina's bay",
            "Ina fills her bay with the [9:6]. Every player has had one turn: the first "
            "go-round of the hand is over.",
            ("MT-4", "MT-7"),
            label="Step 8",
        ),
        Step(
            "pick",
            "The second go-round. Joe's train ends in a 3 and he has no 3; he has no 9 for a "
            "side train or a marked bay either. He picks the [7:0]: still nothing.",
            ("MT-8",),
            label="Step 9a",
        ),
        Step(
            "mark",
            "Joe must mark, but his train is marked already and it has no doublet whose side "
            "could take a marker, so nothing changes and the turn passes.",
            ("MT-9",),
            label="Step 9b",
        ),
        Step(
            "[9:7] → Ann's bay",
            "Ann's bay has been neither filled nor marked, so before anything else she must "
            "fill it: the [9:7] starts her train. Joe's open 3 is out of her reach this turn.",
            ("MT-7",),
            label="Step 10",
            ask=("[3:5] → Joe's train", "[9:7] → Ann's bay"),
            prompt=(
                "Joe's train is marked and ends in a 3. Ann holds [3:5] and [9:7]. "
                "What may she play?"
            ),
        ),
        Step(
            "[6:3] → Joe's train",
            "Don's bay is marked, so he is free to play on any marked train. He has no 9 but "
            "two 3s, and he lays the [6:3] on Joe's train; the marker slides onto it, showing "
            "the new open end, a 6.",
            ("MT-8", "MT-10"),
            label="Step 11",
            ask=("[5:4] → Jan's train", "pick", "[6:3] → Joe's train", "[3:2] → Joe's train"),
            prompt="Jan's train ends in a 5 and Joe's (marked) in a 3. Don holds [5:4], [6:3] "
            "and [3:2]. Which plays are legal?",
        ),
    ),
)

END = Scenario(
    id="mt-missing-engines",
    game="mexican-train",
    title="The last missing engines: everybody draws",
    source="Dual Mexican Train, 'Moves', the end example",
    intro=(
        "Hand 9 of the series: the [9:9] down to [2:2] have served as engines; only the "
        "[1:1] and the [0:0] are left, and nobody holds either. The deal is the book's choice."
    ),
    players=8,
    setup={
        "names": EIGHT,
        "hand_no": 8,
        "used": "9 8 7 6 5 4 3 2",
        "totals": [212, 150, 187, 240, 133, 198, 176, 205],
        "hands": [
            "[9:2] [8:5] [7:5] [7:3] [7:0] [5:2] [4:3]",
            "[9:9] [9:3] [9:0] [8:8] [8:3] [6:2] [3:2]",
            "[8:7] [8:4] [6:1] [5:5] [5:4] [3:1] [3:0]",
            "[9:7] [9:1] [7:5] [7:2] [7:0] [4:4] [4:2]",
            "[8:8] [7:6] [7:2] [4:3] [4:1] [3:3] [2:2]",
            "[9:6] [6:2] [6:0] [5:3] [5:3] [3:1] [2:1]",
            "[8:0] [8:0] [7:3] [6:4] [6:0] [5:5] [5:1]",
            "[9:6] [9:5] [9:2] [8:3] [7:7] [6:5] [2:0]",
        ],
        "boneyard": (
            "[2:2] [9:4] [5:4] [7:4] [5:2] [9:8] [6:6] [3:2] "
            "[0:0] [8:6] [8:6] [5:0] [1:1] [5:1] [6:5] [6:6]"
        ),
    },
    rules=("MT-5", "MT-17"),
    steps=(
        Step(
            "draw",
            "Everybody draws one tile from the boneyard into her hand at the same time, Joe "
            "first: Joe the [2:2], Ann the [9:4], and so on round to Ina's [3:2]. No [1:1] "
            "and no [0:0].",
            ("MT-17",),
            label="Draw 1",
        ),
        Step(
            "draw",
            "Everybody draws another tile from the boneyard. This time both turn up: Joe "
            "draws a [0:0] into his hand and Sue a [1:1] into hers. When both appear in one "
            "draw, the [1:1] goes first.",
            ("MT-17",),
            label="Draw 2",
        ),
        Step(
            "[1:1] → centre",
            "Sue places the [1:1] in the centre; it is the engine of hand 9. The [0:0] waits "
            "for hand 10; meanwhile it stays among Joe's tiles, where it would cost him 50.",
            ("MT-5", "MT-16", "MT-17"),
            label="Engine",
        ),
        Step(
            "[4:1] → Sue's bay",
            "Sue follows up her engine with the [4:1] in her own bay; play goes on to her left.",
            ("MT-6", "MT-11"),
            label="Follow-up",
        ),
    ),
)

DEAL = Scenario(
    id="mt-deal",
    game="mexican-train",
    title="A dealt game: the first go-round",
    source="A seeded deal (seed 2), played by the heuristic bots; not from the source",
    intro=(
        "Seed 2 shuffles the 110 tiles; eight players get seven each and 54 stay face down "
        "in the boneyard. Joe holds a [9:9], so he opens hand 1."
    ),
    players=8,
    seed=2,
    rules=("MT-1", "MT-2", "MT-5", "MT-6", "MT-7", "MT-11"),
    steps=(
        Step("[9:9] → centre", "Joe places the [9:9] engine in the centre.", ("MT-5",)),
        Step(
            "[9:3] → Joe's bay",
            "Joe follows it up at once with the [9:3] in his own bay: his train has begun.",
            ("MT-6",),
        ),
        Step("[9:8] → Ann's bay", "Ann fills her bay with the [9:8].", ("MT-7",)),
        Step("[9:7] → Don's bay", "Don fills his bay with the [9:7].", ("MT-7",)),
        Step(
            "pick", "Jan has no 9, so she picks a tile from the boneyard: the [9:5]...", ("MT-7",)
        ),
        Step("[9:5] → Jan's bay", "...and Jan lays the [9:5] in her bay.", ("MT-7",)),
        Step("[9:8] → Sue's bay", "Sue fills her bay with the second [9:8].", ("MT-1",)),
        Step("[9:0] → Ken's bay", "Ken fills his bay with the [9:0].", ("MT-7",)),
        Step(
            "[9:9] → Art's bay",
            "Art lays the other [9:9] in his bay as his engine: a doublet, so he must "
            "follow it up.",
            ("MT-11",),
        ),
        Step(
            "pick",
            "Art has no other 9 and picks a tile from the boneyard: the [8:7], no 9 either.",
            ("MT-11",),
        ),
        Step(
            "mark",
            "Art puts a marker on his train, on the [9:9]. With the satisfy option his "
            "doublet now binds the next player.",
            ("MT-9", "MT-11"),
        ),
        Step(
            "[9:2] → Art's train",
            "Ina must satisfy Art's [9:9] before anything else, even before filling her own "
            "bay; she lays the [9:2] on Art's train, and Art's marker slides onto it.",
            ("MT-10", "MT-11"),
            ask=("pick", "[9:2] → Art's train"),
            prompt="Art's [9:9] is open and Ina holds a 9. What must she do?",
        ),
    ),
)

SIX = ("Joe", "Ann", "Don", "Jan", "Sue", "Ken")

DOUBLETS = Scenario(
    id="mt-doublets",
    game="mexican-train",
    title="Doublets, their sides, and side trains",
    source="The book's own example of the 'Doublet Play' and 'Side Trains' rules",
    intro=(
        "Six players, nine tiles each. The deal is the book's choice, made to show a doublet "
        "followed up, a play on its side, and side trains."
    ),
    players=6,
    setup={
        "names": SIX,
        "hands": [
            "[9:9] [9:4] [4:4] [7:4] [4:1] [8:5] [6:3] [3:2] [7:1]",
            "[9:2] [9:5] [4:2] [2:0] [6:6] [8:1] [7:3] [5:3] [1:0]",
            "[9:6] [6:5] [9:0] [6:1] [8:2] [7:5] [3:1] [2:1] [0:0]",
            "[9:1] [5:1] [8:8] [7:7] [6:4] [5:2] [3:0] [8:4] [2:2]",
            "[9:3] [8:3] [7:6] [6:5] [5:4] [4:0] [2:2] [1:1] [6:0]",
            "[9:8] [8:7] [7:0] [6:2] [5:0] [4:3] [3:3] [2:0] [1:1]",
        ],
    },
    rules=("MT-8", "MT-11", "MT-12", "MT-13"),
    steps=(
        Step("[9:9] → centre", "Joe places the [9:9] engine in the centre.", ("MT-5",)),
        Step("[9:4] → Joe's bay", "Joe follows it up with the [9:4] in his own bay.", ("MT-6",)),
        Step("[9:2] → Ann's bay", "Ann fills her bay with the [9:2].", ("MT-7",)),
        Step("[9:6] → Don's bay", "Don fills his bay with the [9:6].", ("MT-7",)),
        Step("[9:1] → Jan's bay", "Jan fills her bay with the [9:1].", ("MT-7",)),
        Step("[9:3] → Sue's bay", "Sue fills her bay with the [9:3].", ("MT-7",)),
        Step(
            "[9:8] → Ken's bay",
            "Ken fills his bay with the [9:8]: every bay holds an engine.",
            ("MT-7",),
        ),
        Step(
            "[4:4] → Joe's train",
            "Joe lays the [4:4] crosswise on his train. He must follow it up now, in the "
            "same turn.",
            ("MT-11",),
        ),
        Step(
            "[7:4] → Joe's train",
            "Joe follows it up with the [7:4] on his train, which goes on from the doublet.",
            ("MT-11",),
            ask=("[4:1] → Joe's train, tile 2, side a", "[7:4] → Joe's train"),
            prompt="Joe holds [7:4] and [4:1]. Where must his next tile go?",
        ),
        Step(
            "[9:5] → Ann's side train",
            "Ann starts her side train in front of her with the [9:5]. She may not use "
            "Joe's doublet sides: they are not marked.",
            ("MT-12", "MT-13"),
            ask=(
                "[4:2] → Joe's train, tile 2, side a",
                "[9:5] → Joe's side train",
                "[9:5] → Ann's side train",
            ),
            prompt="Ann holds [4:2] and [9:5]. Which of these plays may she make?",
        ),
        Step(
            "[6:5] → Ann's side train",
            "Anybody may add to any side train: Don lays the [6:5] on Ann's. At a real "
            "table Ann now turns her [9:5] face down, the source's custom; the board keeps "
            "it face up.",
            ("MT-13",),
            ask=("[6:1] → Jan's train", "[6:5] → Ann's side train"),
            prompt="Jan's train ends in a 1 and Ann's side train in a 5. Don holds [6:1] and "
            "[6:5]. Which play is legal?",
        ),
        Step("[5:1] → Jan's train", "Jan adds the [5:1] to her own train.", ("MT-8",)),
        Step("[8:3] → Sue's train", "Sue adds the [8:3] to her train.", ("MT-8",)),
        Step("[8:7] → Ken's train", "Ken adds the [8:7] to his train.", ("MT-8",)),
        Step(
            "[4:1] → Joe's train, tile 2, side a",
            "Joe lays the [4:1] on a side of the [4:4] in his own train: an owner may use "
            "her doublets' sides.",
            ("MT-12",),
        ),
    ),
)

KNOCKING = Scenario(
    id="mt-knocking",
    game="mexican-train",
    title="Keeping quiet, and a challenge",
    source="The book's own example of the 'Going Out' rule, with knocking='table'",
    intro=(
        "Six players knock for themselves. To keep the example short the book deals only "
        "three tiles each (hand_size=3); the deal is the book's choice."
    ),
    players=6,
    options={"knocking": "table", "hand_size": 3},
    setup={
        "names": SIX,
        "hands": [
            "[9:9] [9:4] [4:2]",
            "[9:5] [5:5] [4:3]",
            "[9:6] [6:1] [2:0]",
            "[9:1] [8:2] [7:3]",
            "[9:3] [6:5] [4:0]",
            "[9:8] [8:7] [1:0]",
        ],
        "boneyard": "[8:6]",
    },
    rules=("MT-6", "MT-7", "MT-14"),
    steps=(
        Step("[9:9] → centre", "Joe places the [9:9] engine in the centre.", ("MT-5",)),
        Step(
            "[9:4] → Joe's bay",
            "Joe follows it up with the [9:4] in his bay, which leaves him one tile.",
            ("MT-6", "MT-14"),
        ),
        Step(
            "keep quiet",
            "Joe keeps quiet instead of knocking, with the [4:2] left in his hand, and his "
            "turn ends.",
            ("MT-14",),
            ask=("[4:2] → Joe's train", "knock", "keep quiet"),
            prompt="Joe holds one tile, the [4:2]. What may he do now?",
        ),
        Step(
            "challenge",
            "Ann challenges before her own play, and Joe picks the [8:6] from the boneyard "
            "into his hand as his penalty.",
            ("MT-14",),
            ask=("[9:5] → Ann's bay", "challenge", "[4:3] → Joe's train"),
            prompt="Joe kept quiet with one tile left. Which of these moves may Ann make?",
        ),
        Step("[9:5] → Ann's bay", "Ann then fills her bay with the [9:5] as usual.", ("MT-7",)),
    ),
)

GUIDE = Scenario(
    id="mt-guide",
    game="mexican-train",
    title="Your first hand of Mexican Train",
    source="the book's guided first game, dealt from seed 232",
    intro=(
        "You are Joe, against Ann: two players, twelve tiles each, the rest face down in "
        "the boneyard. The source's game is for six to ten players; two to five, with "
        "larger hands, is the program's extension (MT-19, house rule). Lay your tiles on "
        "trains end to end, matching numbers: whatever you still hold when the hand ends "
        "counts against you."
    ),
    seed=232,
    seat=0,
    steps=(
        Step(
            "[8:8] → centre",
            "Nobody holds the [9:9], so this hand's engine is the [8:8], and you hold it: "
            "place it in the centre of the table.",
            ("MT-5",),
            nudge="Click the [8:8] in your hand: it goes in the centre.",
        ),
        Step(
            "[8:4] → Joe's bay",
            "An engine must be followed up at once: put a tile with an 8 in your bay, next "
            "to the centre. Your [8:4] starts your own train.",
            ("MT-6", "MT-7"),
            nudge="Put your [8:4] in your bay: tap it, then the empty bay in your panel.",
        ),
        Step(
            "[8:8] → Ann's bay",
            "Ann fills her bay with the other [8:8]: there are two sets, so every tile comes "
            "twice. A doublet must be followed up at once by whoever laid it.",
            ("MT-7", "MT-11"),
        ),
        Step(
            "[8:2] → Ann's train",
            "Ann follows her doublet up with the [8:2]. Her train now ends in a 2.",
            ("MT-11",),
        ),
        Step(
            "[8:4] → Joe's side train",
            "One play per turn. With your bay filled you may also start a side train, with a "
            "tile matching the centre: your second [8:4] opens a new end for your tiles.",
            ("MT-8", "MT-13"),
            nudge="Start your side train with the second [8:4].",
        ),
        Step(
            "[9:2] → Ann's train",
            "Ann adds the [9:2] to her train.",
            ("MT-8",),
        ),
        Step(
            "pick",
            "Your ends show 4 and 4 (Ann's train is hers alone), and no tile of yours has a "
            "4: pick one tile from the boneyard.",
            ("MT-8",),
            nudge="No tile of yours fits: click the boneyard to pick.",
        ),
        Step(
            "mark",
            "You picked the [7:7], which does not fit either. Put a marker on your train: "
            "it is now open to everybody.",
            ("MT-9",),
            nudge="The picked tile does not fit: mark your train.",
        ),
        Step(
            "[7:4] → Joe's train",
            "Ann uses your open train: she lays the [7:4] on it, and your marker slides "
            "onto her tile. Your train now ends in a 7.",
            ("MT-10",),
        ),
        Step(
            "[7:7] → Joe's train",
            "Lay the [7:7] on your own train: it lifts your marker, and you hold the [7:2] "
            "and the [7:3] to follow the doublet up.",
            ("MT-10", "MT-11"),
            nudge="Play the doublet [7:7] on the end of your own train.",
        ),
        Step(
            "[7:2] → Joe's train",
            "Follow the doublet up at once: the [7:2] goes on past it.",
            ("MT-11",),
            nudge="A doublet is followed up at once: lay a 7 after it on your train.",
        ),
        Step(
            "[8:2] → Ann's train, tile 1, side a",
            "Ann lays the [8:2] on one side of her [8:8]: the sides of a doublet in a train "
            "are extra ends for its owner.",
            ("MT-12",),
        ),
        Step(
            "[7:3] → Joe's train, tile 3, side a",
            "Use a side of your own [7:7] the same way: the [7:3] goes there. Seven tiles "
            "left each; play on against Ann!",
            ("MT-12",),
            nudge="Lay the [7:3] on a side of your [7:7].",
        ),
    ),
)


EXAMPLES: list[Scenario] = [OPENING, END, DEAL, DOUBLETS, KNOCKING]

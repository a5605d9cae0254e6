"""Dual Mexican Train's rulings, glossary words and player aid, as data (see
:mod:`gamebox.rulings`).

``RULINGS`` holds every rule the engine enforces, MT-0 to MT-19: the shared rulings
MT-1 to MT-17, MT-0 for text that is no move, and two readings the chapter decided
beyond the shared ones: MT-18, markers never run out, and MT-19, the project's
extension to tables of two to five players. Where the chapter reads a shared ruling in
its own way (the free order of plays in MT-8, the knock and challenge of MT-14, ...),
that ruling is labelled with the kind of reading, and its source line says why. Every
refusal of the engine names one of them; the chapter's Rulings section, the book's
Rulings page, its glossary and the one-page player aid are drawn from these tables, and
``QUESTIONS`` holds the mistakes and questions a teacher meets at the table.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is Kind.HOUSE]
['MT-0', 'MT-12', 'MT-18', 'MT-19']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

# The chapter's sections that teach the rules (book/md/mexican_train.md).
DEAL = "The tiles and the deal"
TURN = "A turn"
DOUBLETS = "Doublets and side trains"
GOING_OUT = "Going out"
BLOCKED = "A blocked hand"
SCORING = "Scoring"
MISSING = "The last missing engines: the source's end example"
OPTIONS = "Options"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "MT-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no tile laid somewhere, no"
        " pick, mark, knock, challenge, draw or next hand) is refused before any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read",
        PLAY,
    ),
    Ruling(
        "MT-1",
        Kind.SOURCE,
        "The game uses two double-nine sets mixed together: 110 tiles, each of them twice. "
        "The tiles nobody is dealt lie face down as the boneyard.",
        "Equipment",
        DEAL,
    ),
    Ruling(
        "MT-2",
        Kind.SOURCE,
        "Each player has a bay in the roundhouse where her own train starts. Six to ten "
        "players; each is dealt 7 tiles at a table of eight or more, 8 at seven, 9 at six.",
        "Equipment; Setup (1) and (2)",
        DEAL,
    ),
    Ruling(
        "MT-3",
        Kind.SOURCE,
        "Before the series the table announces how an unanswered doublet is treated: "
        "follow-up (only its layer must answer it) or satisfy (the next players must).",
        "Setup (3); Doublet Options",
        OPTIONS,
    ),
    Ruling(
        "MT-4",
        Kind.INFERRED,
        "A hand is one of the ten deals; a go-round is one turn for every player. The "
        "source says round for both, and the book keeps the two words apart.",
        "Scoring ('ten rounds') and the example's step (5) ('next round')",
        DEAL,
    ),
    Ruling(
        "MT-5",
        Kind.INFERRED,
        "A hand's engine is the highest doublet not used yet that somebody holds, from the "
        "[9:9] down to the [0:0]; the first holder in turn order, from the seat after the "
        "one that began the previous hand, places it in the centre. "
        "A skipped engine comes back in a later hand, as the highest unused one someone holds.",
        "Starting (a); who places the engine is the project's reading",
        DEAL,
    ),
    Ruling(
        "MT-6",
        Kind.INFERRED,
        "The centre engine is followed up by putting a tile with its number in a bay. Under "
        "satisfy, when its placer cannot, the next player puts that tile in the placer's "
        "bay, and her own bay stays empty for the go-round.",
        "Starting (b) to (e), read through the example's step (2)",
        DEAL,
    ),
    Ruling(
        "MT-7",
        Kind.SOURCE,
        "Until your bay holds an engine or a marker, your only play is to fill it with a "
        "tile matching the centre; failing that, you pick one tile and lay it there if it "
        "fits, or else mark your bay.",
        "Starting (f); the example's step (10)",
        TURN,
    ),
    Ruling(
        "MT-8",
        Kind.INFERRED,
        "One play per turn: an open doublet under satisfy first, your empty bay next, then "
        "your free choice among the other plays, none ranked above another (your train, its "
        "doublets' sides, your side train, any side or marked train, another's marked empty "
        "bay). You pick only when no play is possible, and then may lay only the tile you "
        "picked.",
        "Moves (1) to (7). The source puts (1) first and then says 'in any order', so (2) to "
        "(6) are a free choice; the project's first notes read the numbers as an order of "
        "duty, which ranks what the source does not. One play a turn, and the pick (7) only "
        "when nothing else fits, are the project's reading of the example's step (10) and of "
        "'pick and play (if usable)'",
        TURN,
    ),
    Ruling(
        "MT-9",
        Kind.INFERRED,
        "A player who cannot complete a play puts a marker on her train, which opens it to "
        "everybody; if its end is marked already, the marker goes on the first free side of "
        "her last doublet, and with no free side marking changes nothing.",
        "Markers; which side, and the case with no side left, are the project's reading",
        TURN,
    ),
    Ruling(
        "MT-10",
        Kind.SOURCE,
        "When you add to your own marked train you lift your marker; when someone else adds "
        "to it, the marker slides onto the new tile and the train stays open.",
        "Markers",
        TURN,
    ),
    Ruling(
        "MT-11",
        Kind.SOURCE,
        "A doublet is laid crosswise and its layer follows it up at once, with a matching "
        "tile or its twin (which then needs its own follow-up), picking if she must. If she "
        "cannot, under follow-up she marks and play goes on; under satisfy each next player "
        "answers it or marks her own train, until somebody does.",
        "Doublet Options (#1) and (#2); Doublet Play (a)",
        DOUBLETS,
    ),
    Ruling(
        "MT-12",
        Kind.HOUSE,
        "The two sides of a doublet in a train or side train are extra open ends: its owner "
        "may use them, others only a marked side (any side of a side train's doublet). A "
        "doublet laid on a side branch grows no sides of its own.",
        "Doublet Play; that side branches grow no sides is the project's rule, the source "
        "is silent",
        DOUBLETS,
    ),
    Ruling(
        "MT-13",
        Kind.SOURCE,
        "Once her bay holds an engine, each player may start one side train in front of "
        "her, with a tile matching the centre; anybody may add to any side train. At the "
        "table, its first tile is turned face down once another tile is added to it: a "
        "custom the source gives to avoid confusion, not a rule of play.",
        "Side Trains; Moves (4) and (5). The face-down first tile is the source's own table "
        "custom; the boards keep every tile face up",
        DOUBLETS,
    ),
    Ruling(
        "MT-14",
        Kind.INFERRED,
        "A player down to one tile knocks, as a move of its own right after the play that "
        "leaves her one tile (by default the program knocks for her). One who keeps quiet "
        "may be challenged by the next other player to move, before that player's own play "
        "and while the boneyard has a tile, and then picks a penalty tile; her own "
        "follow-up of a doublet she has just laid does not end that chance, since nobody "
        "challenges herself. A last tile that is a doublet needs no follow-up.",
        "Going Out and Doublet Play (d); the knock as a move, and who may challenge until "
        "when, are the project's reading of 'challenged before the next person plays'",
        GOING_OUT,
    ),
    Ruling(
        "MT-15",
        Kind.INFERRED,
        "A hand ends when a player lays her last tile, or when it is blocked: with the "
        "boneyard empty, as many turns in a row as there are players pass with no tile "
        "laid and no new marker, or a doublet nobody can satisfy stops the table.",
        "Going Out ('play is blocked'); how many turns make a block is the project's reading",
        BLOCKED,
    ),
    Ruling(
        "MT-16",
        Kind.SOURCE,
        "At the end of a hand each player counts the spots she still holds, doublets "
        "double and the [0:0] 50. The lowest total after the ten hands wins; the table may "
        "agree to stop after any hand (option hands).",
        "Scoring",
        SCORING,
    ),
    Ruling(
        "MT-17",
        Kind.INFERRED,
        "When nobody holds any of the last missing engines, everybody draws a tile at once, "
        "in seat order from the hand's first player, until one turns up; the highest that "
        "turns up is placed first, by the player who drew it.",
        "the source's end example; the seat order of the draw is the project's reading",
        MISSING,
    ),
    Ruling(
        "MT-18",
        Kind.HOUSE,
        "Markers are not counted: the program never runs out of them.",
        "not in the source: it asks for about a dozen markers (Equipment) and says nothing "
        "of running out",
        TURN,
    ),
    Ruling(
        "MT-19",
        Kind.HOUSE,
        "The program also seats two to five players, dealing 12 tiles each to two, 11 to "
        "three, 10 to four and 9 to five; any deal leaves at least eight tiles in the "
        "boneyard.",
        "not in the source, which is for six to ten players: the project's extension",
        OPTIONS,
    ),
)

TERMS: tuple[Term, ...] = (
    Term("hand", "One deal of the series, from its centre engine to the scoring.", DEAL),
    Term("go-round", "One turn for every player at the table.", DEAL),
    Term(
        "roundhouse",
        "The hub of the table: the centre engine with one bay for each player around it.",
        DEAL,
    ),
    Term("boneyard", "The face-down tiles nobody was dealt, from which players pick.", DEAL),
    Term(
        "engine",
        "The doublet in the centre that starts a hand, or the first tile of a train.",
        DEAL,
    ),
    Term("bay", "The place beside the centre where a player's own train starts.", DEAL),
    Term("train", "A player's line of tiles, built out from her bay.", TURN),
    Term(
        "marker",
        "A token a player puts on her train when she cannot play, opening it to all.",
        TURN,
    ),
    Term("pick", "Taking one tile from the boneyard when you have no play.", TURN),
    Term("doublet", "A tile with the same number at both ends, such as [4:4].", DOUBLETS),
    Term(
        "follow up",
        "Answer a doublet at once with a tile showing its number.",
        DOUBLETS,
    ),
    Term(
        "satisfy",
        "The option under which the next players must answer a doublet its layer could not.",
        DOUBLETS,
    ),
    Term(
        "side train",
        "A second train a player may start in front of her; anybody may add to it.",
        DOUBLETS,
    ),
    Term("knock", "Tap the table to say you are down to one tile.", GOING_OUT),
    Term(
        "challenge",
        "Catch a player who kept quiet with one tile: she picks a penalty tile.",
        GOING_OUT,
    ),
    Term("blocked", "A hand nobody can go on with; it ends and is scored.", BLOCKED),
)

AID = PlayerAid(
    goal="Get rid of your tiles: what you still hold when a hand ends counts against you, "
    "and the lowest total after ten hands wins.",
    setup=(
        "Two double-nine sets mixed face down: 110 tiles (MT-1).",
        "6 to 10 players (MT-2); 2 to 5 is the program's extension (MT-19).",
        "Deal 7 tiles each to 8 or more, 8 to seven, 9 to six; the rest is the boneyard (MT-2).",
        "Announce the doublet option: follow-up or satisfy (MT-3).",
        "Engines: [9:9] in hand 1, then down to [0:0]; its first holder lays it (MT-5).",
    ),
    turn=(
        "One play a turn; an open doublet (satisfy) comes first (MT-8, MT-11).",
        "Fill your empty bay with a tile matching the centre before any other play (MT-7).",
        "Then one play of your choice: your train or its doublets' sides, your side train, "
        "any side or marked train, a marked empty bay (MT-8, MT-12, MT-13).",
        "No play: pick one tile and lay only that tile if it fits (MT-8).",
        "Still none: put a marker on your train, which opens it to all (MT-9).",
    ),
    special=(
        "A doublet is laid crosswise and followed up at once by its layer (MT-11).",
        "Custom: turn a side train's first tile face down once it grows (MT-13).",
        "Under satisfy, a centre engine its placer cannot follow up is followed up by the "
        "next player, in the placer's bay (MT-6).",
        "Your own play on your marked train lifts the marker; another's slides it on (MT-10).",
        "Nobody holds the engine: use the next lower, the missed one comes later (MT-5).",
    ),
    scoring=(
        "Down to one tile: knock, or be challenged and pick a penalty tile (MT-14).",
        "A hand ends when someone lays her last tile or play is blocked (MT-15).",
        "Count the spots you hold: doublets double, [0:0] is 50, other blanks 0 (MT-16).",
        "Lowest total after the ten hands wins; the table may stop after any hand (MT-16).",
    ),
)

# The mistakes and questions a teacher meets at the table, each settled by its rulings:
# the chapter's "Common mistakes and questions", the player aid and the Rulings page show
# them. Answers stay short, so that the aid still prints on one page.
QUESTIONS: tuple[Question, ...] = (
    Question(
        "May I play on another player's train?",
        "Only once it carries a marker; any side train is open to all.",
        ("MT-9", "MT-13"),
    ),
    Question(
        "My bay is still empty: may I play on a marked train?",
        "No: fill your bay, or mark it, first.",
        ("MT-7",),
    ),
    Question(
        "Must I play on my own train first?",
        "No: after an open doublet (satisfy) and your empty bay, you choose.",
        ("MT-8",),
    ),
    Question(
        "After a pick, may I lay another tile?",
        "No: only the picked one, if it fits; else you mark.",
        ("MT-8", "MT-9"),
    ),
    Question(
        "Does another's play close my marked train?",
        "No: the marker slides on; only your own play lifts it.",
        ("MT-10",),
    ),
    Question(
        "Must I answer another player's doublet?",
        "Only under satisfy, and then before any other play.",
        ("MT-11",),
    ),
    Question(
        "My last tile is a doublet: must I follow it up?",
        "No: the hand ends at once.",
        ("MT-14",),
    ),
    Question(
        "Who may challenge a player who kept quiet?",
        "The next other player, before her own play, while the boneyard has a tile.",
        ("MT-14",),
    ),
    Question(
        "What does a blank cost?",
        "Nothing, but the [0:0] costs 50, and a doublet counts double.",
        ("MT-16",),
    ),
)

"""Skip-Bo's rulings, glossary words and player aid, as data (see :mod:`gamebox.rulings`).

``RULINGS`` holds every rule of the game, SB-0 to SB-20: the shared rulings SB-1 to
SB-16, SB-0 for text that is no move, and the rulings the chapter decided beyond the
shared ones: SB-17, how a hand ends when nobody can play any more; SB-18, the
``official`` preset's deal for seven or eight players; SB-19, when and how the
set-aside piles come back into the deck (the source only says "mix and re-use"); and
SB-20, the source's note on drawing too many cards, a rule of the table that the
board, which always deals exactly, never meets. Every refusal of the engine names one
of them; the chapter's Rulings section, the book's Rulings page, its glossary and the
one-page player aid are drawn from these tables, and ``QUESTIONS`` holds the common
mistakes and questions a teacher meets, each tied to the rulings that settle it.

>>> from gamebox.rulings import Kind
>>> [r.id for r in RULINGS if r.kind is not Kind.SOURCE]
['SB-0', 'SB-1', 'SB-3', 'SB-9', 'SB-10', 'SB-11', 'SB-17', 'SB-18', 'SB-19']
"""

from __future__ import annotations

from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term

# The chapter's sections that teach the rules (book/md/skip_bo.md).
DEAL = "The cards and the deal"
TURN = "A turn"
PILES = "Four build piles, never five"
WINNING = "Winning and scoring"
TWO_OPTIONS = "The two options of 1980"
ALTERNATING = "Option #1: alternating"
BLOCKING = "Option #2: blocking"
OPTIONS = "Options"
PLAY = "Play a game"

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "SB-0",
        Kind.HOUSE,
        "Text, or a move built by hand, that names no move of the game (no card played to a build "
        "pile, no block, no discard and no pass), or a card that does not exist, is refused before"
        " any rule is asked.",
        "not in the source: the engine's answer to a move it cannot read.",
        PLAY,
    ),
    Ruling(
        "SB-1",
        Kind.INFERRED,
        "The deck is 144 numbered cards, twelve each of 1 to 12, and 24 wild Skip-Bo "
        "cards; later decks have 18 wild cards (option `wilds`).",
        "the opening paragraph (later decks have 6 fewer wild cards); the 24 is the "
        "project's reading, since later decks have 18.",
        DEAL,
    ),
    Ruling(
        "SB-2",
        Kind.SOURCE,
        "Each player is dealt a face-down reserve pile with its top card turned up: 20 "
        "cards for up to four players, 15 for five or six, 10 for more (option "
        "`reserve_size`; the `official` preset deals 30 and 20).",
        "Deal, which adds 'vary these to lengthen or shorten the game' (option "
        "`reserve_size`); the `official` preset's 30 and 20 are the published rules' deal, "
        "not this source's.",
        DEAL,
    ),
    Ruling(
        "SB-3",
        Kind.HOUSE,
        "Two to eight players may play.",
        "not in the source: its heading says 3 to 6 players, but its deal table goes "
        "past six, and two players can play the same rules.",
        DEAL,
    ),
    Ruling(
        "SB-4",
        Kind.SOURCE,
        "Before play the table says whether option #1 (alternating) and option #2 "
        "(blocking) are in play; both are unless someone says otherwise. With both off and "
        "helper cards free to play at any time, the game is the later, simpler one (preset "
        "`modern`).",
        "Deal (declaring the options) and the opening paragraph (the later version).",
        TWO_OPTIONS,
    ),
    Ruling(
        "SB-5",
        Kind.SOURCE,
        "Before playing, fill your hand to five cards from the deck.",
        "Play, rule (1).",
        TURN,
    ),
    Ruling(
        "SB-6",
        Kind.SOURCE,
        "There are at most four build piles, shared by everyone: a 1 (or a Skip-Bo card "
        "as 1) starts one in a free slot, and each takes the next number up to 12. A "
        "finished pile is set aside and its slot frees.",
        "Play, rules (2) and (4).",
        TURN,
    ),
    Ruling(
        "SB-7",
        Kind.SOURCE,
        "Your reserve's top card and your hand cards may go on a build pile at any time "
        "in your turn; when the reserve card goes, the next one turns up.",
        "Reserve Piles and Hands; the example, step (c).",
        TURN,
    ),
    Ruling(
        "SB-8",
        Kind.SOURCE,
        "Each player has up to four helper stacks of her own discards, any card on any "
        "card; only the top card shows, and only it may be played.",
        "Play, rule (3); Discard.",
        TURN,
    ),
    Ruling(
        "SB-9",
        Kind.INFERRED,
        "A helper card may go on a build pile only in a run that ends by playing your "
        "reserve card, played card by card: the first helper card starts the run only if "
        "your hand and stacks can carry that pile up to the reserve card, and until it is "
        "down every card goes on that pile and no discard ends the turn.",
        "Stacks (Leading From), and the example of leading up to the 10; playing the run "
        "card by card, and what may start it, is the project's reading.",
        TURN,
    ),
    Ruling(
        "SB-10",
        Kind.INFERRED,
        "Under option #1, two helper cards in a row may not come from the same stack. A "
        "hand or reserve card between them does not reset this, and it holds for the "
        "whole turn, across separate runs.",
        "Option #1: Alternating; Stacks (Leading From), rule (c); what 'in a row' means "
        "is the project's reading.",
        ALTERNATING,
    ),
    Ruling(
        "SB-11",
        Kind.INFERRED,
        "Under option #2, when an opponent with 5 reserve cards or fewer shows a reserve "
        "card that fits one build pile only, and no hand card of yours can take that "
        "slot, you may play a helper card there without leading up. The block is your "
        "whole turn: it comes before any other play, and only the discard follows.",
        "Option #2: Blocking, and Blocking; how near to going out, that the block must stop "
        "her, and the block as the first play, are the project's reading. The source calls "
        "the block an exception to the alternating rule, but its Blocking paragraph and "
        "example make it one to leading up ('without it leading up to your reserve card'): "
        "the project follows the example.",
        BLOCKING,
    ),
    Ruling(
        "SB-12",
        Kind.SOURCE,
        "If you cannot play, or when you stop, discard one hand card onto one of your "
        "helper stacks; that ends your turn.",
        "Discard; Play, rule (2).",
        TURN,
    ),
    Ruling(
        "SB-13",
        Kind.SOURCE,
        "A hand emptied by plays is refilled to five at once and you play on; a hand "
        "emptied by your closing discard waits for your next turn.",
        "Notes, note (2).",
        TURN,
    ),
    Ruling(
        "SB-14",
        Kind.SOURCE,
        "A Skip-Bo card is wild: it counts as whatever number the pile needs, a starting 1 "
        "included.",
        "Skip-Bo (the paragraph on the wild cards).",
        TURN,
    ),
    Ruling(
        "SB-15",
        Kind.SOURCE,
        "The first player to play the last card of her reserve wins the hand.",
        "Objective.",
        WINNING,
    ),
    Ruling(
        "SB-16",
        Kind.SOURCE,
        "Official scoring: the winner scores 25 plus 5 for each card left in the other "
        "reserves, and the first to 500 wins the match. Easy scoring: each player counts "
        "her own reserve cards left, and the lowest total after a series of hands wins.",
        "Scoring.",
        WINNING,
    ),
    Ruling(
        "SB-17",
        Kind.HOUSE,
        "When the deck and the set-aside cards are gone and a full round passes with no "
        "card played, the hand ends with no winner. A player with no card left ends her "
        "turn with a pass.",
        "not in the source: it never says what happens when the cards run out.",
        WINNING,
    ),
    Ruling(
        "SB-18",
        Kind.HOUSE,
        "The `official` preset deals 15 reserve cards each to seven or eight players.",
        "not in the source: the official deal stops at six players, and 20 cards each "
        "would leave seven or eight players too few to draw.",
        OPTIONS,
    ),
    Ruling(
        "SB-19",
        Kind.INFERRED,
        "When the deck cannot fill a hand, the set-aside piles are shuffled and put under "
        "what is left of the deck, so the cards still in it are drawn first.",
        "Play, rule (5), says only to mix and re-use the completed piles when the deck gets "
        "too low; when that is, and where they go, are the project's reading.",
        PILES,
    ),
    Ruling(
        "SB-20",
        Kind.SOURCE,
        "A player who draws more than five cards puts the extras under her reserve pile if "
        "she has seen them, and back in the deck if not. The board always deals exactly, so "
        "this is a rule for a table of real cards.",
        "Notes, note (1).",
        TURN,
    ),
)

TERMS: tuple[Term, ...] = (
    Term(
        "reserve pile",
        "Your own face-down pile with its top card turned up; the first to play all of it "
        "wins (the official rules call it the stock pile).",
        DEAL,
    ),
    Term(
        "build pile",
        "One of at most four shared piles in the centre, started with a 1 and built up "
        "one number at a time to 12.",
        TURN,
    ),
    Term(
        "helper stack",
        "One of your four face-up piles of discards; only its top card shows and can be played.",
        TURN,
    ),
    Term(
        "Skip-Bo card",
        "The wild card: it counts as any number from 1 to 12.",
        TURN,
    ),
    Term(
        "leading up",
        "A run of plays onto one build pile that ends with your reserve card; the only way "
        "a helper card may be played in the 1980 game.",
        TURN,
    ),
    Term(
        "building to",
        "What you announce as you start leading up: the value of your reserve card, as in "
        '"building to 10".',
        TURN,
    ),
    Term(
        "set aside",
        "Where a build pile goes when it reaches 12; its cards are shuffled and put under the "
        "deck when it runs short.",
        PILES,
    ),
    Term(
        "alternating",
        "Option #1: never two helper cards in a row from the same stack.",
        ALTERNATING,
    ),
    Term(
        "blocking",
        "Option #2: playing a helper card, without leading up, to take the build pile an "
        "opponent about to go out needs.",
        BLOCKING,
    ),
)

AID = PlayerAid(
    goal="Be the first to play every card of your reserve pile onto the shared build piles.",
    setup=(
        "2 to 8 players (SB-3); 144 cards numbered 1-12 and 24 wild Skip-Bo cards, or 18 "
        "in later decks (SB-1).",
        "Deal each a reserve, face down with its top card up: 20 cards up to 4 players, 15 "
        "for 5-6, 10 for 7-8 (SB-2). The rest is the deck.",
        "Options #1 (alternating) and #2 (blocking) are in play unless someone objects (SB-4).",
    ),
    turn=(
        "Fill your hand to five from the deck (SB-5).",
        "Up to four shared build piles: a 1 starts one, then 2, 3 ... up to 12 (SB-6); a "
        "Skip-Bo card is any number (SB-14).",
        "Your reserve's top card and hand cards go on at any time; the next reserve card "
        "turns up (SB-7).",
        "A helper card only in a run that ends on your reserve card; once started, every "
        "card goes on that pile until it is down (SB-9).",
        "End by discarding one hand card onto one of your four helper stacks, any card on "
        "any card (SB-8, SB-12).",
    ),
    special=(
        "Option #1: never two helper cards in a row from one stack, a hand card between "
        "them or not (SB-10).",
        "Option #2: a rival with 5 or fewer reserve cards shows one that fits one pile only, "
        "and no hand card can take it: block it with a helper card, as your turn (SB-11).",
        "A pile at 12 is set aside and its slot frees (SB-6); a deck too short to fill a "
        "hand gets the set-aside cards, shuffled, under it (SB-19).",
        "Cards all gone and a full round without a play: the hand ends with no winner (SB-17).",
    ),
    scoring=(
        "Playing the last reserve card wins the hand (SB-15).",
        "Official: the winner scores 25 + 5 per card left in the other reserves; first to "
        "500 wins (SB-16).",
        "Easy: everyone counts her own reserve cards left; lowest after a series wins (SB-16).",
    ),
)

QUESTIONS: tuple[Question, ...] = (
    Question(
        "A helper card fits a pile: can I just play it?",
        "Only in a run that ends on your reserve card, or as a block (option #2).",
        ("SB-9", "SB-11"),
    ),
    Question(
        "May I start a run that needs cards I have yet to draw?",
        "No: your hand and helper stacks must reach the reserve card already.",
        ("SB-9",),
    ),
    Question(
        "Can a run go past 12?",
        "Yes: the full pile is set aside, its slot starts again at 1, and the run goes on.",
        ("SB-9", "SB-6"),
    ),
    Question(
        "My reserve shows a Skip-Bo card: when does my run end?",
        "When you play it: it fits at any point.",
        ("SB-9", "SB-14"),
    ),
    Question(
        "Can I end my turn without a discard?",
        "No: only a player with no card in hand passes.",
        ("SB-12", "SB-17"),
    ),
    Question(
        "My hand ran out in the middle of my turn: do I draw?",
        "Yes, five, and play on; not if your closing discard emptied it.",
        ("SB-13",),
    ),
    Question(
        "Can I start a fifth build pile or helper stack?",
        "No: a 1 waits for a free slot, and a stack's cards are never moved.",
        ("SB-6", "SB-8"),
    ),
    Question(
        "I drew one card too many: now what?",
        "If you saw it, it goes under your reserve pile; if not, back in the deck.",
        ("SB-20",),
    ),
)

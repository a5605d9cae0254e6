"""Milk Run's worked examples, as data the book's boards and the tests replay.

The source works four examples into its text (the rulings list them as MR's examples
1-4); each is a :class:`Scenario` here, with a position the book picks where the
source gives only part of one. Two more are the project's own: the first turn of a
real seeded deal, and a tour of the joker's conditions. ``GUIDE`` is the guided first
game of the play board: the reader plays P0 for three turns (twelve moves), from the
first draw to a joker's steal, and then plays on against the bot.

>>> [sc.id for sc in EXAMPLES]
['mr-deal', 'mr-win', 'mr-limit', 'mr-discard', 'mr-footnote', 'mr-steal']
"""

from __future__ import annotations

from gamebox.scenario import Scenario, Step

GAME = "milk-run"
SOURCE = "Milk Run (Pips)"

DEAL = Scenario(
    id="mr-deal",
    game=GAME,
    title="A real deal and its first turn",
    source="The project's own: a seeded deal (seed 6), moves chosen by the heuristic bot",
    seed=6,
    intro=(
        "Two players, two decks with their jokers, shuffled together: six cards each, the "
        "other 96 face down as the stock, and no discard pile yet. Every pile starts empty, "
        "so both players start at 'stop' in both colours. P0 begins."
    ),
    steps=(
        Step("draw stock", "P0 draws the first of two cards from the stock: the K♠.", ("MR-4",)),
        Step(
            "draw stock",
            "The discard pile is empty, so P0 draws its second card from the stock too: the Q♥.",
            ("MR-4",),
        ),
        Step(
            "Q♥ → go P0",
            "Nobody can deliver before a face card opens a Go pile. P0 plays the Q♥ from its "
            "hand onto its own empty red Go pile: strawberry milk may now flow.",
            ("MR-8", "MR-9"),
            ask=("5♥ → column", "Q♥ → go P0", "Q♥ → go P1"),
            prompt="P0 holds two 5♥ and would like to deliver one. Which card first?",
        ),
        Step(
            "5♥ → column",
            "In the same turn P0 delivers a 5♥ from its hand to its red Delivery column. The "
            "red Limit pile is empty, which counts as a 5, so the 8♥ would have been too big.",
            ("MR-7", "MR-9"),
            ask=("8♥ → column", "5♥ → column"),
            prompt="The red Go pile shows the Q♥ now. Which delivery is allowed?",
        ),
        Step(
            "draw stock",
            "Two cards played: P1's turn. P1 draws the 10♥ from the stock...",
            ("MR-5",),
        ),
        Step("draw stock", "...and the 5♣ from the stock.", ("MR-4",)),
        Step(
            "A♦ → go P0",
            "P1 answers with the A♦ from its hand on the Q♥ of P0's red Go pile: P0 is "
            "stopped until it covers the ace with a red face card.",
            ("MR-8",),
        ),
        Step(
            "10♥ → limit P1",
            "Then P1 plays the 10♥ on its own red Limit pile: its red limit is 10, ready for "
            "big strawberry deliveries once its own red Go pile opens.",
            ("MR-7",),
        ),
    ),
    rules=("MR-1", "MR-2"),
)

WIN = Scenario(
    id="mr-win",
    game=GAME,
    title="The win",
    source=f"{SOURCE}, 'The Play': the example after the goal (source example 1)",
    setup={
        "hands": ["2♥ 9♦ K♦ A♦ 3♣ 6♠ 9♣ JK", "4♦ 8♥ Q♣ 2♠ 7♦ 5♥"],
        "piles": [
            {
                "red limit": "9♦",
                "red go": "K♥",
                "red column": "9♥ 5♦ 2♥ 8♦ 7♥",
                "black limit": "10♠ 8♣",
                "black go": "Q♠",
                "black column": "10♠ 10♣ 4♠",
            },
            {
                "red go": "J♥ A♥",
                "red column": "6♥ 4♦",
                "black limit": "7♠",
                "black go": "J♣",
                "black column": "7♣ 3♣ 5♣",
            },
        ],
        "discard": "4♥ Q♦",
        "step": "play",
        "turn": 23,
    },
    intro=(
        "The source's example: P0's red column holds 9, 5, 2, 8 and 7 (31 deliveries of "
        "strawberry milk) and the black column 10, 10 and 4 (24 of chocolate). The black Go "
        "pile shows a queen. The book adds a black limit of 8, played on P0 by P1 after "
        "the tens went down. P0 has drawn and holds three black number cards."
    ),
    steps=(
        Step(
            "6♠ → column",
            "P0 delivers the 6♠ from its hand to its black Delivery column: 24 and 6 make 30. "
            "With 31 red and 30 black, P0 wins on the spot, without playing a second card.",
            ("MR-9", "MR-11"),
            ask=("3♣ → column", "9♣ → column", "6♠ → column"),
            prompt="Which card wins the game right now?",
        ),
    ),
)

LIMIT = Scenario(
    id="mr-limit",
    game=GAME,
    title="The Delivery Limit",
    source=f"{SOURCE}, 'The Play': the Delivery Limit example (source example 2)",
    setup={
        "hands": ["6♠ 5♠ 6♥ 5♥ 9♦ J♠ 2♣ 8♣", "3♠ 10♥ 7♦ K♦ A♣ 4♥"],
        "piles": [
            {
                "red go": "Q♥",
                "red column": "2♦",
                "black limit": "5♣",
                "black go": "K♣",
                "black column": "3♠ 4♣",
            },
            {"red limit": "4♦", "red go": "J♦", "red column": "4♥ 3♥", "black go": "A♠"},
        ],
        "stock_top": "2♦ 9♠",
        "step": "play",
        "turn": 9,
    },
    intro=(
        "P0 has drawn. Both its Go piles show a face card, so both colours may be "
        "delivered. The top card of the black Limit pile is a 5; the red Limit pile is "
        "empty. The book picks this position for the source's one-line example."
    ),
    steps=(
        Step(
            "5♠ → column",
            "P0 delivers the 5♠ to its black Delivery column. The black limit is 5: a 5 or "
            "less may be delivered, a 6 may not.",
            ("MR-7",),
            ask=("6♠ → column", "5♠ → column"),
            prompt="P0 would like to deliver chocolate milk. Which card?",
        ),
        Step(
            "5♥ → column",
            "P0 delivers the 5♥ to its red Delivery column. An empty Limit pile counts as a "
            "5, so the same holds in red.",
            ("MR-7",),
            ask=("6♥ → column", "5♥ → column"),
            prompt="And in red, where the Limit pile is empty?",
        ),
        Step("draw stock", "P1's turn. It draws the 2♦ from the stock...", ("MR-4",)),
        Step("draw stock", "...and the 9♠ from the stock.", ("MR-4",)),
        Step(
            "3♠ → limit P0",
            "A Limit pile takes any number card of its colour, whoever owns it. P1 puts a 3♠ "
            "on P0's black Limit pile: P0's chocolate deliveries are now 3 at most.",
            ("MR-7",),
        ),
        Step(
            "10♥ → limit P1",
            "A high card helps on your own Limit pile: P1 plays the 10♥ on its own red Limit "
            "pile, and its red limit goes from 4 to 10.",
            ("MR-7",),
        ),
    ),
)

DISCARD = Scenario(
    id="mr-discard",
    game=GAME,
    title="Discard order",
    source=f"{SOURCE}, 'The Play': the note on the order of discards (source example 3)",
    setup={
        "hands": ["K♠ 9♥ 2♣ 4♦ 6♣ 7♦ Q♦ 3♥", "2♥ 5♣ 8♠ A♦ 3♦ 10♣"],
        "piles": [
            {
                "red limit": "7♥",
                "red go": "K♦",
                "red column": "6♥ 5♦",
                "black go": "Q♣",
                "black column": "4♠",
            },
            {"red go": "Q♦", "red column": "5♥", "black go": "K♣ A♠", "black column": "3♠"},
        ],
        "discard": "4♠ 6♥",
        "stock_top": "7♣",
        "step": "play",
        "turn": 12,
    },
    intro=(
        "P0 has drawn and wants to get rid of two cards: the K♠ (its own black Go pile is "
        "open already) and the 9♥ (above its red limit of 7). P1's black Go pile shows an "
        "ace, so P1 would love that king."
    ),
    steps=(
        Step(
            "K♠ → discard",
            "Discarding is always allowed. P0 puts the K♠ on the discard pile first...",
            ("MR-5", "MR-6"),
        ),
        Step(
            "9♥ → discard",
            "...and then the 9♥ on the discard pile, on top of it. Only the top card can be "
            "taken, so the king is out of P1's reach.",
            ("MR-6",),
        ),
        Step(
            "draw discard",
            "P1 draws the 9♥ from the top of the discard pile: it will raise its red limit.",
            ("MR-4",),
        ),
        Step(
            "draw stock",
            "The king is now on top, but a second card from the discard pile is never "
            "allowed: P1 draws the 7♣ from the stock.",
            ("MR-4",),
            ask=("draw discard", "draw stock"),
            prompt="The K♠ is now on top of the discard pile. Where does P1 draw its second card?",
        ),
        Step(
            "9♥ → limit P1",
            "P1 plays the 9♥ on its own red Limit pile: its red limit is 9...",
            ("MR-7",),
        ),
        Step(
            "2♥ → limit P0",
            "...and plays its smallest red card, the 2♥, on P0's red Limit pile: P0's red "
            "limit is squeezed down to 2.",
            ("MR-7",),
        ),
    ),
)

FOOTNOTE = Scenario(
    id="mr-footnote",
    game=GAME,
    title="Guarding 30 against a joker",
    source=f"{SOURCE}, footnote * to 'The Play' (source example 4)",
    setup={
        "hands": ["A♠ J♦ 4♥ 7♥ 2♦ Q♥ K♦ A♦", "JK K♣ 5♦ 9♥ 3♠ 4♣"],
        "piles": [
            {
                "red limit": "9♦",
                "red go": "Q♦ A♥",
                "red column": "8♥ 6♦ 5♥ 3♦",
                "black limit": "9♣",
                "black go": "K♠",
                "black column": "10♠ 10♣ 10♠",
            },
            {
                "red go": "J♥",
                "red column": "7♦",
                "black limit": "10♣",
                "black go": "Q♠",
                "black column": "6♠ 2♣",
            },
        ],
        "stock_top": "3♥ 8♣",
        "step": "play",
        "turn": 30,
    },
    intro=(
        "As in the source's footnote, three black tens give P0 its 30 chocolate deliveries. "
        "Its red side (22) is stopped by an ace. P0 has drawn and holds no black number "
        "card; P1 holds a joker. The book picks the rest of the position."
    ),
    steps=(
        Step(
            "J♦ → go P0",
            "First P0 plays the J♦ on the A♥ of its own red Go pile: a face card may cover an "
            "ace, and P0's red side is open again.",
            ("MR-8",),
        ),
        Step(
            "A♠ → go P0",
            "Delivering the 4♥ would help in red, but a joker could take a 10 away from the "
            "black 30. With no black card to deliver on top, P0 stops itself with the A♠ on "
            "the K♠ of its own black Go pile: that is legal, and a joker needs a face card to "
            "land on.",
            ("MR-13", "MR-10"),
            ask=("4♥ → column", "A♠ → go P0", "Q♥ → go P0"),
            prompt="P0 has one card left to play. What guards the black 30?",
        ),
        Step("draw stock", "P1 draws the 3♥ from the stock...", ("MR-4",)),
        Step("draw stock", "...and the 8♣ from the stock.", ("MR-4",)),
        Step(
            "K♣ → go P0",
            "The joker cannot go on an ace. P1 spends the K♣ on the A♠ of P0's black Go pile, "
            "which opens it again...",
            ("MR-10", "MR-8"),
            ask=("JK → go P0 black", "K♣ → go P0"),
            prompt="P1 wants the 10 from P0's black column. What can it play first?",
        ),
        Step(
            "JK → go P0 black",
            "...then plays the joker on that K♣: P0 is stopped again, and the last 10♠ of P0's "
            "black column moves onto P1's own (P1's black Go pile is open and its limit is "
            "10). P0 drops to 20: the ace cost P1 its whole turn, which is the extra "
            "protection the footnote describes.",
            ("MR-10", "MR-11"),
        ),
    ),
)

STEAL = Scenario(
    id="mr-steal",
    game=GAME,
    title="The joker's conditions",
    source="The project's own example of the joker rules (MR-10)",
    setup={
        "hands": ["JK 4♥ Q♥ 8♣ 2♠ A♣ 5♦ 9♣", "JK K♠ 9♣ 4♦ 7♣ 3♥"],
        "piles": [
            {
                "red limit": "10♥",
                "red go": "K♥ A♦",
                "red column": "7♥ 10♦",
                "black limit": "8♠",
                "black go": "J♠",
                "black column": "4♣ 6♠",
            },
            {
                "red limit": "9♥",
                "red go": "Q♦",
                "red column": "6♥ 9♦",
                "black go": "K♣",
                "black column": "5♣ 3♠",
            },
        ],
        "stock_top": "6♦ 2♣",
        "step": "play",
        "turn": 14,
    },
    intro=(
        "Both players hold a joker. P0's red Go pile shows an ace (stop), its black one a "
        "jack (go). Both of P1's Go piles show a face card."
    ),
    steps=(
        Step(
            "JK → go P1 black",
            "P0 plays its joker on the K♣ of P1's black Go pile: it stops P1 and steals the "
            "last card of P1's black column, the 3♠, onto P0's own. A steal needs P0's own Go "
            "card in that colour and the stolen card within P0's limit: in black both hold.",
            ("MR-10", "MR-9"),
            ask=("4♥ → column", "JK → go P1 red", "JK → go P1 black"),
            prompt="P0's red side is stopped. What can it do?",
        ),
        Step(
            "Q♥ → go P0",
            "P0 reopens its red side with the Q♥ on the A♦ of its own red Go pile.",
            ("MR-8",),
        ),
        Step("draw stock", "P1 draws the 6♦ from the stock...", ("MR-4",)),
        Step("draw stock", "...and the 2♣ from the stock.", ("MR-4",)),
        Step(
            "K♠ → go P1",
            "P1 cannot steal the 10♦ (above its red limit of 9), and cannot steal in black "
            "while its own black Go pile shows P0's joker. P1 plays the K♠ on that joker, "
            "which opens its black side again.",
            ("MR-10", "MR-8"),
            ask=("JK → go P0 red", "JK → go P0 black", "K♠ → go P1"),
            prompt="P1 holds a joker too. What can it play now?",
        ),
        Step(
            "JK → go P0 black",
            "Now P1 plays its joker on the J♠ of P0's black Go pile: P0's black side is "
            "stopped, and the 3♠ moves from P0's black column back to P1's (P1's black limit "
            "is empty, so 5, and 3 is within it).",
            ("MR-10",),
        ),
    ),
)

EXAMPLES: list[Scenario] = [DEAL, WIN, LIMIT, DISCARD, FOOTNOTE, STEAL]

GUIDE = Scenario(
    id="mr-guide",
    game=GAME,
    title="Your first game of Milk Run",
    source="The project's own guided first game: a fixed deal, you play P0 against P1",
    seat=0,
    setup={
        "hands": ["Q♥ 5♥ 9♥ 3♠ K♣ 2♦", "J♦ 4♦ A♦ 6♣ 7♠ 8♦"],
        "stock_top": "JK 7♣ 10♦ 2♣ 6♥ 8♠ 5♠ 3♦ K♥ 4♣",
    },
    intro=(
        "You are P0, with six cards. To win you need 30 in deliveries of strawberry milk "
        "(red cards) and 30 of chocolate milk (black cards). Every pile on the table is "
        "empty, so nobody may deliver yet."
    ),
    steps=(
        Step(
            "draw stock",
            "Each turn starts with two draws. The discard pile is empty, so draw from the stock.",
            ("MR-4",),
            nudge="First draw two cards; the stock is the face-down pile.",
        ),
        Step(
            "draw stock",
            "You drew a joker, a precious card. Draw your second card from the stock too.",
            ("MR-4",),
            nudge="One more draw before you play.",
        ),
        Step(
            "Q♥ → go P0",
            "Now play two cards. Your red Go pile is empty, which means stop: put the Q♥ on "
            "it. A face card on top means go.",
            ("MR-5", "MR-8"),
            nudge="Nothing can be delivered yet: open your red side with a red face card.",
        ),
        Step(
            "5♥ → column",
            "Red is open. Deliver the 5♥ to your red column. Your red Limit pile is empty, "
            "which counts as a 5, so the 9♥ is too big for now.",
            ("MR-9", "MR-7"),
            nudge="Deliver a red card no bigger than 5: your limit while the Limit pile is empty.",
        ),
        Step("draw stock", "P1's turn: it draws the 10♦...", ("MR-4",)),
        Step("draw stock", "...and the 2♣.", ("MR-4",)),
        Step("J♦ → go P1", "P1 opens its own red side with the J♦.", ("MR-8",)),
        Step("4♦ → column", "P1 delivers the 4♦: it has 4 red, you have 5.", ("MR-9",)),
        Step(
            "draw stock",
            "Your turn again: draw two cards. (The discard pile is still empty.)",
            ("MR-4",),
            nudge="A turn always starts with two draws.",
        ),
        Step("draw stock", "Draw the second card.", ("MR-4",), nudge="One more draw."),
        Step(
            "9♥ → limit P0",
            "Raise your red limit: put the 9♥ on your red Limit pile. From now on you may "
            "deliver red cards up to 9.",
            ("MR-7",),
            nudge="A Limit pile takes number cards of its colour; the 9♥ goes on your red one.",
        ),
        Step(
            "K♣ → go P0",
            "Open your chocolate side too: the K♣ on your empty black Go pile.",
            ("MR-8",),
            nudge="A black face card opens the black Go pile.",
        ),
        Step("draw stock", "P1 draws the 5♠...", ("MR-4",)),
        Step("draw stock", "...and the 3♦.", ("MR-4",)),
        Step(
            "A♦ → go P0",
            "P1 stops you: its A♦ on your red Go pile. An ace on top means stop, so you "
            "cannot deliver red until you cover it with a red face card.",
            ("MR-8",),
        ),
        Step(
            "2♣ → limit P0",
            "And P1 squeezes you: its 2♣ on your black Limit pile caps your black deliveries "
            "at 2. Anyone may play on anyone's Limit pile.",
            ("MR-7",),
        ),
        Step(
            "draw stock",
            "Your turn: draw two cards, hoping for a red face card.",
            ("MR-4",),
            nudge="Draw first.",
        ),
        Step("draw stock", "And your second card.", ("MR-4",), nudge="One more draw."),
        Step(
            "K♥ → go P0",
            "Cover P1's ace with the K♥: your red side is go again.",
            ("MR-8",),
            nudge="The ace stops you; a red face card on it means go again.",
        ),
        Step(
            "JK → go P1 red",
            "Now the joker: play it on P1's red Go pile. It stops P1's red side and steals "
            "the last card of P1's red column, the 4♦, onto yours: 9 red for you, 0 for P1. "
            "From here on, play on against the bot.",
            ("MR-10",),
            nudge="A joker steals only while your own Go pile of that colour shows a face "
            "card and the card fits your limit: cover the ace first.",
        ),
    ),
    rules=("MR-2", "MR-3"),
)

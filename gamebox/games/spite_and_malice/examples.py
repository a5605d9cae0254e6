"""Worked examples for Spite and Malice, as scenario data.

The 2006 post has no play-by-play, only three sample rows, the forced ace and 2, and
what a joker may stand for. The book builds a position for each and says so; one
scripted turn shows the order of a turn (SM-7, SM-9, SM-10, SM-11).
"""

from __future__ import annotations

from gamebox.scenario import Scenario, Step

GAME = "spite-and-malice"
SOURCE = "the 2006 blog post (no play-by-play there: position built by the book)"

TURN = Scenario(
    id="sm-turn",
    game=GAME,
    title="One turn, step by step",
    source=f"sections STACKS and MORE BASICS of {SOURCE}",
    intro=(
        "P0 to move. Stack 1 shows a 4 and needs a 5; stack 2 shows an 8 and needs a 9. "
        "P0's pay-off up-card is the 5♣, and the card hidden beneath it is an ace."
    ),
    setup={
        "payoff": ["5♣ A♥", "9♥"],
        "payoff_sizes": [18, 20],
        "hands": ["6♦ 9♠ JK Q♣ 10♥", "3♠ 8♦ J♣ K♣ 4♥"],
        "rows": [["K♠ Q♥ J♦", "8♣ 7♦", "", ""], ["K♥ Q♠", "", "", ""]],
        "stacks": ["A♦ 2♣ 3♥ 4♠", "A♣ 2♦ 3♣ 4♦ 5♥ 6♠ 7♠ 8♥"],
        "stock": "5♠ 10♣ 3♣ J♥ 6♥",
        "player": 0,
    },
    steps=(
        Step(
            "pay-off: 5♣ → stack 1",
            "P0 plays the pay-off up-card, the 5♣, onto stack 1, which needed a 5; the next "
            "pay-off card, the A♥, is turned up.",
            rules=("SM-7",),
        ),
        Step(
            "pay-off: A♥ → new stack",
            "An ace that can be played must be played: before anything else P0 puts the "
            "pay-off A♥ in the centre, where it starts stack 3.",
            rules=("SM-9",),
            ask=("6♦ → stack 1", "pay-off: A♥ → new stack", "10♥ → row 3"),
            prompt="An ace just turned up on your pay-off pile. What now?",
        ),
        Step(
            "6♦ → stack 1",
            "A card from the hand: P0 plays the 6♦ onto stack 1, which now needs a 7.",
            rules=("SM-7",),
        ),
        Step(
            "row 2: 7♦ → stack 1",
            "The top card of a row may go to the centre too: P0 plays the 7♦ from row 2 "
            "onto stack 1, and the row's 8♣ becomes its top.",
            rules=("SM-7", "SM-5"),
        ),
        Step(
            "9♠ → stack 2",
            "P0 plays the 9♠ from the hand onto stack 2, which needed a 9 and now needs a 10.",
            rules=("SM-7",),
        ),
        Step(
            "10♥ → stack 2",
            "The 10♥ from the hand goes onto stack 2 too, which now needs a jack.",
            rules=("SM-7", "SM-6"),
        ),
        Step(
            "Q♣ → row 3",
            "P0 could go on (row 2's 8♣ fits stack 1; the joker could be stack 2's jack) "
            "but keeps them for later: placing a hand card on a row ends the turn. P0 puts "
            "the Q♣ on the empty row 3.",
            rules=("SM-10",),
            ask=("Q♣ → row 1", "JK → row 3", "Q♣ → row 3"),
            prompt="You decide to end your turn. Which placement is allowed?",
        ),
        Step(
            None,
            "P0 kept only the joker, so P0 drew four cards from the stock to hold five "
            "again (the stock fell from 39 cards to 35). P1 moves next.",
            rules=("SM-11",),
        ),
    ),
    rules=("SM-7", "SM-9", "SM-10", "SM-11"),
)

ROWS = Scenario(
    id="sm-rows",
    game=GAME,
    title="The three sample rows",
    source=f"section ROWS of {SOURCE}",
    intro=(
        "The post's three sample rows, each one card short: K Q J 10 waits for a 9, "
        "9 9 9 for another 9 and 7 6 5 5 5 4 for a 3. P0 holds an ace and a 2."
    ),
    setup={
        "payoff": ["8♥", "Q♠"],
        "payoff_sizes": [20, 20],
        "hands": ["A♣ 9♠ 10♦ 2♥ 3♦", "5♠ 8♣ J♥ K♥ 6♠"],
        "rows": [
            ["K♠ Q♥ J♦ 10♣", "9♦ 9♣ 9♥", "7♠ 6♥ 5♦ 5♣ 5♥ 4♠", ""],
            ["", "", "", ""],
        ],
        "stock": "9♥ K♦ 6♣ 8♠ Q♦ 4♥",
        "player": 0,
    },
    steps=(
        Step(
            "A♣ → new stack",
            "An ace never goes in a row, and while P0 can play it nothing else is allowed: "
            "the A♣ goes to the centre and starts stack 1.",
            rules=("SM-9", "SM-5"),
            ask=("A♣ → row 4", "9♠ → row 1", "A♣ → new stack"),
            prompt="You hold an ace. What do you play?",
        ),
        Step(
            "2♥ → stack 1",
            "Stack 1 shows only its ace and P0 holds a 2: playing the 2♥ onto stack 1 is "
            "forced too, and a 2 may not go in a row either.",
            rules=("SM-9", "SM-5"),
            ask=("2♥ → row 4", "2♥ → stack 1"),
            prompt="Stack 1 shows only its ace. Where does your 2 go?",
        ),
        Step(
            "3♦ → row 3",
            "Rows go down, and equal ranks may repeat: the 3♦ from the hand, placed on row 3, "
            "completes the sample row 7 6 5 5 5 4 3. That placement ends P0's turn.",
            rules=("SM-5", "SM-10"),
            ask=("10♦ → row 3", "3♦ → row 3"),
            prompt="End your turn on row 3. Which card fits?",
        ),
        Step(
            "K♥ → row 1",
            "P1 has no centre play and puts the K♥ on the empty row 1, ending the turn.",
            ("SM-10",),
        ),
        Step(
            "9♠ → row 1",
            "P0 places the 9♠ on row 1, which completes the sample row K Q J 10 9. A 10 could "
            "not go on the 9s of row 2: a row never goes up.",
            rules=("SM-5",),
            ask=("10♦ → row 2", "9♠ → row 1"),
            prompt="Which placement keeps your rows going down?",
        ),
        Step(
            "J♥ → row 1",
            "P1 places the J♥ on the king of row 1, skipping the queen.",
            rules=("SM-5", "SM-16"),
        ),
        Step(
            "9♥ → row 2",
            "P0 places the 9♥ on row 2: a fourth 9 (the two decks hold eight) makes the "
            "sample row 9 9 9 9.",
            rules=("SM-5",),
        ),
    ),
    rules=("SM-5", "SM-9"),
)

JOKER = Scenario(
    id="sm-joker",
    game=GAME,
    title="A joker stands for a 5",
    source=f"section MORE BASICS (jokers) of {SOURCE}",
    intro=(
        "Stack 1 needs a 5, stack 2 a 7 and stack 3 a king. P0's pay-off up-card is "
        "the 6♦, and P0 holds a joker but no 5."
    ),
    setup={
        "payoff": ["6♦", "10♠"],
        "payoff_sizes": [12, 15],
        "hands": ["JK 8♦ 10♠ Q♣ 6♣", "3♠ 8♣ J♣ K♣ 4♥"],
        "rows": [["K♠", "", "", ""], ["", "", "", ""]],
        "stacks": [
            "A♦ 2♣ 3♥ 4♠",
            "A♠ 2♦ 3♣ 4♦ 5♥ 6♠",
            "A♥ 2♠ 3♦ 4♣ 5♦ 6♥ 7♣ 8♠ 9♦ 10♣ J♠ Q♥",
        ],
        "player": 0,
    },
    steps=(
        Step(
            "JK as 5 → stack 1",
            "The joker may stand for any rank but ace, 2, 7 and king. P0 plays it from the "
            "hand onto stack 1 as a 5, which opens the way for the pay-off card.",
            rules=("SM-8",),
            ask=("JK as 7 → stack 2", "JK as K → stack 3", "JK → row 2", "JK as 5 → stack 1"),
            prompt="Where can your joker help?",
        ),
        Step(
            "pay-off: 6♦ → stack 1",
            "The pay-off 6♦ goes onto stack 1 after the joker: eleven cards to go.",
            rules=("SM-7",),
        ),
        Step(
            "Q♣ → row 1",
            "The 6♣ cannot go on stack 2, which needs a 7. P0 could still send the K♠ to "
            "stack 3, but keeps it as a base: the Q♣ from the hand goes on it, on row 1, and "
            "ends the turn.",
            rules=("SM-6", "SM-10"),
            ask=("6♣ → stack 2", "Q♣ → row 1"),
        ),
    ),
    rules=("SM-8",),
)

DEAL = Scenario(
    id="sm-deal",
    game=GAME,
    title="A real deal, and its first turns",
    source="a seeded deal (seed 5) played by two heuristic bots; not from the post",
    intro=(
        "Seed 5: each player has 26 pay-off cards with the top one turned up and five "
        "cards in hand; the other 44 cards are the stock. P1's up-card, the J♣, is "
        "higher than P0's 2♠, so P1 starts."
    ),
    seed=5,
    steps=(
        Step(
            "A♥ → new stack",
            "P1 holds an ace, so P1 must play it: the A♥ starts stack 1.",
            ("SM-9",),
        ),
        Step(
            "2♣ → stack 1",
            "Stack 1 shows only its ace: the 2♣ from P1's hand onto stack 1 is forced as well.",
            ("SM-9",),
        ),
        Step(
            "3♠ → stack 1",
            "A free choice now: P1 adds the 3♠ from the hand to stack 1.",
            ("SM-7",),
        ),
        Step(
            "K♣ → row 1",
            "P1 ends the turn with the K♣ on the empty row 1 and draws back up to five.",
            ("SM-10", "SM-11"),
        ),
        Step(
            "A♣ → new stack",
            "P0 holds an ace too, and must play it first: the A♣ starts stack 2.",
            ("SM-9",),
        ),
        Step(
            "pay-off: 2♠ → stack 2",
            "Stack 2 shows only its ace and P0's up-card is the 2♠: it goes onto stack 2, "
            "forced, and P0's pay-off pile goes down to 25.",
            ("SM-9", "SM-7"),
        ),
        Step(
            "A♦ → new stack",
            "P0's new up-card is the 10♥; the A♦ in P0's hand must go out first, and starts "
            "stack 3.",
            ("SM-9",),
        ),
        Step("Q♣ → row 1", "P0 ends the turn by placing the Q♣ on row 1.", ("SM-10",)),
    ),
    rules=("SM-2", "SM-3"),
)

EXAMPLES: list[Scenario] = [DEAL, TURN, ROWS, JOKER]

GUIDE = Scenario(
    id="sm-guide",
    game=GAME,
    title="Your first game of Spite and Malice",
    source="The project's own guided first game: a fixed deal, you play P0 against P1",
    seat=0,
    setup={
        "payoff": ["3♣ 5♠ Q♥ 8♠", "10♥"],
        "payoff_sizes": [26, 26],
        "hands": ["A♠ 2♥ 4♣ 9♦ K♠", "6♦ J♣ 8♥ 4♠ Q♠"],
        "stock": "7♠ 8♣ JK 10♠ 5♥ 3♦ K♦ Q♣ 6♣ 3♠ 9♥",
        "player": 0,
    },
    intro=(
        "You are P0. Your goal: play all 26 cards of your pay-off pile, whose top card, the "
        "3♣, is face up. They go onto centre stacks that everybody builds from ace up to "
        "king. There are no stacks yet, and you move first."
    ),
    steps=(
        Step(
            "A♠ → new stack",
            "Only an ace starts a centre stack, and an ace you can play must be played first: "
            "click your A♠.",
            ("SM-9", "SM-6"),
            nudge="Look for the ace in your hand: it has to go out before anything else.",
        ),
        Step(
            "2♥ → stack 1",
            "The stack shows only its ace, and a 2 you can play there is forced too: put your "
            "2♥ on stack 1.",
            ("SM-9",),
            nudge="Stack 1 needs a 2, and you hold one.",
        ),
        Step(
            "pay-off: 3♣ → stack 1",
            "Stacks climb one rank at a time, suits ignored: the stack needs a 3, and your "
            "pay-off 3♣ is one. Play it!",
            ("SM-6", "SM-7"),
            nudge="Your pay-off up-card is a 3, exactly what stack 1 needs.",
        ),
        Step(
            "4♣ → stack 1",
            "Your next pay-off card, the 5♠, turned up. The stack needs a 4 first: play the 4♣ "
            "from your hand.",
            ("SM-7",),
            nudge="Lead up to your pay-off 5♠: stack 1 needs a 4, and you hold the 4♣.",
        ),
        Step(
            "pay-off: 5♠ → stack 1",
            "Now the 5♠ fits: a second pay-off card gone, 24 to go.",
            ("SM-7",),
            nudge="Your pay-off 5♠ is what stack 1 needs now.",
        ),
        Step(
            "K♠ → row 1",
            "Your new pay-off card is a Q♥, out of reach this turn. End the turn by placing "
            "one hand card on one of your four rows (a house rule: the post never says how a "
            "turn ends): put the K♠ on row 1, where it waits for a stack that needs a king.",
            ("SM-10", "SM-5"),
            nudge="Nothing more fits the stack: end your turn by placing the K♠ on row 1.",
        ),
        Step(
            "6♦ → stack 1",
            "You drew four cards back up to five. Now P1 plays: it puts its 6♦ on stack 1, "
            "which needs a 7 now.",
            ("SM-11", "SM-7"),
        ),
        Step(
            "J♣ → row 1",
            "P1 ends its turn with the J♣ on its own row 1 and draws back up to five.",
            ("SM-10", "SM-11"),
        ),
        Step(
            "7♠ → stack 1",
            "Your turn. Your hand runs 7, 8, 9, 10 with a joker, and the stack needs a 7: "
            "start with the 7♠.",
            ("SM-7",),
            nudge="Stack 1 needs a 7: play your 7♠ there.",
        ),
        Step(
            "8♣ → stack 1",
            "Keep climbing towards your pay-off Q♥: the 8♣ next.",
            ("SM-6",),
            nudge="Stack 1 needs an 8.",
        ),
        Step(
            "9♦ → stack 1",
            "Then the 9♦.",
            ("SM-6",),
            nudge="Stack 1 needs a 9.",
        ),
        Step(
            "10♠ → stack 1",
            "Then the 10♠.",
            ("SM-6",),
            nudge="Stack 1 needs a 10.",
        ),
        Step(
            "JK as J → stack 1",
            "You hold no jack, but a joker stands for any rank except ace, 2, 7 and king: play "
            "it as the jack. Your hand is then empty, so you draw five new cards and go on.",
            ("SM-8", "SM-10"),
            nudge="Play the joker onto stack 1 and say it is a jack.",
        ),
        Step(
            "pay-off: Q♥ → stack 1",
            "The stack needs a queen, your pay-off card: play the Q♥.",
            ("SM-7",),
            nudge="Stack 1 needs a queen, and your pay-off up-card is the Q♥.",
        ),
        Step(
            "row 1: K♠ → stack 1",
            "The top card of a row may go to the centre too: your K♠ from row 1 completes the "
            "stack, which is set aside. Three pay-off cards played, and the game goes on: "
            "you play against the bot from here.",
            ("SM-7", "SM-6"),
            nudge="The stack needs a king: you have one on top of row 1.",
        ),
    ),
)

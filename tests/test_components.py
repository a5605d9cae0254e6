"""The game box: cards, Skip-Bo cards, dominoes, dice, and their text forms."""

from collections import Counter

import pytest

from gamebox.components import (
    Card,
    Colour,
    Domino,
    Rank,
    SkipBoCard,
    Suit,
    cards,
    domino_set,
    parse_dice,
    skip_bo_deck,
    standard_deck,
)


def test_every_card_text_parses_back():
    for card in standard_deck(jokers=2):
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card)) is card  # interned


def test_card_spellings():
    assert Card.parse("Th") == Card.parse("10♥") == Card.parse("10h")
    assert Card.parse("joker").is_joker
    with pytest.raises(ValueError):
        Card.parse("1♠")
    with pytest.raises(ValueError):
        Card.parse("Qx")


def test_colours_and_kinds():
    assert Card.parse("2♣").colour is Colour.BLACK
    assert Card.parse("2♦").colour is Colour.RED
    assert Card.joker().colour is None
    assert [c.is_face for c in cards("J♠ Q♠ K♠ A♠ 10♠ JK")] == [True] * 3 + [False] * 3
    assert [c.is_number for c in cards("A♠ 2♠ 10♠ J♠ JK")] == [False, True, True, False, False]
    assert Card.parse("Q♥").name == "queen of hearts"


def test_decks():
    one = standard_deck(jokers=2)
    assert len(one) == 54 and len(set(one)) == 53
    three = Counter(standard_deck(decks=3, jokers=2))
    assert three[Card.joker()] == 6 and three[Card.parse("A♠")] == 3
    assert {c.suit for c in one if c.suit} == set(Suit)
    assert {c.rank for c in one if c.rank} == set(Rank)


def test_skip_bo_cards():
    deck = skip_bo_deck()
    assert len(deck) == 168 and Counter(deck)[SkipBoCard.wild()] == 24
    assert len(skip_bo_deck(wilds=18)) == 162
    assert all(Counter(deck)[SkipBoCard(v)] == 12 for v in range(1, 13))
    assert SkipBoCard.parse("sb").is_wild and SkipBoCard.parse("12") == SkipBoCard(12)
    with pytest.raises(ValueError):
        SkipBoCard(13)


def test_dominoes():
    assert Domino(3, 9) == Domino(9, 3) and str(Domino(3, 9)) == "[9:3]"
    assert Domino(9, 3).other(9) == 3 and Domino(9, 3).other(3) == 9
    with pytest.raises(ValueError):
        Domino(9, 3).other(4)
    double_nine = domino_set(9)
    assert len(double_nine) == 55 and len(set(double_nine)) == 55
    assert sum(t.is_double for t in double_nine) == 10
    assert sum(t.pips for t in double_nine) == 495
    assert len(domino_set(9, sets=2)) == 110
    assert all(Domino.parse(str(t)) == t for t in double_nine)


def test_dice_text():
    assert parse_dice("6 2") == (6, 2)
    with pytest.raises(ValueError):
        parse_dice("7 1")

"""The seeded generator: reference values, uniformity, determinism."""

from collections import Counter

from gamebox.rng import Rng


def test_splitmix64_reference_values():
    # The published SplitMix64 sequence for seed 0.
    rng = Rng(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_copies_are_independent_and_equal():
    a = Rng(99)
    a.next64()
    b = a.copy()
    assert a == b
    assert a.next64() == b.next64()
    b.next64()
    assert a != b


def test_randbelow_is_uniform_enough():
    rng = Rng(5)
    counts = Counter(rng.roll() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(54))
    a, b = items[:], items[:]
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_a_stepped_copy_is_where_the_generator_is_after_one_draw():
    a = Rng(2024)
    b = a.stepped()
    assert b is not a and a == Rng(2024)  # the original has not moved
    a.next64()
    assert b == a and b.next64() == a.next64()
    assert Rng(2**64 - 1).stepped().state < 2**64  # wraps around as next64 does

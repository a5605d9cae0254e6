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


def fisher_yates(rng, items):
    """The shuffle as the definition reads: each swap drawn by ``randbelow``."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def state_before(output):
    """The generator state whose next ``next64()`` is ``output`` (SplitMix64's steps
    undone: each xor-shift and odd multiplication has an inverse)."""
    mask = (1 << 64) - 1
    z = output ^ (output >> 31) ^ (output >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    s = z ^ (z >> 30) ^ (z >> 60)
    return (s - 0x9E3779B97F4A7C15) & mask


def test_shuffle_draws_exactly_as_randbelow_does():
    for seed in range(60):
        for n in (2, 3, 7, 54, 108, 162):
            a, b = Rng(seed), Rng(seed)
            mine, reference = list(range(n)), list(range(n))
            a.shuffle(mine)
            fisher_yates(b, reference)
            assert mine == reference and a == b


def test_shuffle_refuses_a_draw_as_randbelow_does():
    top = (1 << 64) - 1  # past the last whole multiple of 3 below 2**64: drawn again
    rng = Rng(0)
    rng.state = state_before(top)
    assert rng.copy().next64() == top
    probe = rng.copy()
    probe.randbelow(3)
    assert probe.state == (rng.state + 2 * 0x9E3779B97F4A7C15) % (1 << 64)  # two draws
    a, b = rng.copy(), rng.copy()
    mine, reference = ["x", "y", "z"], ["x", "y", "z"]
    a.shuffle(mine)
    fisher_yates(b, reference)
    assert mine == reference and a == b


def test_shuffle_keeps_a_draw_near_the_top_that_randbelow_keeps():
    top = (1 << 64) - 1  # 2**64 is a whole multiple of 4: randbelow(4) keeps every draw
    rng = Rng(0)
    rng.state = state_before(top)
    probe = rng.copy()
    assert probe.randbelow(4) == 3 and probe.state == rng.copy().stepped().state  # one draw
    a, b = rng.copy(), rng.copy()
    mine, reference = list("wxyz"), list("wxyz")
    a.shuffle(mine)
    fisher_yates(b, reference)
    assert mine == reference and a == b

"""Per-suit lookup tables: every measure bridgegui knows is a sum over suits of a value of one holding.

A holding is a 13-bit mask (bit 12 the ace, bit 0 the deuce), so each table has 8192 entries and a
hand's measure is ``table[spades] + table[hearts] + table[diamonds] + table[clubs]``.  Numpy fancy
indexing into these small (L1-resident) tables is how the batch evaluation stays vectorised, and the
same additivity is what lets the constrained dealer count hands exactly (``exact.py``).

Some measures the bidding systems need weigh the suits differently: dummy points with hearts as
trumps count shortness in spades, diamonds and clubs but not in hearts, and the quality of the
spade suit counts spade honours only.  They are still sums over suits of a value of one holding,
only with one table per suit: ``suit_tables(name)`` gives the ``(4, 8192)`` tables of any measure by
name (``"HCP"``, ``"POINTS"``, ``"SUPPORT_H"``, ``"QUALITY_S"``, ``"STOPPER_D"``...), and the
dealer draws all of them exactly.
"""

from __future__ import annotations

from functools import cache

import numpy as np

N_HOLDINGS = 1 << 13
ACE, KING, QUEEN, JACK, TEN = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8
SUIT_LETTERS = "SHDC"


def suit_hcp(holding: int) -> int:
    return 4 * bool(holding & ACE) + 3 * bool(holding & KING) + 2 * bool(holding & QUEEN) + bool(holding & JACK)


def suit_controls(holding: int) -> int:
    return 2 * bool(holding & ACE) + bool(holding & KING)


def suit_quick_tricks_halves(holding: int) -> int:
    """Quick tricks as the Old Lady write-up "Tricky Trick-y Algorithm" counts them, in half tricks: AK 4, AQ 3, A 2,
    KQ 2, K with at least one other card 1."""
    a, k, q = bool(holding & ACE), bool(holding & KING), bool(holding & QUEEN)
    if a and k:
        return 4
    if a and q:
        return 3
    if a:
        return 2
    if k and q:
        return 2
    if k and holding.bit_count() >= 2:
        return 1
    return 0


def suit_losers(holding: int) -> int:
    """Losing-trick count of one suit: the A, K, Q missing among its top min(length, 3) cards."""
    length = holding.bit_count()
    if length == 0:
        return 0
    if length == 1:
        return 0 if holding & ACE else 1
    if length == 2:
        return 2 - bool(holding & ACE) - bool(holding & KING)
    return 3 - bool(holding & ACE) - bool(holding & KING) - bool(holding & QUEEN)


def suit_play_rounds(holding: int) -> tuple[int, int, int]:
    """The play-out of one suit from the Old Lady write-up "Tricky Trick-y Algorithm":
    ``(rounds won, rounds lost, cards still held at the end)``.

    The opponents' cards of the suit form one pool.  Each round we lead our highest card; if the pool
    holds a higher one it gives up its highest and its lowest card (one card if one is left) and we
    lose the round, otherwise it gives up its two lowest (or its last) and we win the round.  We stop
    when either side is empty.
    """
    mine = [b for b in range(12, -1, -1) if holding >> b & 1]  # highest first
    pool = [b for b in range(0, 13) if not holding >> b & 1]  # lowest first
    won = lost = 0
    while mine and pool:
        card = mine.pop(0)
        if pool[-1] > card:
            pool.pop()  # their highest beats ours
            if pool:
                pool.pop(0)  # and they follow with their lowest
            lost += 1
        else:
            del pool[:2]
            won += 1
    return won, lost, len(mine)


def suit_playing_tricks(holding: int) -> int:
    """The trick-count heuristic of the Old Lady write-up "Tricky Trick-y Algorithm" for one suit (steps 1-6, as the
    clarifications pin them down).

    Tricks are the rounds won plus every card still held.  Step 6 adds one trick when the suit had
    7+ cards and more than three rounds were lost ("opponents won't play perfectly").  Applied as
    written; note that it can never fire: with 7+ cards the pool has at most 6, and each lost round
    takes two of them, so at most three rounds are lost.  (The tests check that invariant.)
    """
    won, lost, left = suit_play_rounds(holding)
    tricks = won + left
    if holding.bit_count() >= 7 and lost > 3:
        tricks += 1
    return tricks


def suit_length_points(holding: int) -> int:
    """Length points: one for every card over four (Goren's count for the opening bidder)."""
    return max(0, holding.bit_count() - 4)


def suit_total_points(holding: int) -> int:
    """HCP plus length points: a suit's share of a hand's total points."""
    return suit_hcp(holding) + suit_length_points(holding)


def suit_shortness_points(holding: int) -> int:
    """Dummy's shortness points in a side suit once a trump fit is known: void 5, singleton 3, doubleton 1."""
    return (5, 3, 1)[holding.bit_count()] if holding.bit_count() < 3 else 0


def suit_quality(holding: int) -> int:
    """Suit quality for preempts and overcalls: how many of A K Q J 10 the suit holds."""
    return (holding & (ACE | KING | QUEEN | JACK | TEN)).bit_count()


def suit_stopper(holding: int) -> int:
    """1 when the suit is stopped for notrump: A, Kx, Qxx or Jxxx (or longer), else 0."""
    length = holding.bit_count()
    if holding & ACE:
        return 1
    if holding & KING and length >= 2:
        return 1
    if holding & QUEEN and length >= 3:
        return 1
    return int(bool(holding & JACK) and length >= 4)


def _frozen(values: np.ndarray) -> np.ndarray:
    values = values.astype(np.uint8)
    values.flags.writeable = False
    return values


def _play_out_tricks(held: np.ndarray) -> np.ndarray:
    """``suit_playing_tricks`` of every holding at once: the same play-out, run for all 8,192 holdings
    side by side (13 rounds at most), so the table costs no Python loop over holdings at import.

    ``held[h, b]`` is bit ``b`` of holding ``h``.  Our cards are led highest first; the opponents'
    pool stays sorted, and since it only loses its highest or lowest cards, what is left of it is
    always the slice ``pool[lo:hi]``.
    """
    bits = np.arange(13)
    mine = np.argsort(-(held * 16 + bits), axis=1, kind="stable")  # our bits, highest first, ours before theirs
    pool = np.argsort(held * 16 + bits, axis=1, kind="stable")  # their bits, lowest first
    length = held.sum(axis=1)
    rows = np.arange(held.shape[0])
    m = np.zeros_like(length)
    lo = np.zeros_like(length)
    hi = 13 - length
    won = np.zeros_like(length)
    lost = np.zeros_like(length)
    for _ in range(13):
        active = (m < length) & (lo < hi)
        card = mine[rows, np.minimum(m, 12)]
        top = pool[rows, np.clip(hi - 1, 0, 12)]
        losing = active & (top > card)
        winning = active & ~losing
        hi = hi - losing
        lo = lo + np.where(losing, lo < hi, 0) + np.where(winning, np.minimum(2, hi - lo), 0)
        lost += losing
        won += winning
        m += active
    tricks = won + (length - m)
    return tricks + ((length >= 7) & (lost > 3))


_PLAYING_TRICKS_PACKED = (
    "eNrtWItugzAMbB7Og7D//93hgek4tXiaJ2VSEul0ul6Nm4cN9PG4He6Ndl9wzv/Q/6533uC8j38Uf+df9cEMHyP9k/yW+HsftDAj"
    "EuU5/+75TfGbDj6EyAj8+cHh8FELMyjnMvd/7v/I83f79cNxHRJmBKKEWphBKWXNRy3MSFt++H1JOMr3QUeI13zUwoxcyjLrf9b/"
    "rP9x69/tw5/rgOuhrY9t/Yo5XvFRCzNSKbV3fmX/cX9lP894zUctzCi1Lv5aP0mYEffze9HC8Xp+3/qo4/X8VWu85qMWzsf8jfVT"
    "NZ+U/NZ4zUctzKjL0tx1+Bf9QOsP1v7Ru/+M3v9m/x+3/7e5/2Pv/+D3/9b5/t+s8ZqPWphRW1v9PsJ5DvA8aOfDdn6qOV7xUQsz"
    "sv35157fGK/5qIXz8fw3+vyV+sf6lnp8Xl/xSclvjdd81MKMZav/oPw/glqYnv331kdNr9+/fh2v+aS8//TOb43XfNQF9r/3+6c1"
    "Phnn3zu/NV7zUQsz2rp+fALDbosF"
)
"""``PLAYING_TRICKS`` as zlib-compressed bytes in base64: the play-out is the one table that takes
milliseconds to compute even vectorised, and every program start pays for it.  Made by
``_pack(_play_out_tricks(...))``; a test checks it against ``suit_playing_tricks`` for every holding."""


def _pack(table: np.ndarray) -> str:
    import base64
    import zlib

    return base64.b64encode(zlib.compress(table.astype(np.uint8).tobytes(), 9)).decode("ascii")


def _unpack(text: str) -> np.ndarray:
    import base64
    import zlib

    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=np.uint8)


def _build_tables() -> dict[str, np.ndarray]:
    """Every plain table, computed for all holdings at once with numpy (a few milliseconds).

    Each is the vectorised form of the ``suit_*`` function of the same name above, which stays the
    definition (the tests compare the two for all 8,192 holdings).  Building them holding by holding
    in Python took about 50 ms of every program start.
    """
    holdings = np.arange(N_HOLDINGS)
    held = (holdings[:, None] >> np.arange(13)) & 1
    a, k, q, j = held[:, 12], held[:, 11], held[:, 10], held[:, 9]
    ab, kb, qb = a == 1, k == 1, q == 1
    length = held.sum(axis=1)
    hcp = 4 * a + 3 * k + 2 * q + j
    quick = np.select([ab & kb, ab & qb, ab, kb & qb, kb & (length >= 2)], [4, 3, 2, 2, 1], 0)
    top_missing = (1 - a) + (1 - k) + (1 - q)
    losers = np.select([length == 0, length == 1, length == 2], [0, 1 - a, 2 - a - k], top_missing)
    shortness = np.select([length == 0, length == 1, length == 2], [5, 3, 1], 0)
    stopper = a | (k & (length >= 2)) | (q & (length >= 3)) | (j & (length >= 4))
    values = {
        "LENGTH": length,
        "HCP": hcp,
        "CONTROLS": 2 * a + k,
        "QUICK_TRICKS_HALVES": quick,
        "LOSERS": losers,
        "PLAYING_TRICKS": _unpack(_PLAYING_TRICKS_PACKED),
        "TOTAL_POINTS": hcp + np.maximum(length - 4, 0),
        "SHORTNESS_POINTS": shortness,
        "QUALITY": held[:, 8:].sum(axis=1),
        "STOPPER": stopper,
    }
    return {name: _frozen(table) for name, table in values.items()}


_TABLES = _build_tables()
LENGTH = _TABLES["LENGTH"]
HCP = _TABLES["HCP"]
CONTROLS = _TABLES["CONTROLS"]
QUICK_TRICKS_HALVES = _TABLES["QUICK_TRICKS_HALVES"]
LOSERS = _TABLES["LOSERS"]
PLAYING_TRICKS = _TABLES["PLAYING_TRICKS"]
TOTAL_POINTS = _TABLES["TOTAL_POINTS"]
SHORTNESS_POINTS = _TABLES["SHORTNESS_POINTS"]
QUALITY = _TABLES["QUALITY"]
STOPPER = _TABLES["STOPPER"]

PLAIN_TABLES = ("HCP", "CONTROLS", "QUICK_TRICKS_HALVES", "LOSERS", "PLAYING_TRICKS", "TOTAL_POINTS")
"""Measures whose table is the same for every suit (a module-level table of that name)."""

PER_SUIT_KINDS = ("SUPPORT", "QUALITY", "STOPPER")
"""Measures named ``KIND_X`` for a suit letter X: their tables differ from suit to suit."""


def measure_name(kind: str, suit: int) -> str:
    """``measure_name("SUPPORT", 1) == "SUPPORT_H"``: the name of a per-suit measure."""
    return f"{kind}_{SUIT_LETTERS[suit]}"


def single_suit(name: str) -> int | None:
    """The suit a measure looks at alone (quality and stoppers), or None when it sums over every suit.

    The exact sampler filters such a measure on that suit's holdings directly, instead of carrying
    a column that is zero in the three other suits.
    """
    kind, _, letter = name.partition("_")
    if kind in ("QUALITY", "STOPPER") and len(letter) == 1 and letter in SUIT_LETTERS:
        return SUIT_LETTERS.index(letter)
    return None


@cache
def suit_tables(name: str) -> np.ndarray:
    """The ``(4, 8192)`` per-suit tables of measure ``name``: the hand's value is
    ``sum(tables[s, holding_s] for s in range(4))``.

    ``SUPPORT_X`` (dummy points with X as trumps) is HCP in X and HCP plus shortness in the others;
    ``QUALITY_X`` and ``STOPPER_X`` are that suit's value and zero elsewhere.
    """
    if name in PLAIN_TABLES:
        rows = np.stack([globals()[name]] * 4)
    else:
        kind, _, letter = name.partition("_")
        if kind not in PER_SUIT_KINDS or len(letter) != 1 or letter not in SUIT_LETTERS:
            raise KeyError(f"no measure is called {name!r}")
        trump = SUIT_LETTERS.index(letter)
        if kind == "SUPPORT":
            rows = np.stack([HCP if s == trump else HCP + SHORTNESS_POINTS for s in range(4)])
        else:
            source = QUALITY if kind == "QUALITY" else STOPPER
            rows = np.stack([source if s == trump else np.zeros_like(source) for s in range(4)])
    rows = rows.astype(np.uint8)
    rows.flags.writeable = False
    return rows


@cache
def measure_bounds(name: str) -> tuple[int, int]:
    """The least and the greatest value of measure ``name`` over all 13-card hands, exactly.

    Holdings of different suits are independent once the lengths are fixed, so the extremes come
    from the extremes per (suit, length), combined over the lengths that add up to 13 (a tiny
    dynamic programme): a contradiction such as ``points 48+`` is then provable without dealing.
    """
    rows = suit_tables(name).astype(np.int64)
    lengths = LENGTH.astype(np.int64)
    lo_best = {0: 0}
    hi_best = {0: 0}
    for suit in range(4):
        per_lo = [int(rows[suit][lengths == n].min()) for n in range(14)]
        per_hi = [int(rows[suit][lengths == n].max()) for n in range(14)]
        new_lo: dict[int, int] = {}
        new_hi: dict[int, int] = {}
        for used in lo_best:
            for n in range(14 - used):
                total = used + n
                new_lo[total] = min(new_lo.get(total, 1 << 30), lo_best[used] + per_lo[n])
                new_hi[total] = max(new_hi.get(total, -1), hi_best[used] + per_hi[n])
        lo_best, hi_best = new_lo, new_hi
    return lo_best[13], hi_best[13]


@cache
def _rank_bits() -> np.ndarray:
    """(8192, 13): whether each holding holds the ace, king ... deuce (columns in that order); made
    on first use, since most runs count nothing but the standard measures."""
    return ((np.arange(N_HOLDINGS)[:, None] >> np.arange(12, -1, -1)[None, :]) & 1).astype(np.int64)


DEFAULT_ALT_COUNTS: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0),  # pt0 tens
    (0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt1 jacks
    (0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt2 queens
    (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt3 kings
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt4 aces
    (1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt5 top2
    (1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt6 top3
    (1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt7 top4
    (1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0),  # pt8 top5
    (6, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # pt9 c13
)
"""What dealer's ``pt0`` .. ``pt9`` count, per card from the ace down, until ``altcount`` redefines them.

``altcount N`` redefines ``ptN``, as dealer's manual says.  (The Debian dealer 2021-11-21 is off by
one: its ``altcount N`` changes ``pt(N-1)``, and ``altcount 0`` changes ``hcp``.)"""


def count_table(values: tuple[int, ...]) -> np.ndarray:
    """The per-holding table of a point count given card by card from the ace down (int64, 8192 entries)."""
    table = _rank_bits() @ np.asarray(values, dtype=np.int64)
    table.flags.writeable = False
    return table

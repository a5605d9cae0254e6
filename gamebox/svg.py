"""SVG drawing shared by every game's board: cards, Skip-Bo cards, dominoes, dice, markers.

Every function returns an SVG fragment as a string; :func:`document` wraps fragments
into one ``<svg>`` with a title and description for screen readers and a small style
sheet that follows the page's light or dark theme (the card faces stay paper-white,
like real cards; labels and lines flip).

>>> from gamebox.components import Card
>>> piece = playing_card(Card.parse("10♠"), 0, 0)
>>> piece.startswith("<g") and "10" in piece and "♠" in piece
True
>>> doc = document(100, 80, piece, title="A ten", desc="The ten of spades.")
>>> doc.startswith("<svg") and "<title" in doc
True
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from html import escape, unescape

from gamebox.components import Card, Colour, DieColour, Domino, SkipBoCard

CARD_W, CARD_H = 48, 68

#: The smallest text this module draws, in SVG units: a board is shown at its natural
#: size (one unit, one CSS pixel), so no label is smaller than 11 px, even on a phone.
SMALLEST = 11

#: Okabe-Ito colours first (safe for colour-blind readers), then four more.
PLAYER_COLOURS = (
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
    "#56B4E9", "#8C6D1F", "#6A3D9A", "#7F7F7F", "#B2182B",
)  # fmt: skip

RED_INK = "#C8102E"
BLACK_INK = "#1A1A1A"

_STYLE = """
.gb{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.gb .ink{fill:#1f2328}.gb .muted{fill:#6b7280}.gb .rule{stroke:#9ca3af;stroke-width:1}
.gb .slot{fill:none;stroke:#9ca3af;stroke-width:1.2;stroke-dasharray:4 3}
.gb .paper{fill:#fffdf8;stroke:#8a8a8a;stroke-width:1}
.gb .back{fill:#2b4c7e;stroke:#8a8a8a;stroke-width:1}
.gb .hl{fill:none;stroke:#b85c00;stroke-width:2;stroke-dasharray:6 3}
.gb .dim{opacity:.45}.gb .panel{fill:#f3f4f6;stroke:#d1d5db}
.gb .hit{fill:transparent}.gb .tally{fill:#374151}.gb .tally-text{fill:#fff}
html[data-theme=dark] .gb .ink,body[data-jp-theme-light=false] .gb .ink{fill:#e5e7eb}
html[data-theme=dark] .gb .muted,body[data-jp-theme-light=false] .gb .muted{fill:#9ca3af}
html[data-theme=dark] .gb .panel,body[data-jp-theme-light=false] .gb .panel{
fill:#1f2937;stroke:#374151}
html[data-theme=dark] .gb .tally,body[data-jp-theme-light=false] .gb .tally{fill:#d1d5db}
html[data-theme=dark] .gb .tally-text,body[data-jp-theme-light=false] .gb .tally-text{
fill:#111827}
html[data-theme=dark] .gb .slot,body[data-jp-theme-light=false] .gb .slot{stroke:#6b7280}
html[data-theme=dark] .gb .hl,body[data-jp-theme-light=false] .gb .hl{stroke:#f0a04b}
@media (prefers-color-scheme:dark){
html:not([data-theme]) body:not([data-jp-theme-light]) .gb .ink{fill:#e5e7eb}
html:not([data-theme]) body:not([data-jp-theme-light]) .gb .muted{fill:#9ca3af}
html:not([data-theme]) body:not([data-jp-theme-light]) .gb .panel{fill:#1f2937;stroke:#374151}}
"""


def _num(v: float) -> str:
    return f"{v:g}"


def document(width: float, height: float, body: str, *, title: str, desc: str = "") -> str:
    """A complete ``<svg>``: scales to the page width, titled for screen readers."""
    uid = "gb" + hashlib.sha1((title + body).encode()).hexdigest()[:10]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gb" viewBox="0 0 {_num(width)} '
        f'{_num(height)}" width="{_num(width)}" style="max-width:100%;height:auto" role="img" '
        f'aria-labelledby="{uid}t {uid}d"><title id="{uid}t">{escape(title)}</title>'
        f'<desc id="{uid}d">{escape(desc)}</desc><style>{_STYLE}</style>{body}</svg>'
    )


# ------------------------------------------------------------------- boards as areas

#: The widest an area of a board may be, in CSS pixels: the narrowest frame a board is
#: shown in (a 360 px phone's) holds it whole, with no sideways scroll.
AREA_MOST = 320

#: The smallest tap target, in CSS pixels, for a piece a move picks (WCAG 2.5.5).
TAP = 44


@dataclass(frozen=True, slots=True)
class Area:
    """One part of a board (the shared piles, a seat's panel, the hand), drawn on its own
    at its natural size: ``body`` in the area's own coordinates, from (0, 0) to
    (``width``, ``height``); ``name`` is what a screen reader hears for it."""

    name: str
    width: float
    height: float
    body: str


@dataclass(frozen=True, slots=True)
class Board:
    """A board as areas: the page sets them side by side where there is room and stacks
    them on a phone (:meth:`html`); one SVG packs them for a picture (:meth:`svg`).

    >>> board = Board("A board", "Two cards.", (Area("left", 100, 80, "<g/>"),
    ...               Area("right", 300, 40, "<g/>")))
    >>> html = board.html()
    >>> html.startswith('<div class="gb-areas"') and html.count("<svg") == 2
    True
    >>> picture = board.svg(width=360)
    >>> picture.count("<svg") == 1 and 'viewBox="0 0 300 128"' in picture
    True
    """

    title: str
    desc: str
    areas: tuple[Area, ...]

    def html(self) -> str:
        """The areas as one ``<svg>`` each at its natural size, in a wrapping row (the
        board frame's style sheet lays it out), after the areas' shared style sheet."""
        parts = [
            f'<div class="gb-areas" role="group" aria-label="{escape(self.title)}">'
            f"<style>{_STYLE}</style>"
        ]
        for area in self.areas:
            w, h = _num(area.width), _num(area.height)
            parts.append(
                f'<svg xmlns="http://www.w3.org/2000/svg" class="gb gb-area" viewBox="0 0 {w} '
                f'{h}" width="{w}" height="{h}" role="group" aria-label="{escape(area.name)}">'
                f"{area.body}</svg>"
            )
        parts.append("</div>")
        return "".join(parts)

    def svg(self, *, width: float = 2 * AREA_MOST + 16) -> str:
        """The areas packed in rows no wider than ``width`` (8 px apart), as one picture."""
        body, x, y, row, widest = [], 0.0, 0.0, 0.0, 0.0
        for area in self.areas:
            if x and x + area.width > width:
                x, y, row = 0.0, y + row + 8, 0.0
            body.append(f'<g transform="translate({_num(x)} {_num(y)})">{area.body}</g>')
            widest = max(widest, x + area.width)
            x, row = x + area.width + 8, max(row, area.height)
        return document(widest, y + row, "".join(body), title=self.title, desc=self.desc)


def group(body: str, *, x: float = 0, y: float = 0, label: str = "", role: str = "group") -> str:
    """``body`` moved to (x, y); a ``label`` names it for screen readers, as a ``role``
    of "group" (a part that holds pieces) or "img" (one piece: a card, a die)."""
    aria = f' role="{role}" aria-label="{escape(label)}"' if label else ""
    move = f' transform="translate({_num(x)} {_num(y)})"' if x or y else ""
    return f"<g{move}{aria}>{body}</g>"


def pickable(body: str, token: str, box: tuple[float, float, float, float]) -> str:
    """``body`` tagged as the board piece ``token``: a play board lets the reader tap it
    to pick a move (see :meth:`gamebox.core.State.picks`). ``box`` (x, y, width, height)
    is the piece's outline: a tap anywhere inside it lands on the piece, empty or not,
    and the hit area grows about its centre to at least :data:`TAP` square.

    >>> pickable("<rect/>", "Joe's train", (0, 0, 48, 68))  # doctest: +NORMALIZE_WHITESPACE
    '<g data-pick="Joe&#x27;s train"><rect class="hit" x="-2" y="-2" width="52"
    height="72"/><rect/></g>'
    >>> die = pickable("<rect/>", "die 1", (0, 0, 34, 34))
    >>> sorted(pick_tokens(pickable("<rect/>", "6♣", (0, 0, 48, 68)) + die)), die[21:77]
    (['6♣', 'die 1'], '<rect class="hit" x="-5" y="-5" width="44" height="44"/>')
    """
    x, y, w, h = box
    hw, hh = max(w + 4, TAP), max(h + 4, TAP)
    hit = (
        f'<rect class="hit" x="{_num(x + (w - hw) / 2)}" y="{_num(y + (h - hh) / 2)}" '
        f'width="{_num(hw)}" height="{_num(hh)}"/>'
    )
    return f'<g data-pick="{escape(token)}">{hit}{body}</g>'


def pick_tokens(doc: str) -> set[str]:
    """Every token an SVG document tags with :func:`pickable`."""
    return {unescape(t) for t in re.findall(r'data-pick="([^"]*)"', doc)}


def text(
    x: float,
    y: float,
    s: object,
    *,
    size: float = 12,
    anchor: str = "start",
    weight: str = "normal",
    cls: str | None = None,
    fill: str | None = None,
) -> str:
    """Text at (x, y); themed ink unless an explicit ``fill`` or ``cls`` is given."""
    if cls is None:
        cls = "" if fill else "ink"
    paint = f' fill="{fill}"' if fill else ""
    klass = f' class="{cls}"' if cls else ""
    bold = f' font-weight="{weight}"' if weight != "normal" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"'
        f"{bold}{klass}{paint}>{escape(str(s))}</text>"
    )


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    rx: float = 4,
    cls: str = "",
    fill: str | None = None,
    stroke: str | None = None,
) -> str:
    attrs = f' class="{cls}"' if cls else ""
    if fill:
        attrs += f' fill="{fill}"'
    if stroke:
        attrs += f' stroke="{stroke}"'
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(rx)}"{attrs}/>'
    )


def line(x1: float, y1: float, x2: float, y2: float, *, cls: str = "rule") -> str:
    return f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" class="{cls}"/>'


def circle(cx: float, cy: float, r: float, *, fill: str = "none", cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{fill}"{c}/>'


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def badge(x: float, y: float, s: object) -> str:
    """A small count bubble centred on (x, y). Its classes are not called "badge": the
    book theme's Bootstrap hides every empty ``.badge`` element, such as this rect."""
    w = 8 + 7 * len(str(s))
    return rect(x - w / 2, y - 8, w, 16, rx=8, cls="tally") + text(
        x, y + 4, s, size=SMALLEST, anchor="middle", weight="bold", cls="tally-text"
    )


# ------------------------------------------------------------------------- cards


def _card_ink(card: Card) -> str:
    return RED_INK if card.suit is not None and card.suit.colour is Colour.RED else BLACK_INK


def playing_card(
    card: Card | None,
    x: float,
    y: float,
    *,
    face_down: bool = False,
    highlight: bool = False,
    dim: bool = False,
    w: float = CARD_W,
    h: float = CARD_H,
) -> str:
    """One playing card (``None`` draws an empty slot)."""
    if card is None:
        return group(rect(0, 0, w, h, rx=5, cls="slot"), x=x, y=y, label="empty", role="img")
    if face_down:
        body = rect(0, 0, w, h, rx=5, cls="back") + rect(
            4, 4, w - 8, h - 8, rx=3, fill="none", stroke="#9db4d8"
        )
        label = "a face-down card"
    else:
        body = rect(0, 0, w, h, rx=5, cls="paper")
        if card.is_joker:
            body += text(w / 2, h / 2 + 2, "★", size=w * 0.5, anchor="middle", fill="#7A3E9D")
            small = max(SMALLEST, w * 0.19)
            body += text(
                w / 2, h - 7, "JOKER", size=small, anchor="middle", weight="bold", fill="#7A3E9D"
            )
            body += text(5, 13, "JK", size=max(SMALLEST, w * 0.23), weight="bold", fill="#7A3E9D")
        else:
            ink = _card_ink(card)
            body += text(
                4, 15, card.rank.symbol, size=max(SMALLEST, w * 0.3), weight="bold", fill=ink
            )
            body += text(5, 27, card.suit.value, size=max(SMALLEST, w * 0.24), fill=ink)
            body += text(
                w / 2 + 4, h - 12, card.suit.value, size=w * 0.6, anchor="middle", fill=ink
            )
        label = card.name
    if highlight:
        body += rect(-2, -2, w + 4, h + 4, rx=7, cls="hl")
    if dim:
        body = f'<g class="dim">{body}</g>'
    return group(body, x=x, y=y, label=label, role="img")


def pile(
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    label: str = "",
    face_down: bool = False,
    highlight: bool = False,
) -> str:
    """A squared pile: its top card (or an empty slot), an edge showing depth, the count
    as a badge and a label underneath."""
    body = ""
    depth = min(len(cards) - 1, 3)
    for i in range(depth, 0, -1):
        body += rect(1.5 * i, 1.5 * i, CARD_W, CARD_H, rx=5, cls="back" if face_down else "paper")
    top = cards[-1] if cards else None
    body += playing_card(top, 0, 0, face_down=face_down and top is not None, highlight=highlight)
    if len(cards) > 1:
        body += badge(CARD_W - 2, 2, len(cards))
    if label:
        body += text(CARD_W / 2, CARD_H + 15, label, size=SMALLEST, anchor="middle", cls="muted")
    count = f"{len(cards)} card{'s' * (len(cards) != 1)}"
    return group(body, x=x, y=y, label=f"{label}: {count}" if label else count, role="img")


def fan(
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    dx: float = 16,
    dy: float = 0,
    highlight: Collection[int] = frozenset(),
    face_down: bool = False,
) -> str:
    """Overlapping cards, each offset by (dx, dy), so every card's corner index shows
    (a display: a card a move picks is drawn whole, a tap target of its own)."""
    body = "".join(
        playing_card(c, i * dx, i * dy, highlight=i in highlight, face_down=face_down)
        for i, c in enumerate(cards)
    )
    return group(body or playing_card(None, 0, 0), x=x, y=y)


# ------------------------------------------------------------------ Skip-Bo cards

_SKIP_BO_FILL = {range(1, 5): "#1f5fbf", range(5, 9): "#1b8a3a", range(9, 13): "#c0392b"}


def _skip_bo_colour(value: int) -> str:
    for values, colour in _SKIP_BO_FILL.items():
        if value in values:
            return colour
    return "#e67e22"


def _skip_bo_word(w: float, h: float) -> str:
    """The words SKIP over BO, in white, centred on a card of ``w`` by ``h``: the back of a
    Skip-Bo card and the face of the wild card."""
    return "".join(
        text(w / 2, h / 2 + dy, word, size=SMALLEST, anchor="middle", weight="bold", fill="#fff")
        for dy, word in ((-3, "SKIP"), (10, "BO"))
    )


def skip_bo_card(
    card: SkipBoCard | None,
    x: float,
    y: float,
    *,
    face_down: bool = False,
    highlight: bool = False,
) -> str:
    """A Skip-Bo card: 1-4 blue, 5-8 green, 9-12 red, the wild card orange."""
    if card is None:
        return playing_card(None, x, y)
    w, h = CARD_W, CARD_H
    if face_down:
        body = rect(0, 0, w, h, rx=5, fill="#e67e22", stroke="#8a8a8a")
        body += _skip_bo_word(w, h)
        label = "a face-down Skip-Bo card"
    else:
        colour = _skip_bo_colour(card.value)
        body = rect(0, 0, w, h, rx=5, cls="paper")
        if card.is_wild:
            body += rect(4, 4, w - 8, h - 8, rx=3, fill=colour)
            body += _skip_bo_word(w, h)
        else:
            body += text(
                w / 2, h / 2 + 10, card.value, size=28, anchor="middle", weight="bold", fill=colour
            )
            body += text(4, 13, card.value, size=SMALLEST, weight="bold", fill=colour)
        label = card.name
    if highlight:
        body += rect(-2, -2, w + 4, h + 4, rx=7, cls="hl")
    return group(body, x=x, y=y, label=label, role="img")


# -------------------------------------------------------------------- dominoes and dice

#: Pip positions on a 3 x 3 grid (column, row) for 0 to 9 spots.
_PIPS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}


#: The radius of a spot, as a share of the square it is drawn in: for 0 to 6 spots, and
#: for 7 to 9 (smaller, so that they fit). Mexican Train's tiles, counted on a phone, pass
#: larger ones.
SPOTS = (0.09, 0.075)


def pips(
    n: int,
    x: float,
    y: float,
    size: float,
    *,
    fill: str = BLACK_INK,
    spots: tuple[float, float] = SPOTS,
) -> str:
    """The spots of ``n`` (0-9) inside a square of side ``size`` at (x, y), their radius
    ``spots`` (as :data:`SPOTS`)."""
    step = size / 4
    r = size * spots[n > 6]
    return "".join(
        circle(x + step * (c + 1), y + step * (row + 1), r, fill=fill) for c, row in _PIPS[n]
    )


def domino(
    tile: Domino,
    x: float,
    y: float,
    *,
    ends: tuple[int, int] | None = None,
    vertical: bool = False,
    highlight: bool = False,
    size: float = 18,
    spots: tuple[float, float] = SPOTS,
) -> str:
    """A domino, ``size`` wide per half; ``ends`` orders the halves (left/top first);
    ``spots`` sizes the spots (see :func:`pips`)."""
    a, b = ends if ends is not None else (tile.high, tile.low)
    w, h = (size, 2 * size) if vertical else (2 * size, size)
    body = rect(0, 0, w, h, rx=size * 0.18, cls="paper")
    if vertical:
        body += line(2, size, size - 2, size, cls="rule")
        body += pips(a, 0, 0, size, spots=spots) + pips(b, 0, size, size, spots=spots)
    else:
        body += line(size, 2, size, size - 2, cls="rule")
        body += pips(a, 0, 0, size, spots=spots) + pips(b, size, 0, size, spots=spots)
    if highlight:
        body += rect(-2, -2, w + 4, h + 4, rx=size * 0.25, cls="hl")
    return group(body, x=x, y=y, label=str(tile), role="img")


_DIE_STYLE = {
    DieColour.WHITE: ("#fffdf8", BLACK_INK),
    DieColour.RED: ("#C8102E", "#ffffff"),
    DieColour.BLACK: ("#1A1A1A", "#ffffff"),
}


def die(
    value: int,
    x: float,
    y: float,
    *,
    size: float = 34,
    colour: DieColour = DieColour.WHITE,
    highlight: bool = False,
    held: bool = False,
) -> str:
    """A die showing ``value``; ``held`` draws it lifted (set aside), ``highlight`` outlines it."""
    face, spot = _DIE_STYLE[colour]
    body = rect(0, 0, size, size, rx=size * 0.18, fill=face, stroke="#6b7280")
    body += pips(value, 0, 0, size, fill=spot)
    if held:
        body += rect(-3, -3, size + 6, size + 6, rx=size * 0.22, fill="none", stroke="#0072B2")
    if highlight:
        body += rect(-3, -3, size + 6, size + 6, rx=size * 0.22, cls="hl")
    return group(body, x=x, y=y, label=f"{colour.value} die showing {value}", role="img")


def marker(x: float, y: float, player: int, *, r: float = 8, label: str = "") -> str:
    """A round marker in the player's colour, centred on (x, y): named ``label`` for
    screen readers, or a decoration beside the words that name its seat."""
    body = f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{player_colour(player)}" '
    body += 'stroke="#ffffff" stroke-width="1.5"/>'
    if not label:
        return body
    size = max(SMALLEST, r * 1.1)
    body += text(
        x, y + size * 0.36, label, size=size, anchor="middle", weight="bold", fill="#ffffff"
    )
    return group(body, label=label, role="img")

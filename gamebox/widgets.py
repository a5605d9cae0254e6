"""The book's board: a :class:`Stepper` that steps through pre-rendered frames.

A Stepper holds every frame of a worked example (the SVG board, one narration line,
the step label, the ruling ids shown, an optional "your move" question with the
engine's verdict on each candidate move, and a plain-text version of the board).
Its front end (``gamebox/static/stepper.js``) holds the controls, so it steps in
JupyterLab with a kernel and in the static site with no kernel at all. The page holds
the frames packed (:func:`pack_frames`: each distinct piece of their boards once, and
each frame as the changes from the one before), and the front end unpacks them. It has:

- first / previous / next / last buttons, a step counter and the step's label;
- the left and right arrow keys (Home and End too) while the board has the focus;
- a deep link per step: ``#<example-id>-<step>`` opens the page at that step (step 0 is
  the start position, step ``k`` the position after the example's ``k``-th move);
- "your move" steps: the reader picks among candidate moves and sees the verdict
  (legal, or the ruling id and the reason) before the move is shown;
- ruling ids that link to their entries on the book's Rulings page in the built book
  (those the games' tables hold, :func:`ruling_entries`), plain text in JupyterLab;
- the board as areas at their natural size (one SVG unit, one CSS pixel; see
  :class:`gamebox.svg.Board`), side by side where there is room and stacked on a
  phone, so no label shrinks and nothing scrolls sideways;
- a visually hidden text version of each board, and a live narration line, for screen
  readers;
- a viewpoint toggle: the teaching view (the frames above) or one seat's view of every
  step (:meth:`gamebox.scenario.Scenario.seat_frames`: other hands as backs, and a
  narration that names no card hidden from that seat), or, in a game with nothing
  hidden, a line saying so;
- "replay under another option": the example replayed with one option changed
  (:meth:`gamebox.scenario.Scenario.variant`), the first step where play diverges
  marked and said, and stepping on from there.

Seat views and variants are computed at build time and packed with the frames (one
table of pieces for all of them), so they too work with no kernel.

:class:`PlayBoard` is the other board: a whole game against the bots, the engine running
in the kernel in JupyterLab and in the reader's browser (Pyodide) in the built book.
Both boards' front ends start with ``gamebox/static/board.js``, what they share.

This is the only module of gamebox that needs ``anywidget`` (``pip install
gamebox[widgets]``); the engine itself uses the standard library only.

>>> from gamebox.scenario import frame
>>> board = Stepper(
...     example_id="demo", title="A demo", frames=[frame("<svg></svg>", "Hello.", "Start")]
... )
>>> board
Stepper('demo', 'A demo', 1 frame)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import anywidget
    import traitlets
except ImportError as err:  # pragma: no cover - only without the widget extra
    raise ImportError(
        "gamebox.widgets needs anywidget: pip install 'gamebox[widgets]' "
        "(the engine itself needs nothing)"
    ) from err

from gamebox.core import game_class, games
from gamebox.play import Session
from gamebox.rulings import Kind, Ruling

if TYPE_CHECKING:
    from gamebox.scenario import Scenario

STATIC = Path(__file__).parent / "static"


def stylesheet(name: str) -> str:
    """A board's styles: the frame and palette every board shares, then its own."""
    return "\n".join(STATIC.joinpath(n).read_text(encoding="utf-8") for n in ("board.css", name))


def module(name: str) -> str:
    """A board's front end: the code every board shares (``board.js``), then its own
    (which ends with the module's ``export default``)."""
    return "\n".join(STATIC.joinpath(n).read_text(encoding="utf-8") for n in ("board.js", name))


def compact(name: str) -> str:
    """A front-end file as every Stepper of a page embeds it (each board carries its own
    copy, and a chapter has ten): its first line (the file's title, by which the site's
    tests know a board), then its other lines without indentation, blank lines and
    comments (``//`` lines, ``/* */`` blocks). Neither file has a multi-line string."""
    first, _, rest = STATIC.joinpath(name).read_text(encoding="utf-8").partition("\n")
    if name.endswith(".css"):
        rest = re.sub(r"/\*.*?\*/", "", rest, flags=re.S)
    lines = (line.strip() for line in rest.split("\n"))
    return "\n".join([first, *(line for line in lines if line and not line.startswith("//"))])


#: One piece of an SVG board: a tag (or what is left of a broken one), or one line of
#: the text between two tags (a board's description repeats the lines of the position
#: that did not change). Every character of a text falls in exactly one piece.
PIECE = re.compile(r"<[^>]*>?|[^<\n]+\n?|\n")

#: A run of pieces shared with the previous frame shorter than this is written out.
SHORTEST_COPY = 3

#: How many earlier places of a run of pieces :func:`copies` tries (a piece as common as
#: ``</g>`` starts many runs; the place right after the last copy is always tried).
MOST_TRIED = 64


def copies(before: list[int], now: list[int]) -> list[int | list[int]]:
    """``now`` written from ``before``: a number is a piece of ``now``, a pair ``[start,
    count]`` the ``count`` pieces of ``before`` from ``start``. From left to right, each
    place of ``now`` takes the longest run of ``before`` it starts (at least
    :data:`SHORTEST_COPY` pieces, anywhere in ``before``, the place after the last copy
    tried first), or its own piece. Linear in the frames' length (a line-by-line diff was
    quadratic on boards with many equal tags), and the runs may come in any order.

    >>> copies([1, 2, 3, 4, 5, 6], [4, 5, 6, 9, 1, 2, 3])
    [[3, 3], 9, [0, 3]]
    """
    index: dict[tuple[int, ...], list[int]] = {}
    for start in range(len(before) - SHORTEST_COPY + 1):
        index.setdefault(tuple(before[start : start + SHORTEST_COPY]), []).append(start)
    out: list[int | list[int]] = []
    at, follow, end = 0, 0, len(before)
    while at < len(now):
        head = now[at : at + SHORTEST_COPY]
        places = index.get(tuple(head), [])[:MOST_TRIED]
        if places and before[follow : follow + SHORTEST_COPY] == head:
            places = [follow, *places]
        best, longest = 0, 0
        for start in places:
            k = SHORTEST_COPY
            while start + k < end and at + k < len(now) and before[start + k] == now[at + k]:
                k += 1
            if k > longest:
                best, longest = start, k
        if longest:
            out.append([best, longest])
            at += longest
            follow = best + longest
        else:
            out.append(now[at])
            at += 1
    return out


class Chain:
    """Frames packed one after another against one table of pieces (the packing of
    :func:`pack_frames`). A copy goes on from where the chain stands without changing
    it: :func:`within_budget` packs a board once and tries each variant on a copy."""

    def __init__(self) -> None:
        self.table: dict[str, int] = {}
        self.boards: list[list[int]] = []
        self.frames: list[dict[str, Any]] = []

    def add(self, frame: dict[str, Any], ref: int | None = None) -> dict[str, Any]:
        """Pack ``frame``, rebuilt from frame ``ref`` of the chain (by default the last
        one); return its packed form."""
        table, i = self.table, len(self.frames)
        ref = i - 1 if ref is None else ref
        if not -1 <= ref < i:
            raise ValueError(f"frame {i} cannot be rebuilt from frame {ref}")
        now = [table.setdefault(piece, len(table)) for piece in PIECE.findall(frame["svg"])]
        packed = {**frame, "svg": copies(self.boards[ref] if ref >= 0 else [], now)}
        packed["text"] = [table.setdefault(line, len(table)) for line in frame["text"].split("\n")]
        for key in ("say", "note"):
            if key in frame:
                packed[key] = table.setdefault(frame[key], len(table))
        if ref != i - 1:
            packed["ref"] = ref
        self.frames.append(packed)
        self.boards.append(now)
        return packed

    def copy(self) -> Chain:
        """A chain that goes on from this one (the packed frames are shared, not changed)."""
        other = Chain()
        other.table, other.boards, other.frames = dict(self.table), [*self.boards], [*self.frames]
        return other


def pack_frames(frames: list[dict[str, Any]], refs: list[int] | None = None) -> dict[str, Any]:
    """Frames in the compact form a page embeds: each distinct piece of their boards'
    SVG (a tag, or the text between two tags) once, in ``pieces``; each frame as it is,
    but for its ``svg``: a list that rebuilds the board from an earlier frame's, where
    a number is a piece and a pair ``[start, count]`` copies ``count`` pieces of the
    earlier frame's board from position ``start``. The earlier frame is the one before,
    or the frame numbered ``refs[i]`` (any frame before frame ``i``, which then carries
    it as ``ref``). A frame's ``text`` is a list of pieces too, one per line, and its
    ``say`` (and ``note``, if it has one) a piece.
    :func:`unpack_frames` (and ``stepper.js``) read it back.

    >>> from gamebox.scenario import frame
    >>> first, then = "<svg><a/><b/><c/></svg>", "<svg><a/><b/><c/>4</svg>"
    >>> packed = pack_frames([frame(first, "1", "a"), frame(then, "2", "b")])
    >>> packed["pieces"]
    ['<svg>', '<a/>', '<b/>', '<c/>', '</svg>', '', '1', '4', '2']
    >>> [f["svg"] for f in packed["frames"]]
    [[0, 1, 2, 3, 4], [[0, 4], 7, 4]]
    >>> unpack_frames(packed)[1]["svg"]
    '<svg><a/><b/><c/>4</svg>'
    """
    chain = Chain()
    for i, frame in enumerate(frames):
        chain.add(frame, None if refs is None else refs[i])
    return {"pieces": list(chain.table), "frames": chain.frames}


def unpack_frames(packed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The frames that :func:`pack_frames` packed, each with its whole SVG again."""
    pieces = packed["pieces"]
    frames = []
    boards: list[list[int]] = []
    for i, frame in enumerate(packed["frames"]):
        ref = frame.get("ref", i - 1)
        before = boards[ref] if ref >= 0 else []
        now: list[int] = []
        for item in frame["svg"]:
            if isinstance(item, list):
                now.extend(before[item[0] : item[0] + item[1]])
            else:
                now.append(item)
        whole = {k: v for k, v in frame.items() if k != "ref"}
        whole["svg"] = "".join(pieces[i] for i in now)
        whole["text"] = "\n".join(pieces[i] for i in frame["text"])
        for key in ("say", "note"):
            if key in frame:
                whole[key] = pieces[frame[key]]
        frames.append(whole)
        boards.append(now)
    return frames


#: The keys of a frame that a view or variant frame leaves out when they are the same as
#: the example's frame of the same step.
SAME_AS_THE_EXAMPLE = ("label", "rules", "ask")


def pack_board(
    frames: list[dict[str, Any]],
    views: list[dict[str, Any]] = (),
    variants: list[dict[str, Any]] = (),
) -> dict[str, Any]:
    """A board's frames, seat views and variants packed together (:func:`pack_frames`
    over all their frames, in that order, so a piece is stored once for them all; a
    view's or variant's frame is rebuilt from the example's frame of the same step).
    ``frames`` stay where :func:`unpack_frames` finds them; ``views`` and ``variants``
    keep their other keys and their packed ``frames``. A variant's leading frames equal
    to the example's are not stored again: its ``shared`` counts them; and a view's or
    variant's frame leaves out a key of :data:`SAME_AS_THE_EXAMPLE` whose value is the
    example's frame's at the same step.

    >>> from gamebox.scenario import frame
    >>> base = [frame("<svg>1</svg>", "a", "Start"), frame("<svg>2</svg>", "b", "Step 1")]
    >>> moved = [base[0], frame("<svg>3</svg>", "c", "Step 1")]
    >>> view, variant = {"label": "P", "frames": base}, {"label": "V", "frames": moved}
    >>> packed = pack_board(base, [view], [variant])
    >>> packed["variants"][0]["shared"], len(packed["variants"][0]["frames"])
    (1, 1)
    >>> unpack_board(packed) == (base, [view], [{**variant, "shared": 1}])
    True
    """
    chain = board_chain(frames, views)
    shared = [add_variant(chain, frames, variant) for variant in variants]
    return board_packed(chain, frames, views, variants, shared)


def board_chain(frames: list[dict[str, Any]], views: list[dict[str, Any]]) -> Chain:
    """The example's frames then its views' frames, packed (see :func:`pack_board`)."""
    chain = Chain()
    for frame in frames:
        chain.add(frame)
    for view in views:
        for k, frame in enumerate(view["frames"]):
            add_part_frame(chain, frame, min(k, len(frames) - 1))
    return chain


def add_part_frame(chain: Chain, frame: dict[str, Any], step: int) -> None:
    """Pack a view's or variant's frame of example step ``step``, rebuilt from that
    step's frame, leaving out what the example's frame says already."""
    own, same = chain.add(frame, step), chain.frames[step]
    for key in SAME_AS_THE_EXAMPLE:
        if own[key] == same[key]:
            del own[key]


def add_variant(chain: Chain, frames: list[dict[str, Any]], variant: dict[str, Any]) -> int:
    """Pack a variant's frames after its leading frames equal to the example's; return
    how many those are."""
    own, k = variant["frames"], 0
    while k < min(len(own), len(frames)) and own[k] == frames[k]:
        k += 1
    for j in range(k, len(own)):
        add_part_frame(chain, own[j], min(j, len(frames) - 1))
    return k


def board_packed(
    chain: Chain,
    frames: list[dict[str, Any]],
    views: list[dict[str, Any]],
    variants: list[dict[str, Any]],
    shared: list[int],
) -> dict[str, Any]:
    """A board's packed form from its chain (:func:`board_chain`, then
    :func:`add_variant` for each variant, which gave ``shared``)."""
    out = {"pieces": list(chain.table), "frames": chain.frames[: len(frames)]}
    at = len(frames)
    out["views"] = []
    for view in views:
        out["views"].append({**view, "frames": chain.frames[at : at + len(view["frames"])]})
        at += len(view["frames"])
    out["variants"] = []
    for variant, k in zip(variants, shared, strict=True):
        n = len(variant["frames"]) - k
        out["variants"].append({**variant, "shared": k, "frames": chain.frames[at : at + n]})
        at += n
    return out


def unpack_board(
    packed: Mapping[str, Any],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """What :func:`pack_board` packed: the frames, the views and the variants, each
    frame whole (a variant's ``frames`` with its shared frames again)."""
    views = packed.get("views", [])
    variants = packed.get("variants", [])
    chain = [*packed["frames"]]
    last = len(chain) - 1
    for part in views:
        chain += [{**packed["frames"][k], **f} for k, f in enumerate(part["frames"])]
    for part in variants:
        step = part["shared"]
        chain += [
            {**packed["frames"][min(step + k, last)], **f} for k, f in enumerate(part["frames"])
        ]
    frames = unpack_frames({"pieces": packed["pieces"], "frames": chain})
    base, at = frames[: len(packed["frames"])], len(packed["frames"])
    out_views = []
    for v in views:
        out_views.append({**v, "frames": frames[at : at + len(v["frames"])]})
        at += len(v["frames"])
    out_variants = []
    for v in variants:
        own = frames[at : at + len(v["frames"])]
        out_variants.append({**v, "frames": base[: v["shared"]] + own})
        at += len(v["frames"])
    return base, out_views, out_variants


#: What the variants of one board may add to its page, in characters of packed JSON.
VARIANT_BUDGET = 30_000


def within_budget(
    frames: list[dict[str, Any]], views: list[dict[str, Any]], variants: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The variants a board keeps, in their order, and the labels of those it leaves out:
    the cheapest first while what they add to its packed form (each one measured alone)
    stays within :data:`VARIANT_BUDGET`. A replay from another deal (a seeded example
    under an option that changes the deck) shares little with the example and costs
    the most."""

    base = board_chain(frames, views)
    alone = len(json.dumps(board_packed(base, frames, views, [], [])))
    costs = []
    for variant in variants:
        chain = base.copy()
        shared = [add_variant(chain, frames, variant)]
        costs.append(len(json.dumps(board_packed(chain, frames, views, [variant], shared))) - alone)
    keep, spent = set(), 0
    for k in sorted(range(len(variants)), key=costs.__getitem__):  # the cheapest first
        if spent + costs[k] <= VARIANT_BUDGET:
            keep.add(k)
            spent += costs[k]
    kept = [v for k, v in enumerate(variants) if k in keep]
    return kept, [v["label"] for k, v in enumerate(variants) if k not in keep]


@cache
def ruling_table() -> dict[str, Ruling]:
    """Every ruling with an entry on the book's Rulings page, by id: the registered games'
    tables (:meth:`gamebox.core.Game.rulings`)."""
    return {rule: r for name in games() for rule, r in game_class(name).rulings().items()}


def ruling_entries() -> frozenset[str]:
    """Every ruling id with an entry on the book's Rulings page. In the built book a board
    links these ids to their entries, and shows any other id (a toy rule of the
    introduction's) as plain text, so no link is broken."""
    return frozenset(ruling_table())


def linked_kinds(rules: Iterable[str]) -> dict[str, str]:
    """The ids among ``rules`` that have an entry on the Rulings page, in order, each with
    its kind's label when it is the project's own reading ("" for the source's own rule):
    a board links each to its entry and labels it "MR-9 (inferred)" where it shows it.

    >>> linked_kinds(["MR-9", "MR-4", "TY-1"])
    {'MR-4': '', 'MR-9': 'inferred'}
    """
    table = ruling_table()
    return {
        rule: "" if table[rule].kind is Kind.SOURCE else table[rule].kind.label
        for rule in sorted(set(rules) & table.keys())
    }


def frame_rulings(frame: Mapping[str, Any]) -> list[str]:
    """The ruling ids a frame shows: its tags, then its refused choices' rulings.

    >>> from gamebox.scenario import frame
    >>> ask = {"choices": [{"move": "x", "legal": False, "rule": "MR-4", "reason": "no"}]}
    >>> frame_rulings(frame("<svg/>", "", "", rules=("MR-7",), ask=ask))
    ['MR-7', 'MR-4']
    """
    choices = (frame["ask"] or {}).get("choices", [])
    return [*frame["rules"], *(c["rule"] for c in choices if c["rule"])]


#: Example ids are also URL fragments: lowercase words joined by hyphens.
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

#: Every frame carries these keys (see :func:`gamebox.scenario.frame`).
FRAME_KEYS = ("label", "say", "rules", "svg", "text", "ask")


def check_frame(frame: Any, where: str = "frame") -> dict[str, Any]:
    """Validate one frame dict (raises ``ValueError`` with what is wrong) and return it."""
    if not isinstance(frame, dict):
        raise ValueError(f"{where} is not a dict")
    missing = [k for k in FRAME_KEYS if k not in frame]
    if missing:
        raise ValueError(f"{where} lacks {', '.join(missing)}")
    for key in ("label", "say", "svg", "text"):
        if not isinstance(frame[key], str):
            raise ValueError(f"{where}: {key} must be a string")
    if not all(isinstance(r, str) for r in frame["rules"]):
        raise ValueError(f"{where}: rules must be ruling ids (strings)")
    ask = frame["ask"]
    if ask is not None:
        if not isinstance(ask, dict) or not isinstance(ask.get("choices"), list):
            raise ValueError(f"{where}: ask must be a dict with a list of choices")
        if not ask["choices"]:
            raise ValueError(f"{where}: ask has no choices")
        for choice in ask["choices"]:
            lacking = [k for k in ("move", "legal", "rule", "reason") if k not in choice]
            if lacking:
                raise ValueError(f"{where}: a choice lacks {', '.join(lacking)}")
    return frame


class Stepper(anywidget.AnyWidget):
    """A board that steps through pre-rendered frames (see the module docstring)."""

    _esm = "\n".join(compact(name) for name in ("board.js", "stepper.js"))
    _css = "\n".join(compact(name) for name in ("board.css", "stepper.css"))

    example_id = traitlets.Unicode("example").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    #: Every frame, whole (Python only); the front end gets them as ``packed``.
    frames = traitlets.List(traitlets.Dict(), default_value=[])
    #: Each seat's view (Python only, packed too): ``{"label": "Player 1's view",
    #: "frames": [...]}``, as many frames as ``frames``; empty when nothing is hidden.
    views = traitlets.List(traitlets.Dict(), default_value=[])
    #: The example under other options (Python only, packed too): ``{"label", "doc",
    #: "rule", "kind", "step", "say", "ruling", "frames"}`` (see
    #: :class:`gamebox.scenario.Divergence`).
    variants = traitlets.List(traitlets.Dict(), default_value=[])
    packed = traitlets.Dict(pack_board([])).tag(sync=True)
    #: The options a board leaves out to keep its page light (see :func:`within_budget`).
    left_out = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: Why the board offers no seat's view (nothing is hidden), said beside the views.
    open_note = traitlets.Unicode("").tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    #: The ruling ids of the frames that have an entry on the Rulings page, each with its
    #: kind when it is the project's own reading (see :func:`linked_kinds`): linked to
    #: the entry in the built book, and labelled with the kind wherever the board shows it.
    linked = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    #: The same for the ruling ids only the views and variants show (a refused move).
    linked_more = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    #: What ``packed`` was packed from.
    _packed_from: tuple[Any, ...] = ()

    @traitlets.validate("example_id")
    def _valid_id(self, proposal: dict) -> str:
        value = proposal["value"]
        if not ID_PATTERN.match(value):
            raise traitlets.TraitError(
                f"example id {value!r} must be lowercase letters/digits joined by hyphens"
            )
        return value

    @traitlets.validate("frames")
    def _valid_frames(self, proposal: dict) -> list:
        frames = proposal["value"]
        try:
            for i, frame in enumerate(frames):
                check_frame(frame, f"frame {i}")
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err
        return frames

    @traitlets.validate("views", "variants")
    def _valid_parts(self, proposal: dict) -> list:
        parts = proposal["value"]
        name = proposal["trait"].name
        try:
            for part in parts:
                if not isinstance(part.get("label"), str) or not part["label"]:
                    raise ValueError(f"each of the {name} needs a label")
                for i, frame in enumerate(part.get("frames", [])):
                    check_frame(frame, f"{part['label']}: frame {i}")
                if not part.get("frames"):
                    raise ValueError(f"{part['label']} has no frames")
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err
        return parts

    @traitlets.validate("index")
    def _valid_index(self, proposal: dict) -> int:
        value = max(0, proposal["value"])
        return min(value, len(self.frames) - 1) if self.frames else value

    @traitlets.observe("frames", "views", "variants")
    def _pack_and_keep_the_index_on_a_frame(self, _change: dict) -> None:
        parts = (self.frames, self.views, self.variants)
        if parts == self._packed_from:  # the constructor sets all three: one packing
            return
        self._packed_from = parts
        self.packed = pack_board(*parts)
        shown = {rule for frame in self.frames for rule in frame_rulings(frame)}
        self.linked = linked_kinds(shown)
        extra = [*self.views, *self.variants]
        more = {rule for part in extra for frame in part["frames"] for rule in frame_rulings(frame)}
        self.linked_more = linked_kinds(more - shown)
        self.index = min(self.index, max(len(self.frames) - 1, 0))

    @classmethod
    def from_scenario(cls, scenario: Scenario, **kwargs: Any) -> Stepper:
        """The board of a worked example: its id, title, source and every frame, each
        seat's view of it (or why there is none), and the example under each option the
        board offers (:meth:`Scenario.offers`)."""
        views = []
        open_note = ""
        if scenario.has_hidden():
            views = [
                {"label": scenario.seat_label(seat), "frames": scenario.seat_frames(seat)}
                for seat in range(scenario.players)
            ]
        else:
            open_note = (
                f"Nothing is hidden in {scenario.load_game().title}: every player sees "
                "this whole board, so each player's view is this one."
            )
        offered = []
        for offer in scenario.offers():
            found = scenario.variant({offer["name"]: offer["value"]})
            offered.append(
                {
                    "label": offer["label"],
                    "doc": offer["doc"],
                    "rule": offer["rule"],
                    "kind": found.kind,
                    "step": found.step,
                    "say": found.say,
                    "ruling": found.rule,
                    "frames": list(found.frames),
                }
            )
        frames = scenario.frames()
        variants, left_out = within_budget(frames, views, offered)
        return cls(
            example_id=scenario.id,
            title=scenario.title,
            source=scenario.source,
            frames=frames,
            views=views,
            variants=variants,
            left_out=left_out,
            open_note=open_note,
            **kwargs,
        )

    # -- stepping from Python (the front end does the same in the browser) ----------

    @property
    def frame(self) -> dict[str, Any]:
        """The frame shown now."""
        return self.frames[self.index]

    def next(self) -> None:
        self.index = min(self.index + 1, len(self.frames) - 1)

    def prev(self) -> None:
        self.index = max(self.index - 1, 0)

    def first(self) -> None:
        self.index = 0

    def last(self) -> None:
        self.index = len(self.frames) - 1

    def anchor(self, step: int) -> str:
        """The deep link of a step: ``#<example-id>-<step>``."""
        return f"#{self.example_id}-{step}"

    def __repr__(self) -> str:
        n = len(self.frames)
        return f"Stepper({self.example_id!r}, {self.title!r}, {n} frame{'' if n == 1 else 's'})"


class PlayBoard(anywidget.AnyWidget):
    """Play a whole game against the bots (see :mod:`gamebox.play`).

    In JupyterLab the engine runs in the kernel; in the built book it runs in the
    reader's browser on Pyodide, loaded when the reader presses "Play". The board shown
    before that is the deal of the given seed, drawn at build time. Either way the
    front end sends a call and its argument, and :meth:`Session.call` answers it.

    The constructor refuses a bad game, seat, bot, seed or option (``ValueError``,
    ``TypeError`` or ``KeyError``); the board's calls never raise.
    """

    _esm = module("play.js")
    _css = stylesheet("play.css")

    title = traitlets.Unicode("").tag(sync=True)
    spec = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    #: The game's ruling ids with an entry on the Rulings page, each with its kind when it
    #: is the project's own reading: a refusal's ruling is linked to it in the built book
    #: and labelled with its kind (see :func:`linked_kinds`).
    linked = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def __init__(self, game: str, players: int | None = None, **spec: Any) -> None:
        """``spec`` holds the rest of the game's spec (``seat``, ``bots``, ``seed``,
        ``options``, ``guide=True`` for the game's guided first game, ``humans`` and
        ``names`` for pass-and-play...: see :class:`gamebox.play.Session`)."""
        self._session = Session.from_spec({"game": game, "players": players, **spec})
        self._serial = 0
        view = self._numbered(self._session.view())
        game = self._session.game
        linked = linked_kinds(game.rulings())
        super().__init__(title=game.title, spec=self._shown_spec(), view=view, linked=linked)
        self.on_msg(self._on_call)

    def _numbered(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view with a new serial number: the front end waits for the next one."""
        self._serial += 1
        return {**view, "serial": self._serial}

    def _on_call(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A front end's message ``{"call": name, "arg": arg}``, answered in ``view``."""
        message = content if isinstance(content, Mapping) else {}
        view = self._session.call(message.get("call"), message.get("arg"))
        self.spec = self._shown_spec()
        self.view = self._numbered(view)

    def _shown_spec(self) -> dict[str, Any]:
        """The session's spec as the front end gets it (JSON): a guided game given as a
        :class:`~gamebox.scenario.Scenario` (a test's) is shown as ``guide: true``, so
        the built book's board plays the game's own guided game."""
        spec = self._session.spec
        return {**spec, "guide": bool(spec["guide"])}

    @property
    def session(self) -> Session:
        """The game being played (the same object the board's buttons drive)."""
        return self._session

    def __repr__(self) -> str:
        s = self.spec
        return (
            f"PlayBoard({s['game']!r}, {self._session.game.players} players, seat {s['seat']}, "
            f"{s['bots']} bots, seed {s['seed']})"
        )

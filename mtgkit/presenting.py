"""How a question is shown, in one place: its board, its numbered steps, the Oracle text of each
card it uses (one card an item: name, cost, type line, text), its stem and its options; and how
a wrong answer's feedback reads: one verdict line, the one misconception that best explains the
answer, and one reason with its rule.

Every view of a practice question uses this module: the practice widget and the exercise widget
(:func:`question_html`), worksheets (:func:`question_markdown`), and plain text wherever no
HTML is shown (:func:`question_text`: a saved notebook's text form, a terminal). A question is
anything with the fields of :class:`mtgkit.practice.Question` that these read (:class:`Asked`).

>>> from mtgkit.practice import worksheet
>>> q = worksheet("could-produce", "hard", 1, seed=1)[0]
>>> text = question_text(q)
>>> all(f"{i}. {s}" in text for i, s in enumerate(q.steps, 1)) and q.prompt in text
True
>>> [c.name for c in cards_of(q)] == [c.name for c in cards_of(q)] and len(cards_of(q)) >= 1
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Protocol

from .abilities import CardDef
from .cards import CATALOG
from .crlinks import link_rules, link_rules_markdown
from .misconceptions import CATALOG as MISCONCEPTIONS
from .records import Value
from .topics.base import Misconception


class Asked(Protocol):
    """What this module reads of a question (:class:`mtgkit.practice.Question` has it all)."""

    @property
    def number(self) -> int: ...
    @property
    def board(self) -> str: ...
    @property
    def steps(self) -> tuple[str, ...]: ...
    @property
    def prompt(self) -> str: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def kind(self) -> str: ...
    @property
    def situation(self) -> object: ...


# =============================================================================== the cards
class CardText(Value):
    """One card as a question lists it."""

    name: str
    cost: str
    type_line: str
    text: str

    def line(self) -> str:
        """``"Llanowar Elves {G}, Creature — Elf Druid 1/1. {T}: Add {G}."``"""
        cost = f" {self.cost}" if self.cost else ""
        return f"{self.name}{cost}, {self.type_line}." + (f" {self.text}" if self.text else "")


def card_text(name: str, own: CardDef | None = None) -> CardText:
    """A catalog card's name, mana cost, type line (with power/toughness) and Oracle text (or,
    given, a card of the question's own, :attr:`mtgkit.teaching.Setup.cards`)."""
    c = own or CATALOG[name]
    pt = f" {c.power}/{c.toughness}" if c.power is not None else ""
    return CardText(c.name, str(c.cost) if c.cost else "", f"{c.type_line}{pt}", c.text or "")


def _plural(name: str) -> str:
    head, of, tail = name.partition(" of ")
    return f"{head}{'' if head.endswith('s') or head == 'Food' else 's'}{of}{tail}"


def cards_named(text: str) -> tuple[str, ...]:
    """The catalog's cards ``text`` names (alone or counted, "two Forests"), in the order it first
    names them; a longer name wins over a name inside it.

    >>> cards_named("Alice controls Llanowar Elves and two Forests; Bob: Protectors of the Crown.")
    ('Llanowar Elves', 'Forest', 'Protector of the Crown')
    """
    found: dict[str, int] = {}
    taken: list[tuple[int, int]] = []
    for name in sorted((n for n in CATALOG if n != "Library Card"), key=len, reverse=True):
        forms = sorted({name, _plural(name)}, key=len, reverse=True)
        pattern = r"(?<![\w'])(?:" + "|".join(re.escape(f) for f in forms) + r")(?!\w)"
        for m in re.finditer(pattern, text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            found[name] = min(found.get(name, m.start()), m.start())
    return tuple(sorted(found, key=found.__getitem__))


def cards_of(q: Asked) -> tuple[CardText, ...]:
    """Every card a question uses: a capstone's own list, a play's set-up, else the cards its
    board, steps and stem name; a card the question brings itself (its set-up's ``cards``, from
    a question file) with its own text."""
    s = q.situation
    names: tuple[str, ...] = ()
    listed = getattr(s, "cards", None)
    if isinstance(listed, tuple) and all(isinstance(n, str) for n in listed):
        names = listed
    play = getattr(s, "play", None)
    setup = getattr(play, "setup", None)
    pieces = getattr(setup, "pieces", None)
    own = {c.name: c for c in getattr(setup, "cards", ()) if isinstance(c, CardDef)}
    if not names and pieces:
        names = tuple(dict.fromkeys(p.card for p in pieces))
    said = cards_named("\n".join([q.board, *q.steps, q.prompt]))
    names = tuple(dict.fromkeys([*names, *said]))
    return tuple(card_text(n, own.get(n)) for n in names
                 if (n in CATALOG or n in own) and n != "Library Card")


# =============================================================================== emphasis
_EMPHASIS = re.compile(r"(?<![\w*])\*([^*\n]+?)\*(?![\w*])")


def plain(text: str) -> str:
    """Text with its markdown emphasis (``*or*``) taken out, for plain-text views.

    >>> plain("stops {T} *or* {Q} abilities")
    'stops {T} or {Q} abilities'
    """
    return _EMPHASIS.sub(r"\1", text)


def inline_html(text: str) -> str:
    """Text as HTML: escaped, ``*word*`` in italics, every CR number a link.

    >>> inline_html("{T} *or* {Q} (CR 302.6) & more").split(" (CR")[0]
    '{T} <em>or</em> {Q}'
    """
    return _EMPHASIS.sub(r"<em>\1</em>", link_rules(text))


# =============================================================================== a question
def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def question_text(q: Asked, *, options: bool = True) -> str:
    """The question in plain text: its number and stem, the board, the numbered steps, the
    cards (one a line) and the options (A, B, ...)."""
    lines = [f"Question {q.number}. {plain(q.prompt)}", "", f"Board: {_sentence(q.board)}"]
    if q.steps:
        lines += ["", "Then, in order:"] + [f"  {i}. {plain(s)}" for i, s in enumerate(q.steps, 1)]
    cards = cards_of(q)
    if cards:
        lines += ["", "The cards:"] + [f"  - {c.line()}" for c in cards]
    if options:
        lines += ["", "Options:"]
        lines += [f"  {letter}) {o}" for letter, o in zip("ABCDEFGH", q.options, strict=False)]
    return "\n".join(lines)


def question_markdown(q: Asked, *, heading: str = "##", links: bool = False, options: bool = True,
                      right: Sequence[str] = ()) -> str:
    """The question as markdown (a worksheet's section): the heading with its number and stem,
    the board, the steps as a numbered list, the cards as a list, the options (``right`` marked
    with ✓, for an answer key)."""
    link = link_rules_markdown if links else (lambda t: t)
    lines = [f"{heading} {q.number}. {link(q.prompt)}", "", f"*Board:* {link(_sentence(q.board))}", ""]
    if q.steps:
        lines += ["*Then, in order:*", ""] + [f"{i}. {link(s)}" for i, s in enumerate(q.steps, 1)] + [""]
    cards = cards_of(q)
    if cards:
        lines += ["*The cards:*", ""]
        for c in cards:
            cost = f" {c.cost}" if c.cost else ""
            text = f": {link(c.text)}" if c.text else ""
            lines.append(f"- **{c.name}**{cost} — *{c.type_line}*{text}")
        lines.append("")
    if options:
        for letter, o in zip("ABCDEFGH", q.options, strict=False):
            lines.append(f"- {letter}) {o}" + (" ✓" if o in right else ""))
        lines.append("")
    return "\n".join(lines)


#: The styles of :func:`question_html` (sizes in em, nothing under the page's size).
QUESTION_CSS = ("<style>.mtgkit-question{line-height:1.45}.mtgkit-question p{margin:0.35em 0}"
                ".mtgkit-question ol,.mtgkit-question ul{margin:0.2em 0 0.4em;padding-left:1.8em}"
                ".mtgkit-question li{margin:0.15em 0}.mtgkit-question .card-type{font-style:italic}"
                "</style>")


def question_html(q: Asked, *, options: bool = False, title: str = "") -> str:
    """The question as HTML: the board, the numbered steps (an ordered list), the cards (one a
    list item: name, cost, type line, text), then the stem (and, with ``options``, the options
    as a list; a widget shows them as buttons instead)."""
    kind = " <i>(true or false)</i>" if q.kind == "true-false" else ""
    parts = [QUESTION_CSS, '<div class="mtgkit-question">']
    if title:
        parts.append(f"<p><b>{inline_html(title)}</b></p>")
    parts.append(f'<p class="board"><b>Board:</b> {inline_html(_sentence(q.board))}</p>')
    if q.steps:
        items = "".join(f"<li>{inline_html(s)}</li>" for s in q.steps)
        parts.append(f'<p><b>Then, in order:</b></p><ol class="steps">{items}</ol>')
    cards = cards_of(q)
    if cards:
        items = "".join(
            f'<li class="card"><b>{html.escape(c.name)}</b>'
            + (f" {html.escape(c.cost)}" if c.cost else "")
            + f' — <span class="card-type">{html.escape(c.type_line)}</span>'
            + (f"<br>{inline_html(c.text)}" if c.text else "") + "</li>" for c in cards)
        parts.append(f'<p><b>The cards:</b></p><ul class="cards">{items}</ul>')
    parts.append(f'<p class="stem"><b>Question {q.number}.</b> {inline_html(q.prompt)}{kind}</p>')
    if options:
        items = "".join(f"<li>{html.escape(o)}</li>" for o in q.options)
        parts.append(f'<ol class="options" type="A">{items}</ol>')
    parts.append("</div>")
    return "".join(parts)


# =============================================================================== feedback
def best_misconception(names: Sequence[str], rules: Sequence[str] = ()) -> str | None:
    """Of the misconceptions (or ``"a + b"`` pairs) that give a wrong answer, the one that best
    explains it: one held alone before a pair; among those, one whose rule is a rule the question
    is about (``rules``), else the first its model lists (the models list the likeliest first).

    >>> best_misconception(["a-b + c-d", "summoning-sickness-only-tap"])
    'summoning-sickness-only-tap'
    """
    if not names:
        return None
    singles = [n for n in names if " + " not in n] or list(names)

    def on_topic(name: str) -> bool:
        m = MISCONCEPTIONS.get(name.split(" + ")[0])
        return m is not None and any(m.rule == r or m.rule.startswith(r) or r.startswith(m.rule)
                                     for r in rules)
    return next((n for n in singles if on_topic(n)), singles[0])


def misconception_sentence(name: str) -> str:
    """What a learner who holds the misconception ``name`` (or a pair) should read, in one
    paragraph: what it is and what the rule really says."""
    ms = [MISCONCEPTIONS[part] for part in name.split(" + ")]
    if len(ms) == 1:
        m = ms[0]
        return (f"This looks like the misconception “{m.title}”: {m.description} What the rule says "
                f"(CR {m.rule}): {m.rule_says}")
    titles = " and ".join(f"“{m.title}”" for m in ms)
    says = " ".join(f"CR {m.rule}: {m.rule_says}" for m in ms)
    return f"This looks like two misconceptions held together, {titles}. What the rules say: {says}"


def example_text(m: Misconception, q: Asked | None = None) -> str:
    """The misconception's smallest example board with its steps, what it asks and both answers;
    ``""`` when that board (and its steps) is the question's own."""
    ex = m.example
    board, steps = ex.describe(), ex.steps()
    if q is not None and board.rstrip(".") == q.board.rstrip(".") and tuple(steps) == tuple(q.steps):
        return ""
    right, wrong = " or ".join(ex.legal()), " or ".join(m.run(ex))
    then = ("" if not steps else " Then, in order: "
            + " ".join(f"{i}. {_sentence(s)}" for i, s in enumerate(steps, 1)))
    return (f"Smallest board where the two differ: {_sentence(board)}{then} {_sentence(m.ask)} "
            f"The rules: {right}; this idea: {wrong}.")


def misconception_feedback(name: str, q: Asked | None = None) -> str:
    """:func:`misconception_sentence`, then (on a new line) its example board if it is not
    ``q``'s own (:func:`example_text`)."""
    example = example_text(MISCONCEPTIONS[name.split(" + ")[0]], q)
    return misconception_sentence(name) + (f"\n{example}" if example else "")


__all__ = ["Asked", "CardText", "QUESTION_CSS", "best_misconception", "card_text", "cards_named", "cards_of",
           "example_text", "inline_html", "misconception_feedback", "misconception_sentence", "plain",
           "question_html", "question_markdown", "question_text"]

"""Question sets as web pages: a page per set, every question in full, its answer folded away.

A **question set** is the kit's capstones or a teacher's folder of question files
(:func:`mtgkit.capstones.load_folder`). Its page lists the questions in the order of their files,
each as the practice widget shows it (:func:`mtgkit.presenting.question_html`: the board, the
numbered steps, the cards with their full text, the question, then the options lettered A, B,
...), followed by a ``<details>`` element, closed until a reader opens it, holding the answer:
the right option(s), the explanation (the reason with its CR numbers, then the engine's events),
and for each wrong option what a learner who picks it reads (the misconception behind it and
the rule it misreads, :func:`mtgkit.export.option_feedback`). The options are in the order the
seed gives (as ``mtgkit worksheet --from DIR --seed N`` gives them), so the right one is not
always where its author wrote it.

The course website has a page for the capstones (``docs/_ext/mtgkit_docs.py`` calls
:func:`set_fragment`); ``mtgkit site --from DIR... --out OUT`` writes a small site of its own for a
teacher's sets (:func:`write_site`: ``index.html`` and a page per set, plain HTML that works from
the files, offline), never writing outside ``OUT``.

>>> from mtgkit import capstones
>>> page = set_fragment(set_questions(capstones.load()[:2], "capstones"))
>>> page.count("<details"), page.count('<section class="mtgkit-set-question"')
(2, 2)
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from .capstones import Capstone, load_folder
from .export import option_feedback, text_html
from .files import folder, write_files
from .practice import Question, hand_written, set_name
from .presenting import QUESTION_CSS, inline_html, question_html
from .rules import EDITION
from .teaching import split_explanation

#: The answer's styles (the question's own are :data:`mtgkit.presenting.QUESTION_CSS`).
SET_CSS = ("<style>.mtgkit-set-question{margin:1.5em 0;padding-top:0.5em;border-top:1px solid #ccc}"
           ".mtgkit-answer{margin:0.6em 0;padding:0.3em 0.8em;border-left:3px solid #888}"
           ".mtgkit-answer summary{cursor:pointer;font-weight:bold}"
           ".mtgkit-answer li{margin:0.4em 0}</style>")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def set_questions(caps: Sequence[Capstone], name: str, seed: int = 0) -> list[Question]:
    """A set's questions for its page: each at its own level, options arranged as the seed's
    stream arranges them (:func:`mtgkit.practice.hand_written`), in the order of their files,
    numbered from 1."""
    qs = list(hand_written(caps, name, "hard", seed))
    order = {c.path: i for i, c in enumerate(caps)}
    qs.sort(key=lambda q: order[getattr(q.situation, "path", "")])
    return [q.replace(number=i, level="easy" if getattr(q.situation, "level", "") == "easy" else "hard")
            for i, q in enumerate(qs, 1)]


def _anchor(q: Question) -> str:
    cid = str(getattr(q.situation, "id", q.number))
    return "question-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", cid).strip("-") or str(q.number))


def _letter(q: Question, option: str) -> str:
    return LETTERS[q.options.index(option)] if q.options.index(option) < len(LETTERS) else "?"


def explanation_html(q: Question) -> str:
    """Why the right option is right: the reason with its CR numbers, then the engine's events as
    a list."""
    why = split_explanation(q.explanation)
    parts = [f"<p>{inline_html(why.reason.text)}</p>"]
    if why.detail:
        events = "".join(f"<li>{inline_html(line)}</li>" for line in why.detail.splitlines())
        parts.append(f'<p><b>{html.escape(why.detail_title)}</b></p><ul class="events">{events}</ul>')
    return "".join(parts)


def answer_html(q: Question) -> str:
    """A question's answer, folded: a ``<details>`` element a reader opens."""
    right = "".join(f"<li><b>{_letter(q, a)}.</b> {html.escape(a)}</li>" for a in q.answers)
    others = "".join(f"<li><b>{_letter(q, o)}.</b> {html.escape(o)}{text_html(option_feedback(q, o))}</li>"
                     for o in q.options if o not in q.answers)
    parts = [f'<details class="mtgkit-answer"><summary>The answer to question {q.number}</summary>',
             f'<p><b>{"The right options" if len(q.answers) > 1 else "The right option"}:</b></p>',
             f'<ul class="right">{right}</ul>', explanation_html(q)]
    if others:
        parts.append(f'<p><b>The other options:</b></p><ul class="wrong">{others}</ul>')
    parts.append("</details>")
    return "".join(parts)


def set_fragment(qs: Sequence[Question]) -> str:
    """The questions of a set with their folded answers, as an HTML fragment (for a page's body)."""
    parts = [QUESTION_CSS, SET_CSS]
    for q in qs:
        shown = question_html(q, options=True).removeprefix(QUESTION_CSS)
        parts.append(f'<section class="mtgkit-set-question" id="{_anchor(q)}">{shown}{answer_html(q)}'
                     "</section>")
    return "\n".join(parts)


def _document(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n"
            "<style>body{font-family:sans-serif;max-width:50em;margin:2em auto;padding:0 1em}</style>\n"
            f"</head>\n<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n")


def set_page(name: str, qs: Sequence[Question]) -> str:
    """A set's page, a whole HTML document."""
    intro = (f"<h1>{html.escape(name)}</h1>\n<p>{len(qs)} questions, each played and checked by the "
             "engine. Each answer is folded: open it when you have chosen. Rule numbers are from the "
             f"Comprehensive Rules effective {EDITION}. <a href=\"index.html\">All the question sets</a></p>")
    return _document(f"{name}: mtgkit questions", intro + "\n" + set_fragment(qs))


def page_name(name: str) -> str:
    """A set's page's file name: its name as a file name."""
    return (re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "questions") + ".html"


def index_page(sets: Sequence[tuple[str, int]]) -> str:
    """The site's first page: a link to each set's page, with its number of questions."""
    rows = "".join(f'<li><a href="{page_name(name)}">{html.escape(name)}</a>: {n} questions</li>'
                   for name, n in sets)
    body = ("<h1>Question sets</h1>\n<p>Questions written by hand, each played and checked by the "
            f"engine.</p>\n<ul>{rows}</ul>")
    return _document("mtgkit question sets", body)


def write_site(folders: Sequence[str | Path], out: str | Path, *, seed: int = 0,
               force: bool = False) -> list[Path]:
    """Write a page per question set (each folder of question files, :func:`load_folder`: a
    folder with a problem is refused in one line, before anything is written) and ``index.html``
    into ``out``; return the files written (:func:`mtgkit.files.write_files`: only inside ``out``,
    never through a link, nothing overwritten unless ``force``; the same pages again are no
    change). Two folders of the same name are refused: their pages would have one name."""
    dest = folder(out)
    pages: dict[Path, str] = {}
    listed: list[tuple[str, int]] = []
    for f in folders:
        name = set_name(f)
        qs = set_questions(load_folder(f, seed), name, seed)
        path = dest / page_name(name)
        if path in pages:
            raise ValueError(f"{f}: another folder given is also called {name!r}; rename one")
        pages[path] = set_page(name, qs)
        listed.append((name, len(qs)))
    pages[dest / "index.html"] = index_page(listed)
    return write_files(dest, pages, force=force, what="the pages", error=ValueError)


__all__ = ["answer_html", "explanation_html", "index_page", "page_name", "set_fragment", "set_page",
           "set_questions", "write_site"]

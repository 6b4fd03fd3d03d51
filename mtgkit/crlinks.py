"""Rules you can click: CR numbers as links to a public hyperlinked copy of the rules.

The links point at Yawgatog's hyperlinked Comprehensive Rules, which gives every rule an
anchor made of ``R`` and the rule number without its dot: ``#R1067`` for 106.7, and with the
sub-rule letter kept for sub-rules, ``#R1073m`` for 107.3m and ``#R7252`` for 725.2. (That is
the form other public projects use for it, for example ``#R6131d`` for 613.1d and
``#R70219b`` for 702.19b.) The page always shows the current rules, which may be newer
than the edition the kit cites (:data:`mtgkit.rules.EDITION`); the tooltip says which.

The base URL lives here, in :data:`BASE_URL`, and nowhere else.

>>> anchor("107.3m"), anchor("725.2")
('R1073m', 'R7252')
>>> print(cr_link("106.7"))  # doctest: +NORMALIZE_WHITESPACE
<a href="https://yawgatog.com/resources/magic-rules/#R1067" target="_blank" rel="noopener"
   title="CR 106.7 (2026-08-07): what a permanent &#x27;could produce&#x27;: its mana abilities as if they
   resolved now, with replacement effects in any order, costs ignored">106.7</a>
>>> print(link_rules_markdown("Haste (CR 702.10c)."))  # doctest: +NORMALIZE_WHITESPACE
Haste (CR [702.10c](https://yawgatog.com/resources/magic-rules/#R70210c "CR 702.10c (2026-08-07):
haste lets a creature use {T}/{Q} abilities the turn it arrives")).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable

from .rules import EDITION, title

#: The public hyperlinked copy of the Comprehensive Rules the kit links to.
BASE_URL = "https://yawgatog.com/resources/magic-rules/"

#: A rule number such as 106.7, 107.3m or 725 (a section), not part of a longer number.
RULE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")
#: "CR " (or "CR" followed by a list) and the rule numbers after it, separated by commas,
#: "and" or "/". A longer number is no rule: "CR 2026-08-07" (an edition) cites nothing.
_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?(?!\d)"
CITATION = re.compile(rf"\bCR\s+({_NUMBER}(?:\s*(?:,|/|and)\s*{_NUMBER})*)")


def anchor(number: str) -> str:
    """The page anchor of a rule: ``R`` and the number without its dot."""
    if not re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", number):
        raise ValueError(f"{number!r} is not a rule number such as 106.7 or 107.3m")
    return "R" + number.replace(".", "")


def cr_url(number: str) -> str:
    return BASE_URL + "#" + anchor(number)


def tooltip(number: str) -> str:
    summary = title(number)
    return f"CR {number} ({EDITION})" + (f": {summary}" if summary else "")


def cr_link(number: str, text: str | None = None) -> str:
    """An HTML link to ``number`` with its title as the tooltip."""
    return (f'<a href="{cr_url(number)}" target="_blank" rel="noopener" '
            f'title="{html.escape(tooltip(number))}">{html.escape(text or number)}</a>')


def _numbers(citation: str, link: Callable[[str], str]) -> str:
    return RULE.sub(lambda m: link(m.group(1)), citation)


#: A parenthesised list of dotted rule numbers without "CR", as event chains write them:
#: "(106.4, 605.3b)".
BARE = re.compile(r"\((\d{3}\.\d+[a-z]?(?:, \d{3}\.\d+[a-z]?)*)\)")


def link_rules(text: str, *, escape: bool = True, bare: bool = False) -> str:
    """HTML: ``text`` (escaped unless ``escape=False``) with every rule number cited after
    "CR" turned into a link, e.g. "CR 106.7" or "CR 107.5, 302.6 (2026-08-07)". With
    ``bare=True``, parenthesised lists such as "(106.4, 605.3b)" are linked too.

    >>> link_rules("tapped (CR 107.5) & sick").count("<a href"), "&amp;" in link_rules("&")
    (1, True)
    >>> link_rules("#12 Alice adds {G} (106.4, 605.3b)", bare=True).count("<a href")
    2
    """
    body = html.escape(text, quote=False) if escape else text
    body = CITATION.sub(lambda m: "CR " + _numbers(m.group(1), cr_link), body)
    if bare:
        body = BARE.sub(lambda m: "(" + _numbers(m.group(1), cr_link) + ")", body)
    return body


def link_numbers(rules: Iterable[str], sep: str = ", ") -> str:
    """HTML: rule numbers (an event's ``rules``), each a link."""
    return sep.join(cr_link(n) for n in rules)


def link_rules_markdown(text: str) -> str:
    """Markdown: every rule number cited after "CR" as ``[106.7](url "its title")``."""
    def link(n: str) -> str:
        return f'[{n}]({cr_url(n)} "{tooltip(n).replace(chr(34), chr(39))}")'

    parts = _MD_LINK.split(text)  # leave what is already a link (its text and its target) alone
    return "".join(part if _MD_LINK.fullmatch(part) else
                   CITATION.sub(lambda m: "CR " + _numbers(m.group(1), link), part) for part in parts)


_MD_LINK = re.compile(r"(\[[^\]]*\]\([^)]*\))")


def cited(text: str) -> list[str]:
    """The rule numbers cited after "CR" in ``text``, in order, without repeats.

    >>> cited("CR 614.9; then (CR 704.5g, 120.3e) and CR 614.9")
    ['614.9', '704.5g', '120.3e']
    >>> cited("the rules (CR 2026-08-07)"), cited("CR 106.7, 2026")
    ([], ['106.7'])
    """
    found: list[str] = []
    for m in CITATION.finditer(text):
        for n in RULE.findall(m.group(1)):
            if n not in found:
                found.append(n)
    return found


class Cited:
    """Text to show in a notebook with every rule number a link (an explanation from
    ``game.why``, for example); plain text anywhere else. Several texts (or ``Cited``) are shown
    one a line.

    The text wraps between words: JupyterLab breaks the words of an output's ``<pre>`` anywhere
    (``word-break: break-all``), which cut "prior-ity" in two; this one breaks a word only if it
    is longer than the line.

    >>> Cited("tapped (CR 107.5)")
    tapped (CR 107.5)
    >>> "R1075" in Cited("tapped (CR 107.5)")._repr_html_()
    True
    >>> print(Cited("one.", Cited("two.")))
    one.
    two.
    """

    def __init__(self, *texts: str | Cited) -> None:
        self.text: str = "\n".join(t.text if isinstance(t, Cited) else t for t in texts)

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return ('<pre style="white-space:pre-wrap;word-break:normal;overflow-wrap:break-word;'
                'font-size:0.9em;margin:0">' + link_rules(self.text, bare=True) + "</pre>")

"""Checking teachers' files (``mtgkit check PATH...``): card files and question files, each
problem on one line ``FILE:LINE: what``, for a teacher before class and for CI.

A path is a file or a folder (every ``*.toml`` inside it, at most
:data:`~mtgkit.limits.MAX_CHECK_FILES`, symlinks not followed). A file is told by its top-level
keys: ``steps``, ``question`` or ``options`` make a question file in the capstone format
(:mod:`mtgkit.capstones`; it may hold ``card`` tables of its own), else ``card`` tables a card file
(read by :func:`mtgkit.cards.parse_cards`, whose error names the line and key). A question file is
checked for: an unknown key or card (with the near name), a step the engine refuses (with its rule),
no option or more than one marked right, two options with the same text, a right option whose claims
fail in an outcome, a wrong option whose claims all hold, and a wrong option its misconception
doesn't produce: the steps played again by that misconception's rule variant
(:data:`mtgkit.topics.base.VARIANTS`) must give it. A misconception that is a misreading, not a rule
variant, can't be played: a note says so. A question the engine answers (a ``[model]``, no option
marked right) is checked for an answer by the engine, the author's ``answer`` among it, and at least
:data:`MIN_WRONG` wrong options; each version its ``[alternatives]`` make is played, and its own
cards (``cards_file``, ``[[card]]``) are read as card files are. Nothing is evaluated and nothing is
written.

>>> from mtgkit.capstones import FOLDER
>>> report = check_paths([FOLDER / "K1-bolt-the-attacker-in-response.toml"])
>>> report.problems, report.summary()
(0, '1 file checked: no problems')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .capstones import (
    CLAIMS,
    OPTION_KEYS,
    PIECE_KEYS,
    SITUATIONS,
    STEP_KEYS,
    TOP_KEYS,
    Capstone,
    CapstoneError,
    Option,
    build,
    claims_hold,
    own_cards,
    substitute,
    versions,
)
from .cards import CATALOG, CardFileError, parse_cards, suggest
from .cards.cardfile import line_of
from .errors import RulesError
from .misconceptions import CATALOG as MISCONCEPTIONS
from .practice import capstone_question
from .records import Value
from .teacherfiles import FileProblem, UsageError, file_kind, files_in, read_text, toml_data
from .teaching import Play, Step
from .topics.base import VARIANTS, rules_held
from .variants import Rules, overrides

#: The keys a question file must have.
REQUIRED = ("id", "title", "topics", "level", "rules", "cards", "setup", "question", "why")
#: The keys a question file the engine answers (a ``[model]``, no option marked right) must have.
AUTO_REQUIRED = ("id", "title", "topics", "level", "question")
_ZONES = ("board", "hand", "graveyard", "top_of_library")


class Finding(Value):
    """One line of the report: the file, the line, what is wrong (a ``note`` is not a problem)."""

    path: str
    line: int
    what: str
    note: bool = False

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {'note: ' if self.note else ''}{self.what}"


class Report(Value):
    """What :func:`check_paths` found: how many files, and each finding in file order."""

    files: int
    findings: tuple[Finding, ...]

    @property
    def problems(self) -> int:
        return sum(not f.note for f in self.findings)

    def summary(self) -> str:
        files = f"{self.files} file{'s' if self.files != 1 else ''} checked"
        n = self.problems
        return f"{files}: {n} problem{'s' if n != 1 else ''}" if n else f"{files}: no problems"

    def lines(self) -> list[str]:
        return [str(f) for f in self.findings] + [self.summary()]


# ----------------------------------------------------------------------------- which files
def check_paths(paths: Sequence[str | Path]) -> Report:
    """Check every file the paths name (see the module's docstring)."""
    files = files_in(paths)
    return Report(len(files), tuple(f for path in files for f in check_file(path)))


# ----------------------------------------------------------------------------- one file
def check_file(path: Path) -> list[Finding]:
    """The findings for one file (empty when it is fine)."""
    name = str(path)
    try:
        text = read_text(path)
        data = toml_data(path, text)
    except FileProblem as err:
        return [Finding(name, err.line, err.what)]
    kind = file_kind(data)  # a question file may carry [[card]] tables of its own
    if kind == "card":
        try:
            parse_cards(text, path)
        except CardFileError as err:
            return [_card_finding(err)]
        return []
    if kind == "question":
        try:
            return check_question(path, text, data)
        except (TypeError, AttributeError, ValueError, KeyError) as err:  # a value of the wrong shape
            return [Finding(name, 1, f"a question file in the capstone format ({type(err).__name__}: {err})")]
    return [Finding(name, 1, "neither a card file ([[card]] tables) nor a question file (steps, question, "
                             "options)")]


# ----------------------------------------------------------------------------- a question file
def _card_finding(err: CardFileError) -> Finding:
    what = f"{err.key}: {err.expected}" if err.key else err.expected
    return Finding(err.path, err.line or 1, what)


def _unknown_card(name: Any, own: frozenset[str] = frozenset()) -> str | None:
    if not isinstance(name, str):
        return f"a card name, not {type(name).__name__}"
    if name in CATALOG or name in own:
        return None
    near = suggest(name, [*own, *CATALOG]) if own else suggest(name)
    return f"unknown card {name!r}" + (f"; did you mean {near!r}?" if near else "")


def _unknown_keys(found: Iterable[str], known: frozenset[str]) -> str | None:
    unknown = sorted(set(found) - known)
    if not unknown:
        return None
    return f"unknown key {', '.join(map(repr, unknown))} (expected among {', '.join(sorted(known))})"


def _shape(text: str, data: dict[str, Any]) -> list[tuple[int, str]]:
    """The top-level values of the wrong kind: (line, what)."""
    out: list[tuple[int, str]] = []
    for key in ("steps", "options"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            out.append((line_of(text, (key,)), f"{key}: a list of [[{key}]] tables"))
    for key in ("cards", "players", "topics", "rules"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            out.append((line_of(text, (key,)), f"{key}: a list of names"))
    for zone in _ZONES:
        value = data.get(zone, {})
        if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
            out.append((line_of(text, (zone,)), f"{zone}: a table of each player's list of cards"))
    for i, opt in enumerate(data.get("options", [])):
        if isinstance(opt, dict) and not isinstance(opt.get("claims", {}), dict):
            out.append((line_of(text, ("options", i)), f"option {i + 1}: claims: a table of claims"))
    return out


def is_auto(data: dict[str, Any]) -> bool:
    """Does the engine answer this question file: a ``[model]`` and no option marked right?"""
    options = data.get("options", [])
    return bool(data.get("model")) and not any(isinstance(o, dict) and o.get("right") for o in options)


def _structure(text: str, data: dict[str, Any], own: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """The keys and cards of a question file (before anything is played): (line, what)."""
    out = _shape(text, data)
    if out:
        return out
    if what := _unknown_keys(data, TOP_KEYS):
        out.append((1, what))
    required = AUTO_REQUIRED if is_auto(data) else REQUIRED
    out += [(1, f"missing key {k!r}") for k in required if k not in data]
    for name in data.get("cards", []):
        if what := _unknown_card(name, own):
            out.append((line_of(text, ("cards",)), what))
    players = data.get("players", ["Alice", "Bob"])
    for zone in _ZONES:
        for who, cards in dict(data.get(zone, {})).items():
            line = line_of(text, (zone, who))
            if who not in players:
                out.append((line, f"{zone}.{who}: one of the players {', '.join(map(str, players))}"))
            for entry in cards if isinstance(cards, list) else []:
                entry = {"card": entry} if not isinstance(entry, dict) else entry
                if what := _unknown_keys(entry, PIECE_KEYS):
                    out.append((line, f"{zone}.{who}: {what}"))
                if what := _unknown_card(entry.get("card"), own):
                    out.append((line, what))
    for i, step in enumerate(data.get("steps", [])):
        line = line_of(text, ("steps", i))
        if what := _unknown_keys(step, STEP_KEYS):
            out.append((line, f"step {i + 1}: {what}"))
        if "do" not in step:
            out.append((line, f"step {i + 1}: missing key 'do'"))
    for i, opt in enumerate(data.get("options", [])):
        line = line_of(text, ("options", i))
        if what := _unknown_keys(opt, OPTION_KEYS):
            out.append((line, f"option {i + 1}: {what}"))
        if "text" not in opt:
            out.append((line, f"option {i + 1}: missing key 'text'"))
        if what := _unknown_keys(opt.get("claims", {}), CLAIMS):
            out.append((line_of(text, ("options", i, "claims")), f"option {i + 1}: claims: {what}"))
    return out


def _refused_step(c: Capstone, err: Exception) -> tuple[int, str]:
    """Which step the engine refuses (played along the chooser's first options): its index, or
    0 when only another branch of the play is refused; and the words."""
    g, labels = c.play.build()
    for i, step in enumerate(c.play.steps):
        try:
            step.play(g, labels)
        except (RulesError, ValueError, TypeError, KeyError) as e:
            return i, f"step {i + 1} ({step.do}) is refused: {e}"
    return 0, f"a step is refused in one of the play's outcomes: {err}"


def check_question(path: Path, text: str, data: dict[str, Any]) -> list[Finding]:
    """The findings for a question file (its text and parsed data): every version its
    ``[alternatives]`` make is played (:func:`mtgkit.capstones.versions`); a finding of some
    versions only names them (``blocker=Hill Giant: ...``)."""
    name = str(path)
    try:
        found = versions(path, data)
    except CapstoneError as err:
        return [Finding(name, line_of(text, ("alternatives",)), str(err).split(": ", 1)[1])]
    each = [_version(path, text, substitute(data, values), label) for label, values in found]
    out: list[Finding] = []
    for label, findings in zip((label for label, _ in found), each, strict=True):
        for f in findings:
            if all(f in other for other in each):
                if f not in out:
                    out.append(f)
            else:
                out.append(f.replace(what=f"{label}: {f.what}"))
    return out


def _own(path: Path, text: str, data: dict[str, Any]) -> tuple[frozenset[str], list[Finding]]:
    """The names of the cards a question file brings (``[[card]]``, ``cards_file``), or what is
    wrong with them."""
    try:
        cards = own_cards(path, data, text)
    except CardFileError as err:
        return frozenset(), [_card_finding(err)]
    except CapstoneError as err:
        what = str(err).split(": ", 1)[1]
        return frozenset(), [Finding(str(path), line_of(text, (what.split(":", 1)[0],)), what)]
    return frozenset(c.name for c in cards), []


def _version(path: Path, text: str, data: dict[str, Any], label: str) -> list[Finding]:
    """The findings for one version of a question file (its data with the alternatives put in)."""
    name = str(path)
    own, bad = _own(path, text, data)
    if bad:
        return bad
    found = _structure(text, data, own)
    if found:
        return [Finding(name, line, what) for line, what in found]
    try:
        c = build(path, data, label, text)
    except (ValueError, KeyError, TypeError) as err:
        return [Finding(name, 1, f"can't be read as a question: {err}")]
    try:
        outs = c.outcomes()
    except (RulesError, ValueError, TypeError, KeyError) as err:
        i, what = _refused_step(c, err)
        return [Finding(name, line_of(text, ("steps", i)), what)]
    g, labels = c.play.build()
    start = {p: len(g.zone(p, "hand")) for p in g.players}
    out: list[Finding] = _auto(c, text) if c.auto else _keyed(c, text)
    seen: dict[str, int] = {}
    for i, opt in enumerate(c.options):
        line = line_of(text, ("options", i))
        first = seen.setdefault(opt.text, i)  # the option's words as the author wrote them
        if first != i:
            out.append(Finding(name, line, f"option {i + 1} has the same text as option {first + 1}"))
        out += [Finding(name, line, what.removeprefix("note: "), what.startswith("note: "))
                for what in _option(c, i, opt, outs, labels, start)]
    return out


def _keyed(c: Capstone, text: str) -> list[Finding]:
    """A question with its own options: exactly one marked right (and ``answer``, if given, is it)."""
    name = c.path
    rights = [i for i, o in enumerate(c.options) if o.right]
    if not rights:
        return [Finding(name, line_of(text, ("options",)), "no option is marked right")]
    if len(rights) > 1:
        return [Finding(name, line_of(text, ("options", rights[1])),
                        f"{len(rights)} options marked right (options "
                        f"{', '.join(str(i + 1) for i in rights)}); one precise answer is wanted")]
    if c.answer and c.answer not in c.legal():  # the right option's words
        return [Finding(name, line_of(text, ("answer",)),
                        f"answer {c.answer!r} is not the option marked right")]
    return []


def _auto(c: Capstone, text: str) -> list[Finding]:
    """A question the engine answers: a situation its model knows, an answer by the engine (the
    author's key among them), no option of the author's that is right, and at least
    :data:`MIN_WRONG` wrong options in the question made of it."""
    name = c.path
    model = line_of(text, ("model",))
    try:
        s = c.situation()
    except (CapstoneError, ValueError, KeyError, TypeError) as err:
        return [Finding(name, model, str(err).split(": ", 1)[-1])]
    if s is None:
        return [Finding(name, line_of(text, ("model", "situation")),
                        f"model.situation: one of {', '.join(SITUATIONS)}")]
    legal = s.legal()
    if not legal:
        return [Finding(name, model, "the engine gives no answer to this question")]
    out = []
    if c.answer and c.answer not in legal:
        out.append(Finding(name, line_of(text, ("answer",)),
                           f"the engine's answer is {' or '.join(map(repr, legal))}, not {c.answer!r}"))
    for i, words in enumerate(o.text for o in c.options):
        if words in legal:
            out.append(Finding(name, line_of(text, ("options", i)),
                               f"option {i + 1} is the engine's answer: the engine gives the right option"))
    q = capstone_question(c)
    n = len(q.options) - len(q.answers)
    if n < MIN_WRONG:
        out.append(Finding(name, model, f"only {n} wrong option{'s' if n != 1 else ''} (at least {MIN_WRONG} "
                           "are wanted): no other misconception variant changes this play's answer; add "
                           "[[options]] of your own"))
    return out


#: The fewest wrong options a question the engine answers must offer.
MIN_WRONG = 2


def _option(c: Capstone, i: int, opt: Option, outs: Any, labels: dict[str, int],
            start: dict[str, int]) -> list[str]:
    """What is wrong with one option (a line starting ``note:`` is a note)."""
    if not opt.claims:
        return [f"option {i + 1}: no claim for the engine to check"]
    holds = claims_hold(opt.claims, outs, labels, start)
    if opt.right:
        return [] if all(holds) else [f"option {i + 1} is marked right, but its claims fail in "
                                      f"{holds.count(False)} of {len(holds)} outcomes"]
    out: list[str] = []
    if all(holds):
        out.append(f"option {i + 1} is marked wrong, but its claims all hold: it is right too")
    parts = [p.strip() for p in opt.misconception.split("+") if p.strip()]
    if not parts or not all(p in MISCONCEPTIONS for p in parts) or not opt.because:
        out.append(f"option {i + 1}: name a catalogued misconception and say how it leads here (because)")
        return out
    misreadings = [p for p in parts if p not in VARIANTS]
    if misreadings:
        out += [f"note: option {i + 1} not checked: {p} is a misreading, not a rule variant"
                for p in misreadings]
        return out
    return out + _produced(c, i, opt, parts)


def _allowed(play: Play, rules: Rules) -> tuple[Step, ...]:
    """The steps ``rules`` allow, each tried in turn along the chooser's first options (a refused
    step changes nothing, so the next is tried on the same game): what a learner holding those
    rules expects to happen when they forbid a step."""
    g, labels = play.build(rules)
    kept = []
    for step in play.steps:
        try:
            step.play(g, labels)
        except RulesError:
            continue
        kept.append(step)
    return tuple(kept)


def _produced(c: Capstone, i: int, opt: Option, parts: list[str]) -> list[str]:
    """Does playing the steps by the option's misconceptions, as rule variants, give it?"""
    rules = rules_held(parts)
    held = " + ".join(parts)
    play = c.play
    try:
        outs = tuple(play.outcomes(rules))
    except RulesError:  # the learner expects a step not to happen: play the others
        play = Play(play.setup, _allowed(play, rules), play.keep)
        try:
            outs = tuple(play.outcomes(rules))
        except (RulesError, ValueError, TypeError, KeyError) as err:
            return [f"option {i + 1}: played by {held}, the engine refuses a step: {err}"]
    except (ValueError, TypeError, KeyError) as err:
        return [f"option {i + 1}: played by {held}, the engine refuses a step: {err}"]
    g, labels = play.build(rules)
    start = {p: len(g.zone(p, "hand")) for p in g.players}
    if outs and any(claims_hold(opt.claims, outs, labels, start)):
        return []
    failing = [f"{k} = {v!r}" for k, v in opt.claims if not any(claims_hold(((k, v),), outs, labels, start))]
    asked = c.play.consulted()
    idle = "" if any(overrides(VARIANTS[p]) & asked for p in parts) else (
        " (the steps ask none of the decisions it changes)")
    return [f"option {i + 1}: no misconception variant produces it: played by {held}, "
            f"{'; '.join(failing) or 'its claims together'} fails in every outcome{idle}"]


__all__ = ["AUTO_REQUIRED", "MIN_WRONG", "REQUIRED", "Finding", "Report", "UsageError", "check_file",
           "check_paths", "check_question", "files_in", "is_auto"]

"""Worksheets for learning platforms: Moodle (GIFT, Moodle XML) and Canvas (an IMS QTI 1.2 zip).

Every question becomes one multiple-choice question of the platform, with nothing hidden and
nothing lost (:func:`items`):

- the **stem** is the question as the practice widget shows it (:func:`mtgkit.presenting.question_html`):
  the board, the numbered steps, the Oracle text of each card it uses, then what is asked;
- **every option**, in the worksheet's order (the platforms are told not to shuffle, so the
  letters match the printed sheet and its key);
- the **right option(s)**: one right option scores 100%; several (a question asking which outcomes
  are possible) use the platform's multi-answer form, each right one worth an equal share
  (``100/k``, written as Moodle's grade list writes it: ``33.33333``) and each wrong one ``-100``,
  so ticking everything scores nothing (Canvas: all the right ones and no wrong one);
- **per-option feedback** in the words the practice widget uses (:func:`option_feedback`): a
  wrong option gets the note on it, if any, and the misconception that best explains it, with
  what the rule it misreads really says, its CR number and its smallest example board
  (:func:`mtgkit.presenting.misconception_feedback`, as :func:`mtgkit.practice.grade` and the
  widget say it); a right option gets the explanation, the reason with its CR numbers and the
  engine's events;
- the **general feedback** (shown after any answer): the same explanation.

Text goes out as HTML (each line a paragraph, CR numbers as links, as the widget shows them),
escaped by :mod:`xml.etree.ElementTree` in the XML formats and with GIFT's backslash escapes
(``~ = # { } : \\``) in GIFT. The same questions give the same bytes: no dates anywhere, the zip's
entries dated 1980-01-01 with fixed permissions.

The formats (:data:`FORMATS`), each written as one file (:func:`export`):

- ``gift``: ``NAME-gift.txt``, Moodle's GIFT text (Question bank > Import > GIFT format);
- ``moodle-xml``: ``NAME-moodle.xml``, Moodle XML (Question bank > Import > Moodle XML format);
- ``qti``: ``NAME-canvas-qti.zip``, an IMS content package holding ``imsmanifest.xml`` and one
  QTI 1.2 assessment (Canvas: Settings > Import course content > QTI .zip file).
"""

from __future__ import annotations

import html
import io
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Sequence
from typing import Literal

from .grading import look_again
from .practice import Question, is_hand_written
from .presenting import (
    QUESTION_CSS,
    best_misconception,
    inline_html,
    misconception_feedback,
    question_html,
)
from .records import Value
from .teaching import split_explanation

Format = Literal["gift", "moodle-xml", "qti"]
#: The export formats, in the order the command line lists them.
FORMATS: tuple[Format, ...] = ("gift", "moodle-xml", "qti")
#: What each format's file name ends with.
SUFFIXES: dict[Format, str] = {"gift": "-gift.txt", "moodle-xml": "-moodle.xml", "qti": "-canvas-qti.zip"}
#: Every entry of a QTI zip is dated this (the earliest date a zip can hold): no timestamps.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: The namespace of an IMS QTI 1.2 assessment, and of an IMS content package's manifest.
QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
QTI_XSD = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
IMSCP_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
IMSCP_XSD = "http://www.imsglobal.org/profile/cc/ccv1p1/ccv1p1_imscp_v1p2_v1p0.xsd"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
#: The characters GIFT gives a meaning to, escaped with a backslash in every text written.
GIFT_SPECIAL = "\\~=#{}:"


class Choice(Value):
    """One option as a platform gets it: its text (HTML), its grade in percent (Moodle's
    notation: ``100``, ``50``, ``33.33333``, ``-100``, ``0``) and its feedback (HTML)."""

    text: str
    fraction: str
    feedback: str

    @property
    def right(self) -> bool:
        return float(self.fraction) > 0


class Item(Value):
    """One question as a platform gets it (see the module's notes)."""

    number: int
    title: str
    stem: str  # HTML
    choices: tuple[Choice, ...]
    general: str  # HTML: the general feedback
    multiple: bool  # several right options: the multi-answer form


def _grade(share: float) -> str:
    """A percentage as Moodle's grade list writes it: at most five decimals, no trailing zeros.

    >>> _grade(100), _grade(100 / 3), _grade(100 / 6), _grade(-100)
    ('100', '33.33333', '16.66667', '-100')
    """
    return f"{share:.5f}".rstrip("0").rstrip(".")


def option_feedback(q: Question, option: str) -> str:
    """What a learner who picks ``option`` reads (plain text, one paragraph a line): for a right
    option the explanation (the reason with its CR numbers, then the engine's events); for a
    wrong one the note on it, if any, and the misconception that best explains it with the rule
    it misreads and its smallest example board, in the practice widget's words
    (:func:`mtgkit.presenting.misconception_feedback`); else the rules to look at again."""
    if option not in q.options:
        raise ValueError(f"option {option!r}: not one of the question's options")
    if option in q.answers:
        return _explanation(q)
    lines = [note for o, note in q.notes if o == option]
    best = best_misconception(q.misconceptions(option), q.rules)
    if best is not None:
        lines.append(misconception_feedback(best, q))
    if not lines:
        lines.append(look_again(q.rules))
    return "\n".join(lines)


def _explanation(q: Question) -> str:
    why = split_explanation(q.explanation)
    lines = [why.reason.text]
    if why.detail:
        lines += [why.detail_title, *why.detail.splitlines()]
    return "\n".join(lines)


def text_html(text: str) -> str:
    """Plain text as HTML, one paragraph a line, escaped, CR numbers as links (no line breaks
    left: GIFT ends a question at a blank line).

    >>> text_html("It is tapped (CR 107.5).\\n<b> & {G}").count("<p>")
    2
    """
    return "".join(f"<p>{inline_html(line.strip())}</p>" for line in text.splitlines() if line.strip())


def _stem(q: Question) -> str:
    shown = question_html(q).removeprefix(QUESTION_CSS)
    return re.sub(r"\s*\n\s*", " ", shown)


def item(q: Question) -> Item:
    """``q`` as a platform gets it (see the module's notes)."""
    k = len(q.answers)
    choices = tuple(
        Choice(html.escape(o, quote=False),
               _grade(100 / k) if o in q.answers else ("-100" if k > 1 else "0"),
               text_html(option_feedback(q, o)))
        for o in q.options)
    return Item(q.number, f"Question {q.number}", _stem(q), choices, text_html(_explanation(q)), k > 1)


def items(qs: Sequence[Question]) -> list[Item]:
    return [item(q) for q in qs]


def title(qs: Sequence[Question]) -> str:
    """The worksheet's name on the platform: ``mtgkit monarch hard seed 3``."""
    if not qs:
        return "mtgkit worksheet"
    q = qs[0]
    level = "" if is_hand_written(q) else f" {q.level}"  # a hand-written set has no level
    return f"mtgkit {q.topic}{level} seed {q.seed}"


# =============================================================================== GIFT
def gift_escape(text: str) -> str:
    """Text for GIFT: each of ``~ = # { } :`` and the backslash escaped with a backslash, line
    breaks as spaces.

    >>> gift_escape("{G}: a=b # c~d \\\\")
    '\\\\{G\\\\}\\\\: a\\\\=b \\\\# c\\\\~d \\\\\\\\'
    """
    text = re.sub(r"\s*\n\s*", " ", text)
    return "".join("\\" + c if c in GIFT_SPECIAL else c for c in text)


def gift(qs: Sequence[Question]) -> str:
    """The questions as Moodle GIFT text (see the module's notes)."""
    lines = [f"// {gift_escape(title(qs))}: Comprehensive Rules of 2026-08-07", "",
             f"$CATEGORY: $course$/top/{gift_escape(title(qs)).replace('/', '-')}", ""]
    for it in items(qs):
        lines.append(f"::{gift_escape(it.title)}::[html]{gift_escape(it.stem)}{{")
        for c in it.choices:
            if it.multiple:
                mark = f"~%{c.fraction}%"
            else:
                mark = "=" if c.right else "~"
            lines.append(f"\t{mark}{gift_escape(c.text)}#{gift_escape(c.feedback)}")
        lines.append(f"\t####{gift_escape(it.general)}")
        lines += ["}", ""]
    return "\n".join(lines)


# =============================================================================== Moodle XML
def _xml(root: ET.Element) -> bytes:
    ET.indent(root, space=" ")
    body: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


def _text(parent: ET.Element, tag: str, text: str, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, attrs)
    ET.SubElement(el, "text").text = text
    return el


def moodle_xml(qs: Sequence[Question]) -> bytes:
    """The questions as a Moodle XML quiz (see the module's notes): a category named after the
    worksheet, then one ``multichoice`` question each."""
    quiz = ET.Element("quiz")
    category = ET.SubElement(quiz, "question", type="category")
    _text(category, "category", f"$course$/top/{title(qs).replace('/', '-')}")
    for it in items(qs):
        q = ET.SubElement(quiz, "question", type="multichoice")
        _text(q, "name", it.title)
        _text(q, "questiontext", it.stem, format="html")
        _text(q, "generalfeedback", it.general, format="html")
        for tag, value in (("defaultgrade", "1"), ("penalty", "0.3333333"), ("hidden", "0"),
                           ("single", "false" if it.multiple else "true"), ("shuffleanswers", "0"),
                           ("answernumbering", "ABCD")):
            ET.SubElement(q, tag).text = value
        for c in it.choices:
            answer = _text(q, "answer", c.text, fraction=c.fraction, format="html")
            _text(answer, "feedback", c.feedback, format="html")
    return _xml(quiz)


# =============================================================================== Canvas QTI
def ident(qs: Sequence[Question]) -> str:
    """The assessment's identifier: the title in letters, digits and underscores."""
    return re.sub(r"[^A-Za-z0-9]+", "_", title(qs)).strip("_")


def _meta(parent: ET.Element, fields: Sequence[tuple[str, str]]) -> None:
    meta = ET.SubElement(parent, "qtimetadata")
    for label, entry in fields:
        field = ET.SubElement(meta, "qtimetadatafield")
        ET.SubElement(field, "fieldlabel").text = label
        ET.SubElement(field, "fieldentry").text = entry


def _mattext(parent: ET.Element, text: str) -> None:
    material = ET.SubElement(parent, "material")
    ET.SubElement(material, "mattext", texttype="text/html").text = text


def _feedback(parent: ET.Element, name: str, text: str) -> None:
    fb = ET.SubElement(parent, "itemfeedback", ident=name)
    _mattext(ET.SubElement(fb, "flow_mat"), text)


def _condition(parent: ET.Element, *, go_on: bool) -> ET.Element:
    cond = ET.SubElement(parent, "respcondition", {"continue": "Yes" if go_on else "No"})
    return ET.SubElement(cond, "conditionvar")


def _qti_item(section: ET.Element, base: str, it: Item) -> None:
    qid = f"{base}_q{it.number}"
    el = ET.SubElement(section, "item", ident=qid, title=it.title)
    ids = [f"{qid}_a{i}" for i in range(1, len(it.choices) + 1)]
    _meta(ET.SubElement(el, "itemmetadata"), [
        ("question_type", "multiple_answers_question" if it.multiple else "multiple_choice_question"),
        ("points_possible", "1.0"), ("original_answer_ids", ",".join(ids))])
    presentation = ET.SubElement(el, "presentation")
    _mattext(presentation, it.stem)
    lid = ET.SubElement(presentation, "response_lid", ident="response1",
                        rcardinality="Multiple" if it.multiple else "Single")
    render = ET.SubElement(lid, "render_choice")
    for i, c in zip(ids, it.choices, strict=True):
        _mattext(ET.SubElement(render, "response_label", ident=i), c.text)
    proc = ET.SubElement(el, "resprocessing")
    ET.SubElement(ET.SubElement(proc, "outcomes"), "decvar", maxvalue="100", minvalue="0",
                  varname="SCORE", vartype="Decimal")
    ET.SubElement(_condition(proc, go_on=True), "other")
    proc[-1].append(ET.Element("displayfeedback", feedbacktype="Response", linkrefid="general_fb"))
    for i in ids:
        ET.SubElement(_condition(proc, go_on=True), "varequal", respident="response1").text = i
        proc[-1].append(ET.Element("displayfeedback", feedbacktype="Response", linkrefid=f"{i}_fb"))
    var = _condition(proc, go_on=False)
    if it.multiple:
        var = ET.SubElement(var, "and")
    for i, c in zip(ids, it.choices, strict=True):
        if c.right:
            ET.SubElement(var, "varequal", respident="response1").text = i
        elif it.multiple:
            ET.SubElement(ET.SubElement(var, "not"), "varequal", respident="response1").text = i
    ET.SubElement(proc[-1], "setvar", action="Set", varname="SCORE").text = "100"
    _feedback(el, "general_fb", it.general)
    for i, c in zip(ids, it.choices, strict=True):
        _feedback(el, f"{i}_fb", c.feedback)


def qti_assessment(qs: Sequence[Question]) -> bytes:
    """The questions as one IMS QTI 1.2 assessment, in the form Canvas imports and exports (see
    the module's notes)."""
    base = ident(qs)
    root = ET.Element("questestinterop", {"xmlns": QTI_NS, "xmlns:xsi": XSI_NS,
                                          "xsi:schemaLocation": f"{QTI_NS} {QTI_XSD}"})
    assessment = ET.SubElement(root, "assessment", ident=base, title=title(qs))
    _meta(assessment, [("cc_maxattempts", "1")])
    section = ET.SubElement(assessment, "section", ident="root_section")
    for it in items(qs):
        _qti_item(section, base, it)
    return _xml(root)


def qti_manifest(qs: Sequence[Question]) -> bytes:
    """The package's ``imsmanifest.xml``: one resource of type ``imsqti_xmlv1p2``, the assessment."""
    base = ident(qs)
    root = ET.Element("manifest", {"identifier": f"{base}_manifest", "xmlns": IMSCP_NS,
                                   "xmlns:xsi": XSI_NS, "xsi:schemaLocation": f"{IMSCP_NS} {IMSCP_XSD}"})
    metadata = ET.SubElement(root, "metadata")
    ET.SubElement(metadata, "schema").text = "IMS Content"
    ET.SubElement(metadata, "schemaversion").text = "1.1.3"
    ET.SubElement(root, "organizations")
    resources = ET.SubElement(root, "resources")
    resource = ET.SubElement(resources, "resource", identifier=base, type="imsqti_xmlv1p2")
    ET.SubElement(resource, "file", href=f"{base}/{base}.xml")
    return _xml(root)


def qti_zip(qs: Sequence[Question]) -> bytes:
    """The Canvas package: a zip holding ``imsmanifest.xml`` and ``ID/ID.xml`` (the assessment),
    every entry dated :data:`ZIP_DATE` with the same permissions, so the same questions give the
    same bytes."""
    base = ident(qs)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, data in (("imsmanifest.xml", qti_manifest(qs)), (f"{base}/{base}.xml", qti_assessment(qs))):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            z.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def export(qs: Sequence[Question], fmt: str) -> bytes:
    """The questions in the format ``fmt`` (one of :data:`FORMATS`), as the bytes of its file."""
    if fmt == "gift":
        return gift(qs).encode("utf-8")
    if fmt == "moodle-xml":
        return moodle_xml(qs)
    if fmt == "qti":
        return qti_zip(qs)
    raise ValueError(f"format {fmt!r}: one of {', '.join(FORMATS)}")


__all__ = ["FORMATS", "SUFFIXES", "Choice", "Item", "export", "gift", "gift_escape", "ident", "item", "items",
           "moodle_xml", "option_feedback", "qti_assessment", "qti_manifest", "qti_zip", "text_html", "title"]

"""Worksheets exported to learning platforms (mtgkit/export.py, ``mtgkit worksheet --format
gift|moodle-xml|qti``), each parsed back by a reader that isn't ours:

- **GIFT**: gift-pegjs (npm, MIT, the parser of the GIFT format used by Moodle tools; version
  pinned below), run by ``node``. The test setup installs it from the npm registry (about 1.5 s)
  into the session's folder, or once into ``$MTGKIT_GIFT_PEGJS`` if that names a folder kept
  between runs (then nothing is fetched again); it skips, saying why, only where ``node`` or
  ``npm`` is absent, and fails if the install does.
- **Moodle XML**: :mod:`xml.etree.ElementTree`, reading every question, answer, fraction and
  feedback, and checking each fraction is one Moodle's grade list offers.
- **Canvas QTI**: no package registry ships the IMS QTI 1.2 schema (ims_qtiasiv1p2p1.xsd), so a
  strict reader checks the structure Canvas imports (as Canvas's own quiz export and text2qti
  write it): the zip's manifest and its ``imsqti_xmlv1p2`` resource, the item's parts in the
  order the QTI 1.2 schema gives them, and the response processing *run* for each choice of
  options: the right one(s) score 100, anything else 0, and each option shows its own feedback.

Round trip: every option, every right answer and every feedback comes back equal to the
question's, and the feedback's words are those the practice widget shows."""

from __future__ import annotations

import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtgkit.__main__ import main
from mtgkit.export import (
    FORMATS,
    QTI_NS,
    SUFFIXES,
    ZIP_DATE,
    Item,
    export,
    gift,
    ident,
    items,
    moodle_xml,
    option_feedback,
    qti_zip,
)
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import Question, worksheet
from mtgkit.practice import grade as practice_grade
from mtgkit.presenting import best_misconception, misconception_feedback, plain
from mtgkit.teaching import split_explanation

ROOT = Path(__file__).resolve().parents[1]
GIFT_PEGJS = "gift-pegjs@1.0.2"
#: The grades Moodle's question editor offers for an answer (question/type/multichoice), in percent.
MOODLE_GRADES = {"100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30",
                 "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0"}
MOODLE_GRADES |= {f"-{g}" for g in MOODLE_GRADES if g != "0"}

#: Worksheets over several topics, levels and seeds (two with several right answers: x-values
#: easy 0 and tapping easy 2; true/false questions; a which-rule question: monarch easy 0), and
#: the capstones.
SHEETS = [("x-values", "easy", 2, 0), ("tapping", "easy", 2, 2), ("monarch", "hard", 2, 3),
          ("could-produce", "hard", 2, 1), ("mixed", "hard", 2, 5), ("tap-untap", "easy", 3, 4),
          ("capstones", "hard", 3, 0), ("monarch", "easy", 2, 0)]

HOSTILE = ["a~b=c#d{e}f:g\\h", "<script>alert('x')</script> & &amp;", "]]> \"quoted\" 'single'",
           "// not a comment $CATEGORY: x", "::title:: [html] {=x ~y}"]


def _hostile(q: Question) -> Question:
    """A real question with special characters in its stem, board, options and notes (two of
    its options right, to use the multi-answer form)."""
    options = tuple(HOSTILE[: len(q.options)]) if len(q.options) <= len(HOSTILE) else q.options
    rename = dict(zip(q.options, options, strict=True))
    wrong = tuple((rename[o], names) for o, names in q.wrong if rename[o] not in options[:2])
    notes = tuple((o, "A note: {x} = y # z ~ w \\ <b>bold</b>") for o in options[2:])
    return q.replace(options=options, answers=options[:2], wrong=wrong, notes=notes,
                     prompt=q.prompt + " {=~#:} <&>\n\nsecond paragraph", board=q.board + " [html] \\")


@pytest.fixture(scope="module")
def sheets() -> list[list[Question]]:
    found = [worksheet(topic, level, n, seed) for topic, level, n, seed in SHEETS]
    hostile = [_hostile(q) for q in found[2]]
    return [*found, hostile]


def all_questions(sheets: list[list[Question]]) -> Iterator[Question]:
    for sheet in sheets:
        yield from sheet


def test_the_sheets_cover_one_and_several_right_answers_and_the_capstones(
        sheets: list[list[Question]]) -> None:
    qs = list(all_questions(sheets))
    assert any(len(q.answers) > 1 for q in sheets[0] + sheets[1]), "a real question with several answers"
    assert any(len(q.answers) == 1 for q in qs)
    assert {q.topic for q in qs} >= {"capstones", "monarch", "x-values"}
    assert {q.kind for q in qs} == {"choice", "true-false", "which-rule"}


# =============================================================================== the words
def _paragraphs(fragment: str) -> list[str]:
    """The paragraphs of an HTML fragment as a reader sees them: tags out, entities decoded."""
    return [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p>(.*?)</p>", fragment, re.S)]


def _lines(text: str) -> list[str]:
    return [plain(line.strip()) for line in text.splitlines() if line.strip()]


def test_each_option_s_feedback_is_the_widget_s_words_for_it(sheets: list[list[Question]]) -> None:
    for q in all_questions(sheets):
        for o in q.options:
            said = option_feedback(q, o)
            if o in q.answers:
                why = split_explanation(q.explanation)
                assert said.startswith(why.reason.text) and "CR " in said, (q.number, o)
                continue
            best = best_misconception(q.misconceptions(o), q.rules)
            for _, note in (n for n in q.notes if n[0] == o):
                assert note in said
            if best is not None:
                assert misconception_feedback(best, q) in said and best in practice_grade(q, o).misconceptions
                found = [CATALOG[n] for n in best.split(" + ")]
                for m in found:  # one alone is described; a pair is named with both rules
                    assert m.title in said and f"CR {m.rule}" in said and m.rule_says in said, (q.number, o)
                    assert m.description in said or len(found) > 1, (q.number, o)
            assert said.strip(), (q.number, o)


def test_the_stem_holds_everything_a_learner_needs(sheets: list[list[Question]]) -> None:
    for q in all_questions(sheets):
        stem = html.unescape(re.sub(r"<[^>]+>", "", items([q])[0].stem))
        stem = " ".join(stem.split())
        for part in [q.board, *q.steps, q.prompt]:
            words = " ".join(plain(part).split())
            assert words.rstrip(".") in stem, (q.number, part)
        assert "\n" not in items([q])[0].stem


# =============================================================================== GIFT
#: Where gift-pegjs is installed: ``$MTGKIT_GIFT_PEGJS`` if set (a folder kept between runs, as a
#: CI cache), else a folder of this test session (the session's throwaway home: see conftest.py).
GIFT_ENV = "MTGKIT_GIFT_PEGJS"


@pytest.fixture(scope="session")
def gift_reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """A node script printing gift-pegjs's parse of a GIFT file as JSON, and the package's folder."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("the GIFT round trip needs node and npm (to install the gift-pegjs parser): not found")
    prefix = Path(os.environ.get(GIFT_ENV) or tmp_path_factory.mktemp("gift-pegjs"))
    package = prefix / "node_modules" / "gift-pegjs"
    if not (package / "package.json").is_file():
        prefix.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save",
                               "--prefix", str(prefix), GIFT_PEGJS],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"npm install {GIFT_PEGJS} failed:\n{done.stderr}"
    assert json.loads((package / "package.json").read_text())["version"] == GIFT_PEGJS.split("@")[1]
    script = tmp_path_factory.mktemp("gift") / "parse.js"
    script.write_text("const {parse} = require(process.argv[2]);\n"
                      "const text = require('fs').readFileSync(process.argv[3], 'utf8');\n"
                      "process.stdout.write(JSON.stringify(parse(text)));\n")
    yield script, package


def parse_gift(reader: tuple[Path, Path], text: str, tmp: Path) -> list[dict[str, object]]:
    script, package = reader
    path = tmp / "sheet-gift.txt"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(["node", str(script), str(package), str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    parsed: list[dict[str, object]] = json.loads(done.stdout)
    return parsed


def check_round_trip(qs: list[Question], got_items: list[Item]) -> None:
    """``got_items`` (read back from a file) hold every option, right answer and feedback of ``qs``."""
    assert len(got_items) == len(qs)
    for q, got, sent in zip(qs, got_items, items(qs), strict=True):
        assert got == sent, q.number
        assert [html.unescape(c.text) for c in got.choices] == list(q.options)
        right = [o for o in q.options if o in q.answers]
        assert [html.unescape(c.text) for c in got.choices if c.right] == right
        assert got.multiple == (len(q.answers) > 1)
        for o, c in zip(q.options, got.choices, strict=True):
            assert _paragraphs(c.feedback) == _lines(option_feedback(q, o)), (q.number, o)
        assert _paragraphs(got.general)[0] == plain(split_explanation(q.explanation).reason.text)


def _gift_items(parsed: list[dict[str, object]]) -> list[Item]:
    from mtgkit.export import Choice

    found = []
    for n, entry in enumerate((p for p in parsed if p["type"] == "MC"), 1):
        e: dict[str, object] = entry
        assert e["stem"]["format"] == "html"  # type: ignore[index]
        choices = []
        multiple = any(c["weight"] is not None for c in e["choices"])  # type: ignore[attr-defined]
        for c in e["choices"]:  # type: ignore[attr-defined]
            if multiple:
                fraction = f"{c['weight']:.5f}".rstrip("0").rstrip(".")
            else:
                fraction = "100" if c["isCorrect"] else "0"
            assert c["text"]["format"] == "html" and c["feedback"]["format"] == "html"
            choices.append(Choice(c["text"]["text"], fraction, c["feedback"]["text"]))
        found.append(Item(n, e["title"], e["stem"]["text"], tuple(choices),  # type: ignore[index]
                          e["globalFeedback"]["text"], multiple))  # type: ignore[index]
    return found


def test_gift_is_read_back_by_gift_pegjs_with_every_option_answer_and_feedback(
        sheets: list[list[Question]], gift_reader: tuple[Path, Path], tmp_path: Path) -> None:
    for qs in sheets:
        parsed = parse_gift(gift_reader, gift(qs), tmp_path)
        assert parsed[0]["type"] == "Category"
        check_round_trip(qs, _gift_items(parsed))


def test_gift_escapes_every_special_character() -> None:
    from mtgkit.export import gift_escape

    assert gift_escape("~=#{}:\\") == "\\~\\=\\#\\{\\}\\:\\\\"
    assert gift_escape("a\n\nb") == "a b"  # a blank line would end the question


# =============================================================================== Moodle XML
def _moodle_items(data: bytes) -> list[Item]:
    from mtgkit.export import Choice

    root = ET.fromstring(data)
    assert root.tag == "quiz"
    questions = root.findall("question")
    assert questions[0].get("type") == "category"
    found = []
    for n, el in enumerate(questions[1:], 1):
        assert el.get("type") == "multichoice"
        assert el.findtext("shuffleanswers") == "0", "the letters match the printed sheet"
        single = el.findtext("single")
        assert single in ("true", "false")
        for tag in ("questiontext", "generalfeedback"):
            assert el.find(tag).get("format") == "html"  # type: ignore[union-attr]
        choices = []
        for a in el.findall("answer"):
            fraction = a.get("fraction", "")
            assert fraction in MOODLE_GRADES, fraction
            assert a.get("format") == "html" and a.find("feedback").get("format") == "html"  # type: ignore[union-attr]
            choices.append(Choice(a.findtext("text", ""), fraction, a.findtext("feedback/text", "")))
        right = [float(c.fraction) for c in choices if c.right]
        assert abs(sum(right) - 100) < 0.001 and len(set(right)) == 1
        found.append(Item(n, el.findtext("name/text", ""), el.findtext("questiontext/text", ""),
                          tuple(choices), el.findtext("generalfeedback/text", ""), single == "false"))
    return found


def test_moodle_xml_is_read_back_with_every_question_answer_fraction_and_feedback(
        sheets: list[list[Question]]) -> None:
    for qs in sheets:
        check_round_trip(qs, _moodle_items(moodle_xml(qs)))


# =============================================================================== Canvas QTI
def _q(tag: str) -> str:
    return f"{{{QTI_NS}}}{tag}"


#: The parts of a QTI 1.2 ``item``, in the order the schema allows them (those this export writes).
ITEM_ORDER = ["itemmetadata", "presentation", "resprocessing", "itemfeedback"]
CANVAS_TYPES = {"multiple_choice_question", "multiple_answers_question"}


def _holds(cond: ET.Element, chosen: set[str]) -> bool:
    """QTI 1.2 ``conditionvar`` semantics: its tests all hold (``and``), ``not``, ``varequal``, ``other``."""
    results = []
    for test in cond:
        tag = test.tag.removeprefix(f"{{{QTI_NS}}}")
        if tag == "varequal":
            assert test.get("respident") == "response1"
            results.append((test.text or "") in chosen)
        elif tag == "and":
            results.append(_holds(test, chosen))
        elif tag == "not":
            assert len(test) == 1
            results.append(not _holds(test, chosen))
        elif tag == "other":
            results.append(True)
        else:
            raise AssertionError(f"a test Canvas doesn't read: {tag}")
    return all(results)


def _process(proc: ET.Element, chosen: set[str]) -> tuple[float, list[str]]:
    """Run an item's response processing for the options ``chosen``: the score, the feedback shown."""
    outcomes = proc.find(_q("outcomes"))
    assert outcomes is not None
    decvar = outcomes.find(_q("decvar"))
    assert decvar is not None and decvar.get("varname") == "SCORE" and decvar.get("maxvalue") == "100"
    score, shown = 0.0, []
    for cond in proc.findall(_q("respcondition")):
        var = cond.find(_q("conditionvar"))
        assert var is not None and cond.get("continue") in ("Yes", "No")
        if not _holds(var, chosen):
            continue
        for setvar in cond.findall(_q("setvar")):
            assert setvar.get("action") == "Set" and setvar.get("varname") == "SCORE"
            score = float(setvar.text or "")
        shown += [d.get("linkrefid", "") for d in cond.findall(_q("displayfeedback"))]
        if cond.get("continue") == "No":
            break
    return score, shown


def _qti_items(data: bytes, name: str) -> list[Item]:
    from mtgkit.export import Choice

    z = zipfile.ZipFile(io.BytesIO(data))
    manifest = ET.fromstring(z.read("imsmanifest.xml"))
    ns = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"
    assert manifest.tag == f"{ns}manifest"
    resources = manifest.findall(f"{ns}resources/{ns}resource")
    assert [r.get("type") for r in resources] == ["imsqti_xmlv1p2"]
    href = resources[0].find(f"{ns}file").get("href")  # type: ignore[union-attr]
    assert sorted(z.namelist()) == sorted(["imsmanifest.xml", href]) and href == f"{name}/{name}.xml"
    root = ET.fromstring(z.read(href))
    assert root.tag == _q("questestinterop")
    assessment = root.find(_q("assessment"))
    assert assessment is not None and assessment.get("ident") == name
    found = []
    for n, el in enumerate(assessment.iterfind(f"{_q('section')}/{_q('item')}"), 1):
        tags = [c.tag.removeprefix(f"{{{QTI_NS}}}") for c in el]
        assert tags == sorted(tags, key=ITEM_ORDER.index), tags
        meta = {f.findtext(_q("fieldlabel")): f.findtext(_q("fieldentry"))
                for f in el.iterfind(f"{_q('itemmetadata')}/{_q('qtimetadata')}/{_q('qtimetadatafield')}")}
        assert meta["question_type"] in CANVAS_TYPES and float(meta["points_possible"] or "") > 0
        presentation = el.find(_q("presentation"))
        assert presentation is not None
        stem = presentation.find(f"{_q('material')}/{_q('mattext')}")
        assert stem is not None and stem.get("texttype") == "text/html"
        lid = presentation.find(_q("response_lid"))
        assert lid is not None and lid.get("ident") == "response1"
        multiple = lid.get("rcardinality") == "Multiple"
        assert multiple == (meta["question_type"] == "multiple_answers_question")
        labels = lid.findall(f"{_q('render_choice')}/{_q('response_label')}")
        ids = [lab.get("ident", "") for lab in labels]
        assert len(set(ids)) == len(ids) and meta["original_answer_ids"] == ",".join(ids)
        feedback = {f.get("ident"): f.findtext(f"{_q('flow_mat')}/{_q('material')}/{_q('mattext')}", "")
                    for f in el.findall(_q("itemfeedback"))}
        proc = el.find(_q("resprocessing"))
        assert proc is not None
        scoring = [c for c in proc.findall(_q("respcondition")) if c.find(_q("setvar")) is not None]
        assert len(scoring) == 1
        negated = {v.text for n_ in scoring[0].iter(_q("not")) for v in n_.iter(_q("varequal"))}
        right = {v.text or "" for v in scoring[0].iter(_q("varequal"))} - negated
        assert right <= set(ids) and (negated == set(ids) - right if multiple else not negated)
        score, shown = _process(proc, right)
        assert score == 100, "choosing the right option(s) scores full marks"
        assert len(right) == 1 or multiple
        if multiple:
            assert _process(proc, set(ids))[0] == 0 or len(right) == len(ids)
        assert _process(proc, set())[0] == 0
        for i in set(ids) - right:
            assert _process(proc, right | {i} if multiple else {i})[0] == 0, "a wrong option scores nothing"
        choices = []
        for i, lab in zip(ids, labels, strict=True):
            text = lab.find(f"{_q('material')}/{_q('mattext')}")
            assert text is not None and text.get("texttype") == "text/html"
            shown_for = _process(proc, {i})[1]
            assert shown_for == ["general_fb", f"{i}_fb"], shown_for
            fraction = ("100" if not multiple else f"{100 / len(right):.5f}".rstrip("0").rstrip(".")) \
                if i in right else ("-100" if multiple else "0")
            choices.append(Choice(text.text or "", fraction, feedback[f"{i}_fb"]))
        found.append(Item(n, el.get("title", ""), stem.text or "", tuple(choices), feedback["general_fb"],
                          multiple))
    return found


def test_the_canvas_qti_zip_is_read_back_with_every_option_answer_and_feedback(
        sheets: list[list[Question]]) -> None:
    for qs in sheets:
        check_round_trip(qs, _qti_items(qti_zip(qs), ident(qs)))


def test_the_zip_entries_carry_no_timestamp(sheets: list[list[Question]]) -> None:
    for info in zipfile.ZipFile(io.BytesIO(qti_zip(sheets[0]))).infolist():
        assert info.date_time == ZIP_DATE and info.external_attr == 0o644 << 16


# =============================================================================== bytes, command line
def test_the_same_questions_give_the_same_bytes(sheets: list[list[Question]]) -> None:
    again = worksheet("monarch", "hard", 2, 3)
    for fmt in FORMATS:
        assert export(again, fmt) == export(sheets[2], fmt), fmt


def test_another_process_writes_the_same_bytes(tmp_path: Path) -> None:
    """As on another machine: a separate process with another hash seed."""
    argv = ["worksheet", "--topic", "capstones", "--n", "2", "--seed", "4", "--format", "qti"]
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    done = subprocess.run([sys.executable, "-m", "mtgkit", *argv, "--out", str(tmp_path / "a")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "12345"})
    assert done.returncode == 0, done.stderr
    assert main([*argv, "--out", str(tmp_path / "b")]) == 0
    name = "worksheet-capstones-seed4-canvas-qti.zip"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_an_unknown_format_is_refused(sheets: list[list[Question]]) -> None:
    with pytest.raises(ValueError, match="format 'pdf': one of gift, moodle-xml, qti"):
        export(sheets[0], "pdf")


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_command_line_writes_each_format_into_the_folder_named(fmt: str, tmp_path: Path,
                                                                   sheets: list[list[Question]]) -> None:
    argv = ["worksheet", "--topic", "monarch", "--level", "hard", "--n", "2", "--seed", "3", "--format", fmt]
    for where in ("a", "b"):
        assert main([*argv, "--out", str(tmp_path / where)]) == 0
    name = f"worksheet-monarch-hard-seed3{SUFFIXES[fmt]}"
    assert [p.name for p in (tmp_path / "a").iterdir()] == [name]
    data = (tmp_path / "a" / name).read_bytes()
    assert data == (tmp_path / "b" / name).read_bytes() == export(sheets[2], fmt)


def test_the_command_line_never_writes_through_a_link(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside.txt"
    out.mkdir()
    outside.write_text("keep")
    (out / "worksheet-monarch-hard-seed3-gift.txt").symlink_to(outside)
    argv = ["worksheet", "--topic", "monarch", "--level", "hard", "--n", "1", "--seed", "3",
            "--format", "gift"]
    assert main([*argv, "--out", str(out)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert outside.read_text() == "keep"


def test_the_help_names_every_format() -> None:
    from mtgkit.__main__ import _parser

    sub = next(a for a in _parser()._actions if a.dest == "command" or getattr(a, "choices", None)
               and "worksheet" in (a.choices or {}))
    ws = sub.choices["worksheet"]  # type: ignore[index]
    fmt = next(a for a in ws._actions if a.dest == "format")
    assert set(FORMATS) <= set(fmt.choices)
    for f in FORMATS:
        assert f"{f} (" in fmt.help and SUFFIXES[f].lstrip("-") in fmt.help.replace("NAME-", "")


# =============================================================================== the guide
GUIDE = (ROOT / "docs" / "teacher-guide.md").read_text(encoding="utf-8")


def test_the_guide_s_section_on_moodle_and_canvas_holds(tmp_path: Path) -> None:
    """The teacher guide's "Send a worksheet to Moodle or Canvas": each command it gives runs and
    writes the file it names, and each format it names is one the kit writes."""
    after = GUIDE.split("### Send a worksheet to Moodle or Canvas", 1)[1]
    section = re.split(r"\n##+ ", after, maxsplit=1)[0]
    commands = re.findall(r"`mtgkit (worksheet [^`]+)`", section)
    named = set(re.findall(r"`(worksheet-[\w-]+?(?:-gift\.txt|-moodle\.xml|-canvas-qti\.zip))`", section))
    assert {c.split("--format ")[1].split()[0] for c in commands} == set(FORMATS)
    written = set()
    for command in commands:
        assert main([*command.split(), "--out", str(tmp_path)]) == 0, command
    written = {p.name for p in tmp_path.iterdir()}
    assert named and named == written, (named, written)
    for fmt in FORMATS:
        assert f"`{fmt}`" in section

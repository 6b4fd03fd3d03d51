"""Every notebook, run in JupyterLab in headless Chromium, and answered through its widgets.

Per notebook: Run All shows no error and renders every widget; then every exercise, quick
question and explorer gets a right and a wrong answer through the UI and must say so (✓ with
the reason's rule, ✗, and "N/M correct" matching what was entered); the stepper of 00 steps to
the engine's events; the practice widget of 08 is answered right and wrong over six topic and
level switches, with its score and its CSV export. Right answers never come from the widgets'
own graders: see ``expected.py``. Each click's time to the updated page is written to
``build/browser-latency.json`` (``benchmarks/run.py`` reports it).

Also per notebook (issue 22): before it runs, every widget cell says what its widget is and to
run the cell; after it was answered, at a projector's 1280x720 every plot is shown whole with
labels of 14 pixels or more and a text alternative, and axe-core finds no violation in what the
kit shows (JupyterLab's own are written to ``build/axe-report.json``, not failed).
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import platform
import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from mtgkit.course import NOTEBOOKS
from mtgkit.plot import DPI, FONT_SIZE
from mtgkit.practice import questions

from . import expected as E
from .access import axe_violations, explorer_and_exercise_by_keyboard, plot_sizes, practice_by_keyboard
from .conftest import ROOT, SHOTS
from .driver import (
    Notebook,
    answer_radio,
    click_check,
    close,
    exactly,
    feedback_of,
    lines_marked,
    open_notebook,
    run_and_check,
    shut_down,
    toggle,
    type_text,
)

pytestmark = pytest.mark.browser
LATENCY = ROOT / "build" / "browser-latency.json"
AXE_REPORT = ROOT / "build" / "axe-report.json"
#: A projector's screen: JupyterLab at this size, its file browser open, shows each plot.
PROJECTED = {"width": 1280, "height": 720}
VERDICT = ("✓ You predicted right.", "✗ Not quite.")


# ----------------------------------------------------------------------------- session
@pytest.fixture(scope="module")
def axe_report() -> Iterator[dict[str, Any]]:
    """axe-core's findings per notebook, written to build/axe-report.json at the end."""
    report: dict[str, Any] = {}
    yield report
    if report:
        AXE_REPORT.parent.mkdir(parents=True, exist_ok=True)
        AXE_REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False))


@pytest.fixture(scope="module")
def latency() -> Iterator[list[dict[str, Any]]]:
    """Every timed click of the run, written to build/browser-latency.json at the end."""
    samples: list[dict[str, Any]] = []
    yield samples
    if samples:
        LATENCY.parent.mkdir(parents=True, exist_ok=True)
        LATENCY.write_text(json.dumps({
            "measured": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} "
                       f"{platform.release()}, Python {platform.python_version()}",
            "how": "time from the input event to the first DOM mutation that changes the "
                   "feedback's text, in the page (MutationObserver, performance.now())",
            "notebooks": sorted({s["notebook"] for s in samples}),
            "samples": samples}, indent=1))


# ----------------------------------------------------------------------------- exercises
def answer_exercise(nb: Notebook, ex: E.ExerciseAnswers) -> None:
    """Two rounds: the even questions right and the odd ones wrong, then the other way round;
    each time the count and every question's ✓ / ✗ line must match what was entered."""
    name = f"Exercise (cell {ex.cell})"
    w = nb.widget(ex.cell)
    boxes = w.locator(":scope > .mtgkit-options, :scope > .widget-text")
    expect(boxes).to_have_count(len(ex.keys))
    for i, key in enumerate(ex.keys):  # the label above each box names its question
        label = feedback_of(boxes.nth(i).locator("xpath=preceding-sibling::*[1]"))
        # a practice question is shown whole above its options: board, steps, cards, "Question N."
        assert label == key or label.startswith(f"{key}: ") or f"Question {key}." in label, \
            (nb.stem, ex.cell, key, label)
    feedback = w.locator(":scope > .widget-html").last
    check = w.locator(":scope > .widget-button", has_text=exactly("Check"))
    assert feedback_of(feedback) == "Answer the questions, then press Check."
    for parity in (0, 1):
        right = [i % 2 == parity for i in range(len(ex.keys))]
        for i, ok in enumerate(right):
            answer = (ex.right if ok else ex.wrong)[i]
            box = boxes.nth(i)
            do: Callable[[], None] = ((lambda b=box, a=answer: answer_radio(b, a)) if ex.choice
                                      else (lambda b=box, a=answer: type_text(b.locator("input"), a)))
            nb.change(feedback, name, "answer (hides the feedback)", do)
        shown = click_check(nb, check, feedback, name)
        assert shown.splitlines()[0] == f"{sum(right)}/{len(ex.keys)} correct", (nb.stem, ex, shown)
        voice = "You chose" if ex.choice else "You wrote"
        marks = [f"{'✓' if ok else '✗'} {key}: {voice} " for ok, key in zip(right, ex.keys, strict=True)]
        got = lines_marked(shown)
        assert len(got) == len(marks) and all(g.startswith(m) for g, m in zip(got, marks, strict=True)), \
            (nb.stem, ex.cell, marks, got)
        assert "Why:" in shown, (nb.stem, ex.cell, shown)  # each verdict's reason, with its rule
        events_folded(nb, feedback, name)


def events_folded(nb: Notebook, feedback: Locator, name: str) -> None:
    """Issue 22, item 6: the engine's events are folded away under the reason (an HTML
    <details>): not shown until the learner opens them, then there."""
    details = feedback.locator("details")
    if details.count() == 0:
        return
    assert not re.search(r"event \d+:", feedback_of(feedback)), feedback_of(feedback)
    first = details.first
    summary = feedback_of(first.locator("summary"))
    assert summary in ("What the engine did", "How the engine worked it out"), summary
    first.locator("summary").click()
    expect(first).to_contain_text(re.compile(r"event \d+:|it would make"))


# ----------------------------------------------------------------------------- quick questions
def answer_quiz(nb: Notebook, row: E.QuizAnswer) -> None:
    """The wrong option, then the right one: ✗, then ✓ with the reason's rule."""
    cell = E.cell_index(nb.stem, row.cell)
    name = f"Quiz (cell {cell})"
    w = nb.widget(cell)
    options = w.locator(".mtgkit-options")
    feedback = w.locator(":scope > .widget-html").last
    check = w.locator(":scope > .widget-button", has_text=exactly("Check"))
    assert feedback_of(feedback) == "Make a prediction, then press Check."
    answer_radio(options, row.wrong)
    shown = click_check(nb, check, feedback, name)
    assert shown.startswith(row.starts(False)) and "Why:" in shown, (nb.stem, row, shown)
    events_folded(nb, feedback, name)
    nb.change(feedback, name, "answer (hides the feedback)", lambda: answer_radio(options, row.right))
    assert feedback_of(feedback) == "Make a prediction, then press Check."
    shown = click_check(nb, check, feedback, name)
    assert shown.startswith(row.starts(True)), (nb.stem, row, shown)
    assert row.rule in shown, (nb.stem, row, shown)  # in the reason itself, not in the folded events


# ----------------------------------------------------------------------------- explorers
def add_card(nb: Notebook, w: Locator, who: int, card: str, name: str) -> None:
    """Type a card into Alice's (0) or Bob's (1) battlefield and press Enter."""
    box = w.locator(".jupyter-widget-tagsinput").nth(who)
    box.click()  # its text box shows when the box has the focus
    box.locator("input.jupyter-widget-taginput").fill(card)
    box.locator("input.jupyter-widget-taginput").press("Enter")  # issue 22: Enter adds the card
    expect(box.locator(".jupyter-widget-tag", has_text=exactly(card))).to_have_count(1)


def order_picker(nb: Notebook, w: Locator, order: tuple[str, ...], result: Locator, name: str) -> None:
    """Put the replacement effects in ``order`` with the picker's ▲ button (first applied on top)."""
    picker = w.locator(".widget-select select")
    for target, item in enumerate(order):
        shown = [re.sub(r"^\d+\. ", "", o.replace("\xa0", " "))  # ipywidgets writes no-break spaces
                 for o in picker.locator("option").all_inner_texts()]
        at = shown.index(item)
        if at == target:
            continue
        picker.select_option(index=at)
        for _ in range(at - target):
            nb.change(result, name, "reorder", w.get_by_role("button", name="▲ move up").click)
            at -= 1
            expect(picker.locator("option").nth(at)).to_have_text(f"{at + 1}. {item}")  # spaces normalised
    expect(picker.locator("option")).to_have_text([f"{n}. {x}" for n, x in enumerate(order, 1)])


def set_slider(w: Locator, label: str, value: int, result: Locator, nb: Notebook, name: str) -> None:
    """Move the slider labelled ``label`` to ``value`` with the arrow keys."""
    slider = w.locator(".widget-slider").filter(has=w.page.locator("label", has_text=exactly(label)))
    readout = slider.locator(".widget-readout")
    while int(feedback_of(readout)) != value:
        key = "ArrowLeft" if int(feedback_of(readout)) > value else "ArrowRight"
        before = feedback_of(readout)
        slider.locator(".noUi-handle").focus()
        nb.change(result, name, "situation", lambda k=key: slider.locator(".noUi-handle").press(k))
        expect(readout).not_to_have_text(before)


def situation(nb: Notebook, e: E.Explore, w: Locator, result: Locator, name: str) -> None:
    """Set up the explorer as ``e.setup`` says, through its controls."""
    def act(do: Callable[[], object]) -> None:
        nb.change(result, name, "situation", do)

    s = e.setup
    if "permanent" in s:
        act(lambda: w.locator(".widget-dropdown select").select_option(label=s["permanent"]))
    if "arrived" in s:
        act(lambda: toggle(w, "arrived", s["arrived"]))
    if "Mass Hysteria" in s:
        hysteria = w.get_by_role("checkbox", name=re.compile("Mass Hysteria"))
        act(lambda: hysteria.set_checked(s["Mass Hysteria"]))
    if "can Alice" in s:
        act(lambda: toggle(w, "can Alice", s["can Alice"]))
    if "add Alice" in s:
        act(lambda: add_card(nb, w, 0, s["add Alice"], name))
    if "add Bob" in s:
        act(lambda: add_card(nb, w, 1, s["add Bob"], name))
    if "order" in s:
        order_picker(nb, w, tuple(s["order"]), result, name)
    if "choose" in s:
        offers = nb.page.locator("option", has_text=exactly(s["choose"]))
        choice = w.locator(".widget-dropdown").filter(has=offers)
        act(lambda: choice.locator("select").select_option(label=s["choose"]))
    if "protectors" in s:
        set_slider(w, "Bob's Protectors", s["protectors"], result, nb, name)


def predict(nb: Notebook, e: E.Explore, w: Locator, prediction: tuple[str, ...]) -> None:
    """Enter a prediction in the explorer's own controls."""
    if e.kind == "activation":
        toggle(w, "predict", prediction[0])
    elif e.kind == "tap":
        type_text(w.get_by_label("Alice's pool will be"), prediction[0])
    elif e.kind == "could":
        wanted = set(re.findall(r"\{.\}", prediction[0])) or {"nothing"}
        boxes = w.get_by_role("checkbox")
        ticked = boxes.evaluate_all("bs => bs.map(b => [b.parentElement.innerText.trim(), b.checked])")
        for i, (label, on) in enumerate(ticked):  # "{G} green", ..., "nothing"
            if (label.split()[0] in wanted) != on:
                boxes.nth(i).set_checked(not on)
    elif e.kind == "x":
        counters, tokens, where = prediction
        it = "the copy" if e.setup["path"] == "copied by Clone" else "it"  # a column says what it asks about
        type_text(w.get_by_label(f"counters on {it} at the end"), counters)
        type_text(w.get_by_label(f"tokens {it} creates"), tokens)
        toggle(w, f"at the end {it} is", where)
    else:
        monarch, life = prediction
        toggle(w, "the monarch after combat", monarch)
        type_text(w.get_by_label("Bob's life after combat"), life)


def explore(nb: Notebook, e: E.Explore) -> None:
    """Set the situation, predict wrong (✗), then right (✓ with the reason's rule)."""
    cell = E.cell_index(nb.stem, e.cell)
    w = nb.widget(cell)
    name = f"{e.cell.split('(')[0]} (cell {cell})"
    if e.kind == "x":  # one column per way onto the battlefield
        # the path's own panel: the box whose first child (its heading) names the path
        w = w.locator(".widget-vbox").filter(
            has=nb.page.locator(":scope > .widget-html:first-child h3", has_text=exactly(e.setup["path"])))
        name += f": {e.setup['path']}"
    check = w.locator(".widget-button.mod-primary")
    result = check.locator("xpath=following-sibling::div[1]")
    situation(nb, e, w, result, name)
    for prediction, mark in ((e.wrong, VERDICT[1]), (e.right, VERDICT[0])):
        nb.change(result, name, "answer (hides the result)", lambda p=prediction: predict(nb, e, w, p))
        expect(result).to_contain_text("Predict, then press")
        shown = click_check(nb, check, result, name)
        assert shown.startswith(mark), (nb.stem, e, prediction, shown[:400])
    # the reason: in the verdict, or for could-produce below the table of every permanent
    reason = check.locator(f"xpath=following-sibling::div[{3 if e.kind == 'could' else 1}]")
    expect(reason).to_contain_text(e.rule)
    if e.kind == "x" and e.setup["path"] == "copied by Clone":  # which Goose Mother Alice keeps (704.5j)
        expect(result).to_contain_text(re.compile(r"keeps the (original|copy) \(The Goose Mother #\d+\)"))
    if e.kind == "activation":
        board_says_what_it_shows(nb, w, e)


def board_says_what_it_shows(nb: Notebook, w: Locator, e: E.Explore) -> None:
    """Issue 22, item 8: after *Check*, the {T}/{Q} explorer shows the permanent the question is
    about (and, for an ability, where Alice's mana came from); the whole board is folded away
    with the words that say why the three tapped Plains, the Grizzly Bears and the libraries are
    there."""
    board = w.locator(":scope > .widget-html").last
    card = e.setup.get("permanent", "Llanowar Elves")
    expect(board).to_contain_text(f"{card} afterwards")
    shown = feedback_of(board)
    assert "Plains" not in shown and "library" not in shown, shown  # the rest waits in the fold
    if e.setup.get("can Alice", "activate its ability") == "activate its ability":
        assert "Alice's mana pool: " in shown and "{W}{W}{W} was there before the question" in shown, shown
    whole = board.locator("details")
    expect(whole.locator("summary")).to_have_text("The board afterwards, all of it")
    whole.locator("summary").click()
    expect(whole).to_contain_text("starts")
    expect(whole).to_contain_text("library 5")


def card_box_says_did_you_mean(nb: Notebook) -> None:
    """Issue 22, item 8: a card box of the mana explorers reads a name in any case, and answers a
    near miss with "did you mean ...?" (it used to drop both without a word)."""
    cell = E.cell_index(nb.stem, "TapExplorer(")
    w = nb.widget(cell)
    name = f"TapExplorer (cell {cell})"
    box = w.locator(".jupyter-widget-tagsinput").nth(1)  # Bob's battlefield
    said = w.locator(":scope > .widget-html").nth(2)  # under the boxes
    typing = box.locator("input.jupyter-widget-taginput")
    box.click()
    typing.fill("forrest")
    nb.timed(said, name, "add a card", lambda: typing.press("Enter"))
    expect(said).to_contain_text("No card called “forrest” here: did you mean Forest?")
    expect(box.locator(".jupyter-widget-tag", has_text="forrest")).to_have_count(0)
    box.click()
    typing.fill("underground sea")
    typing.press("Enter")
    expect(box.locator(".jupyter-widget-tag", has_text=exactly("Underground Sea"))).not_to_have_count(0)


# ----------------------------------------------------------------------------- stepper, practice
def step_through(nb: Notebook) -> None:
    """00's stepper: back, then next twice; each time the line is the engine's event."""
    cell = E.cell_index(nb.stem, "TimelineStepper(")
    ns, _ = E.run_cells(nb.stem, cell - 1)
    events, start = ns["duel"].events, ns["start"] - 1  # the cell shows events[start]
    w = nb.widget(cell)
    line = w.locator(":scope > .widget-html").first
    name = f"TimelineStepper (cell {cell})"
    for label, at in (("◀ back", start - 1), ("next ▶", start), ("next ▶", start + 1)):
        action = "step back" if "back" in label else "step next"
        shown = click_check(nb, w.get_by_role("button", name=label), line, name, action, shows=False)
        e = events[at]
        assert shown.startswith(f"#{e.seq} {e.kind} {e.text}"), (shown, e)
        assert all(rule in shown for rule in e.rules), (shown, e.rules)


def practise(nb: Notebook) -> None:
    """The practice widget over E.PRACTICE: each question is the package's for that topic,
    level and seed, with its own options; right and wrong answers, the score, the CSV export."""
    cell = E.cell_index(nb.stem, "PracticeWidget(")
    w = nb.widget(cell)
    name = f"PracticeWidget (cell {cell})"
    prompt, feedback, score, export = (w.locator(":scope > .widget-html").nth(i) for i in range(4))
    board = prompt  # the question is shown whole: board, steps, cards, then "Question N."
    check = w.get_by_role("button", name="Check", exact=True)
    topic, level, number = "x-values", "hard", 0
    right = answered = rows = 0
    checked: list[tuple[str, str, str]] = []
    for step in E.PRACTICE:
        if step.topic != topic:
            nb.timed(w, name, "switch topic", lambda t=step.topic: w.locator(".widget-dropdown select")
                     .select_option(label=t))
            topic, number, right, answered = step.topic, 0, 0, 0
            expect(prompt).to_contain_text("Question 1.")  # a new stream starts
        if step.level != level:
            nb.timed(w, name, "switch level", lambda lv=step.level: toggle(w, "level", lv))
            level, number, right, answered = step.level, 0, 0, 0
        for _ in range(step.next):
            nb.timed(prompt, name, "next question", w.get_by_role("button", name="Next question").click)
            number += 1
        q = next(x for i, x in enumerate(questions(topic, level, E.PRACTICE_SEED)) if i == number)
        expect(prompt).to_contain_text(f"Question {q.number}.")
        expect(prompt).to_contain_text(re.sub(r"\s+", " ", q.prompt).split("(CR")[0].strip())
        assert feedback_of(board).startswith("Board:"), feedback_of(board)
        radios = w.locator(".mtgkit-options")
        expect(radios.locator(".mtgkit-option")).to_have_text(list(q.options))  # its own, not stale ones
        expect(score).to_have_text(f"Score: {right} / {answered}")
        first = True
        for verdict in step.answers:
            option = q.answers[0] if verdict == "right" else next(o for o in q.options if o not in q.answers)
            answer_radio(radios, option)
            shown = click_check(nb, check, feedback, name, shows=False)  # a new pick hides nothing
            rows += 1
            checked.append((q.topic, option, "yes" if verdict == "right" else "no"))
            if first:
                answered += 1
                right += verdict == "right"
                first = False
            shown = " ".join(shown.split())  # the mark and the message are on separate lines
            if verdict == "right":
                assert shown.startswith(f"✓ You chose {option.removesuffix('.')}: right"), (q, shown[:300])
            else:
                assert shown.startswith("✗"), (q, shown[:300])
            expect(score).to_have_text(f"Score: {right} / {answered}")
    type_text(w.get_by_label("name", exact=True), "Ada Lovelace")
    shown = click_check(nb, w.get_by_role("button", name="Export score (CSV)"), export, name, "export",
                        shows=False)
    plural = "answer" if rows == 1 else "answers"
    assert shown == f"Download Ada-Lovelace-score.csv ({rows} {plural}; score {right} / {answered})", shown
    href = export.locator("a").get_attribute("href") or ""
    table = list(csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode())))
    assert [(r["topic"], r["answer"], r["correct"]) for r in table] == checked
    assert {r["student"] for r in table} == {"Ada Lovelace"}


# ----------------------------------------------------------------------------- reading and seeing
def before_running(nb: Notebook) -> None:
    """The notebook as it opens, before its cells run: each widget cell says what its widget is
    and to run the cell (issue 22, item 4), not ``TimelineStepper(children=...``; 00 says to run
    the cells to see the widgets."""
    for i in E.widget_cells(nb.stem):
        shown = [t.strip() for t in nb.cell(i).locator(".jp-OutputArea-output").all_inner_texts()]
        # its first line; a practice exercise's questions follow it (issue 28: readable unrun)
        says = [t for t in shown if re.fullmatch(r"[A-Z][^\n]*: run this cell to use it\.(\n\n.*)?", t, re.S)]
        assert says, (nb.stem, i, shown)
        assert not any("children=" in t for t in shown)
    if nb.stem == "00-start-here":
        hint = nb.panel.locator(".jp-MarkdownOutput", has_text="Run the cells to see the widgets")
        expect(hint).to_have_count(1)


def readable_plots(nb: Notebook) -> None:
    """At a projector's 1280x720, file browser open: every timeline plot is shown whole (no
    wider than its output area), its labels at least 14 pixels tall on screen (their size in
    the PNG times the image's scale), and it has a text alternative naming what it shows."""
    page = nb.page
    before = page.viewport_size
    page.set_viewport_size(PROJECTED)
    try:
        page.wait_for_timeout(300)  # JupyterLab lays the panels out again
        plots = plot_sizes(nb.panel)
        if nb.stem not in ("00-start-here", "08-practice") or plots:
            assert plots, f"{nb.stem}: no plot"
        for p in plots:
            scale = p["shown"] / p["natural"]
            label_px = FONT_SIZE * DPI / 72 * scale
            assert p["shown"] <= p["area"] + 0.5, (nb.stem, p)  # nothing cut off at the right
            assert label_px >= 14, (nb.stem, round(label_px, 1), p)
            assert (p["alt"] or "").startswith("Timeline plot, "), (nb.stem, p["alt"])
            print(f"{nb.stem}: plot {p['natural']} px wide shown at {p['shown']:.0f} px in an "
                  f"output area of {p['area']:.0f} px: labels {label_px:.1f} px")
    finally:
        if before:
            page.set_viewport_size(before)


def accessible(nb: Notebook, report: dict[str, Any]) -> None:
    """axe-core over the page after the notebook ran and was answered: no violation in what the
    kit shows (outputs, widgets, rendered markdown); JupyterLab's own are listed in
    build/axe-report.json and printed, not failed."""
    kit, lab = axe_violations(nb.page)
    report[nb.stem] = {"kit": kit, "jupyterlab": lab}
    lab_ids = ", ".join(f"{v['id']} ({len(v['nodes'])})" for v in lab) or "none"
    print(f"{nb.stem}: axe: {sum(len(v['nodes']) for v in kit)} kit violations; JupyterLab's own: {lab_ids}")
    assert not kit, json.dumps(kit, indent=1, ensure_ascii=False)[:3000]


# ----------------------------------------------------------------------------- the test
def interact(nb: Notebook) -> None:
    if nb.stem == "00-start-here":
        step_through(nb)
    for e in E.EXPLORERS[nb.stem]:
        explore(nb, e)
    if nb.stem == "02-undefined-mana":
        card_box_says_did_you_mean(nb)
    for row in E.QUIZZES[nb.stem]:
        answer_quiz(nb, row)
    for ex in E.exercises(nb.stem):
        answer_exercise(nb, ex)
    if nb.stem == "08-practice":
        practise(nb)
    # by keyboard alone (issue 22): the same widgets again, after the mouse
    if nb.stem == "00-start-here":
        explorer_and_exercise_by_keyboard(nb)
    if nb.stem == "08-practice":
        practice_by_keyboard(nb)


def test_every_notebook_is_covered() -> None:
    assert sorted(E.QUIZZES) == sorted(E.EXPLORERS) == sorted(stem for stem, _ in NOTEBOOKS)


@pytest.mark.parametrize("stem", [stem for stem, _ in NOTEBOOKS])
def test_notebook_answers_in_jupyterlab(stem: str, lab: tuple[str, str], lab_page: Page,
                                        latency: list[dict[str, Any]], axe_report: dict[str, Any]) -> None:
    base, token = lab
    nb = Notebook(lab_page, stem, latency)
    started = time.perf_counter()
    ran = answered = measured = started
    try:
        open_notebook(nb)
        before_running(nb)
        run_and_check(nb)
        ran = time.perf_counter()
        interact(nb)
        answered = time.perf_counter()
        readable_plots(nb)
        measured = time.perf_counter()
        accessible(nb, axe_report)
        SHOTS.mkdir(parents=True, exist_ok=True)
        nb.page.screenshot(path=str(SHOTS / f"{stem}.png"))
        close(nb)
    except BaseException:
        SHOTS.mkdir(parents=True, exist_ok=True)
        nb.page.screenshot(path=str(SHOTS / f"FAILED-{stem}.png"))  # for whoever reads the CI log
        raise
    finally:
        shut_down(base, token, stem)  # a tab left open by a failure stays hidden behind the next
        clicks = sum(s["notebook"] == stem for s in latency)
        print(f"{stem}: opened and ran in {ran - started:.1f} s, answered in "
              f"{answered - ran:.1f} s ({clicks} timed clicks), plots measured in "
              f"{measured - answered:.1f} s, axe in {time.perf_counter() - measured:.1f} s")

"""What every widget of the kit shares, whatever it shows:

- a **plain-text form** that says what it is and to run the cell: a notebook opened before its
  cells are run shows a widget's ``text/plain`` (``Timeline stepper: run this cell to use it.``),
  not ``TimelineStepper(children=(HBox(...``, which reads like a broken widget;
- the **keyboard**: JupyterLab's notebook shortcuts listen for keys on the whole page, so Up and
  Down on a focused dropdown, list, radio button or button moved to the next cell instead of
  changing the choice, and ``m``, ``a`` or ``b`` on a focused button turned the cell into
  Markdown (deleting the widget) or inserted cells (ipywidgets stops the keys of text boxes, not
  of these). :data:`KEYBOARD_JS` stops the keys of any control inside a kit widget (arrows,
  Home, End, Page Up/Down, Space, Enter, letters, digits) from reaching the notebook while the
  control has the focus; Escape, Tab, Shift+Enter and keys with Ctrl, Alt or Cmd still do, so
  Escape leaves the widget, Shift+Enter runs the cell and Ctrl+S saves.

  Why this and not Lumino's ``data-lm-suppress-shortcuts``: JupyterLab 4 (Lumino 2) runs a
  command-mode shortcut when its selector (``.jp-Notebook.jp-mod-commandMode :focus:not(:read-write)``)
  matches the focused element or an ancestor below the first element carrying that attribute.
  The selector matches the focused button itself, so the attribute would have to sit on every
  control, and then it suppresses *every* shortcut there, Shift+Enter and Ctrl+S included.
  Focus inside an editable element (``jp-mod-readWrite``) is what keeps shortcuts off a text
  box; a button is not editable. JupyterLab's own key listener is on the document in the
  bubbling phase (``bubblingKeydown``), so a listener on ``document.body`` that stops the
  event's propagation runs first and is enough. The script travels in the widget (below), not
  in the saved outputs: the notebooks' committed outputs, and so strict nbval, don't change;
- **radio-like choices**: a toggle button of a kit widget (a prediction, an option) carries
  ``aria-pressed`` (true for the one chosen), set by the same script from ipywidgets'
  ``mod-active`` class, and the chosen one is drawn dark on light (:data:`KIT_CSS`: about 5:1
  against the others, which WCAG wants at 3:1 or more); arrow keys move between the options of
  a group, as in a radio group;
  It also names every slider's handle after the slider's label (ipywidgets labels a slider with
  a ``<label>`` that a screen reader can't tie to the handle). Enter in a text box runs the
  widget's *Check* (:func:`on_enter`); Enter in a card box (a tags input) adds the card typed;
- the CSS class ``mtgkit-widget`` on the outermost box, which scopes both.

The script travels inside the widget, in a hidden :class:`ipywidgets.Output` (JupyterLab renders
an Output widget's outputs as trusted, as they come from the running kernel); it installs itself
once per page. A notebook that isn't running shows no widgets and runs no script.

>>> w = KitWidget([])
>>> w._repr_mimebundle_()["text/plain"]
'Widget: run this cell to use it.'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import ipywidgets as W

#: Stops a focused control's own keys from reaching JupyterLab's shortcuts (which listen on the
#: document, in the bubbling phase: a listener on ``document.body`` runs first), and names each
#: slider handle after its label. Installed once per page.
KEYBOARD_JS = """
(function () {
  if (window.__mtgkitKeyboard) { return; }
  window.__mtgkitKeyboard = true;
  var CONTROLS = 'select, input[type=radio], input[type=checkbox], [role=slider], button, ' +
                 'summary, a, [tabindex]';
  var OWN = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp',
             'PageDown', ' ', 'Enter', 'Backspace', 'Delete'];
  var GROUP = '.widget-toggle-buttons, .mtgkit-options';
  var TOGGLES = '.mtgkit-widget .widget-toggle-buttons button, ' +
                '.mtgkit-widget button.widget-toggle-button';
  document.body.addEventListener('keydown', function (event) {
    var t = event.target;
    if (!(t instanceof Element) || !t.closest('.mtgkit-widget')) { return; }
    if (event.key === 'Enter' && t.matches('input.jupyter-widget-taginput')) {
      // Enter adds the card typed in a card box: JupyterLab doesn't get the key, and if the
      // browser sent no 'change' (the box adds a tag on it), the box gets one.
      event.stopPropagation();
      setTimeout(function () { if (t.value.trim()) { t.dispatchEvent(new Event('change')); } }, 0);
      return;
    }
    if (!t.matches(CONTROLS)) { return; }
    if (event.ctrlKey || event.altKey || event.metaKey || event.key === 'Escape') { return; }
    if (event.key === 'Enter' && event.shiftKey) { return; }
    if (OWN.indexOf(event.key) >= 0 || event.key.length === 1) { event.stopPropagation(); }
    var group = t.matches('button') && t.closest(GROUP);
    var step = {ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1}[event.key];
    if (group && step) {  // a radio group's arrows: to the next option (the choice stays the learner's)
      var all = Array.prototype.slice.call(group.querySelectorAll('button:not([disabled])'));
      var at = all.indexOf(t);
      if (at >= 0) {
        event.preventDefault();
        all[(at + step + all.length) % all.length].focus();
      }
    }
  });
  var name = function () {
    document.querySelectorAll(TOGGLES).forEach(function (b) {
      var pressed = b.classList.contains('mod-active') ? 'true' : 'false';
      if (b.getAttribute('aria-pressed') !== pressed) { b.setAttribute('aria-pressed', pressed); }
    });
    document.querySelectorAll('.mtgkit-widget .widget-slider').forEach(function (s) {
      var label = s.querySelector('.widget-label');
      var handle = s.querySelector('.noUi-handle');
      if (label && handle && label.textContent && !handle.getAttribute('aria-label')) {
        handle.setAttribute('aria-label', label.textContent.trim());
      }
    });
  };
  var pending = false;
  new MutationObserver(function () {
    if (pending) { return; }
    pending = true;
    requestAnimationFrame(function () { pending = false; name(); });
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                              attributeFilter: ['class']});
  name();
})();
"""


#: The styles every kit widget shares (the hidden Output of :func:`keyboard` carries them): no
#: text under 12 px
#: (ipywidgets' 13 px page made ``<small>`` 10.8 px, and 10.3 px in a board drawn at 0.95em);
#: the chosen toggle button (a prediction, an option) dark blue with white text, about 5:1
#: against an unchosen one (#eee) and 5.7:1 for its words; an option's text wraps and its
#: button grows with it (:class:`~mtgkit.widgets.parts.OptionList`).
KIT_CSS = (
    "<style>"
    ".mtgkit-widget small{font-size:inherit}"
    ".mtgkit-widget .jupyter-button.mod-active:not(.mod-primary){background:#1565c0;color:#fff;"
    "box-shadow:inset 0 0 0 2px #0d3c7a}"
    ".mtgkit-widget .jupyter-button.mod-active:not(.mod-primary):focus-visible{outline:2px solid #0d3c7a;"
    "outline-offset:2px}"
    ".mtgkit-widget .mtgkit-options{gap:0.35em;margin:0.3em 0;max-width:100%}"
    ".mtgkit-widget .mtgkit-option.jupyter-button{white-space:normal;height:auto;"
    "min-height:var(--jp-widgets-inline-height,28px);line-height:1.4;text-align:left;"
    "padding:0.3em 0.8em;overflow:visible;text-overflow:clip;max-width:100%;width:100%;"
    "justify-content:flex-start}"
    "</style>")


def keyboard() -> W.Output:
    """A hidden Output widget carrying :data:`KEYBOARD_JS` and :data:`KIT_CSS`."""
    script = W.Output(layout=W.Layout(display="none"))
    script.outputs = ({"output_type": "display_data", "metadata": {},
                       "data": {"application/javascript": KEYBOARD_JS, "text/plain": ""}},
                      {"output_type": "display_data", "metadata": {},
                       "data": {"text/html": KIT_CSS, "text/plain": ""}})
    return script


#: Seconds after an Enter in which the text box's value may still arrive (see :func:`on_enter`).
SETTLE = 2.0


def on_enter(box: W.Text, action: Callable[[], object]) -> None:
    """Run ``action`` when the learner presses Enter in ``box`` (ipywidgets' text box sends a
    message on Enter).

    The front end sends that message at once but the box's value behind any update still on its
    way, so the last letters typed can reach the kernel just after the Enter: the first change of
    the value within :data:`SETTLE` seconds runs ``action`` again (after the widget's own
    reaction to a change, which may have hidden the outcome)."""
    def handle(_: object, content: dict[str, Any], buffers: object) -> None:
        if content.get("event") != "submit":
            return
        action()
        at = time.monotonic()

        def late(change: object) -> None:
            box.unobserve(late, names="value")
            if time.monotonic() - at < SETTLE:
                action()
        box.observe(late, names="value")
    box.on_msg(handle)


#: How a widget's plain-text form ends, after its name (``Quick question: run this cell ...``):
#: a reader of saved notebooks (the course website) finds the widget's name before it.
RUN_THE_CELL = ": run this cell to use it."


class KitWidget(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """A box of the kit's: says what it is in plain text, and carries the keyboard script.

    ``what`` names the widget in its plain-text form (a class attribute, or ``what=``)."""

    what: ClassVar[str] = "Widget"

    def __init__(self, children: Sequence[W.Widget], *, what: str | None = None, **kwargs: Any) -> None:
        super().__init__([*children, keyboard()], **kwargs)
        self.add_class("mtgkit-widget")
        self.plain = f"{what or self.what}{RUN_THE_CELL}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = self.plain
        return bundle

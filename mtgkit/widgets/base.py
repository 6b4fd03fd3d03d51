"""What every widget of the kit shares, whatever it shows:

- a **plain-text form** that says what it is and to run the cell: a notebook opened before its
  cells are run shows a widget's ``text/plain`` (``Timeline stepper: run this cell to use it.``),
  not ``TimelineStepper(children=(HBox(...``, which reads like a broken widget;
- the **keyboard**: JupyterLab's notebook shortcuts listen for keys on the whole page, so Up and
  Down on a focused dropdown, list or radio button moved to the next cell instead of changing
  the choice (ipywidgets stops the keys of text boxes, not of these). :data:`KEYBOARD_JS` stops
  a control's own keys (arrows, Home, End, Page Up/Down, Space, Enter, letters) from reaching
  the notebook while the control has the focus; Escape and keys with Ctrl, Alt or Cmd still do.
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
  var CONTROLS = 'select, input[type=radio], input[type=checkbox], [role=slider]';
  var OWN = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp',
             'PageDown', ' ', 'Enter'];
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
    if (OWN.indexOf(event.key) >= 0 || event.key.length === 1) { event.stopPropagation(); }
  });
  var name = function () {
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
  }).observe(document.body, {childList: true, subtree: true});
  name();
})();
"""


def keyboard() -> W.Output:
    """A hidden Output widget carrying :data:`KEYBOARD_JS`."""
    script = W.Output(layout=W.Layout(display="none"))
    script.outputs = ({"output_type": "display_data", "metadata": {},
                       "data": {"application/javascript": KEYBOARD_JS, "text/plain": ""}},)
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

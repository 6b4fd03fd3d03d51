"""Where the browser tier's Chromium is: the one way `.ci/run` and the tests find it.

1. ``$MTGKIT_CHROMIUM``, if set (a path to a Chromium or Chrome binary; nothing else is tried);
2. else the first of ``chromium``, ``chromium-browser``, ``google-chrome`` and
   ``google-chrome-stable`` on ``PATH`` (Debian's ``chromium``; Ubuntu's snap puts ``chromium`` in
   ``/snap/bin``, which is on ``PATH``);
3. else ``/usr/bin/chromium``, ``/snap/bin/chromium`` if either exists.

``python3 tools/chromium.py`` prints the path and exits 0, or says what to install and exits 1
(stdlib only: `.ci/run` runs it before any environment exists).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
PLACES = ("/usr/bin/chromium", "/snap/bin/chromium")
HOW = ("Chromium is not installed: run `apt-get install -y chromium` (Debian), `snap install chromium` "
       "(Ubuntu) or set MTGKIT_CHROMIUM to a Chromium binary")


def find(env: Mapping[str, str] | None = None) -> str | None:
    """The Chromium to use, or None (see the module's notes)."""
    env = os.environ if env is None else env
    chosen = env.get("MTGKIT_CHROMIUM")
    if chosen:
        return chosen if os.path.isfile(chosen) and os.access(chosen, os.X_OK) else None
    path = env.get("PATH", os.defpath)
    for name in NAMES:
        found = shutil.which(name, path=path)
        if found:
            return found
    return next((p for p in PLACES if os.path.isfile(p) and os.access(p, os.X_OK)), None)


def main() -> int:
    found = find()
    if found is None:
        chosen = os.environ.get("MTGKIT_CHROMIUM")
        print(f"MTGKIT_CHROMIUM={chosen!r} is not an executable file" if chosen else HOW, file=sys.stderr)
        return 1
    print(found)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

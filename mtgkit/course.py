"""The course: its notebooks in order, and the command that opens it in JupyterLab.

``python -m mtgkit.course`` starts JupyterLab on ``notebooks/`` at the start-here notebook
(adding ``--allow-root`` when run as root) and prints the URL to open.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

#: (file stem, title) of every notebook, in course order. A test keeps this, the index in
#: 00-start-here and each notebook's previous/next links in agreement with the files.
NOTEBOOKS: list[tuple[str, str]] = [
    ("00-start-here", "Start here: how this kit works"),
    ("01-tap-and-untap", "{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)"),
    ("02-undefined-mana", "Undefined mana makes no mana (CR 106.5)"),
    ("03-could-produce", "What a permanent could produce (CR 106.7)"),
    ("04-tapped-for-mana", "Tapping for mana: triggers and replacement effects (CR 106.12)"),
    ("05-x-values", "X in enters effects (CR 107.3m)"),
    ("06-the-monarch", "The monarch (CR 725)"),
    ("07-protector-of-the-crown", "Protector of the Crown: redirected damage and the crown (CR 614.9)"),
    ("08-practice", "Practice: endless questions, answered by the engine"),
]


def neighbours(stem: str) -> tuple[str | None, str | None]:
    """The previous and next notebook stems (None at either end)."""
    stems = [s for s, _ in NOTEBOOKS]
    i = stems.index(stem)
    return (stems[i - 1] if i else None, stems[i + 1] if i + 1 < len(stems) else None)


def nav_markdown(stem: str) -> str:
    """The navigation line every notebook ends with."""
    prev, nxt = neighbours(stem)
    titles = dict(NOTEBOOKS)
    parts = []
    if prev:
        parts.append(f"← Previous: [{titles[prev]}]({prev}.ipynb)")
    if stem != "00-start-here":
        parts.append("[Course index](00-start-here.ipynb)")
    if nxt:
        parts.append(f"Next: [{titles[nxt]}]({nxt}.ipynb) →")
    return " · ".join(parts)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    root = Path(__file__).resolve().parents[1] / "notebooks"
    port, token = free_port(), secrets.token_hex(16)
    start = f"/lab/tree/{NOTEBOOKS[0][0]}.ipynb"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url={start}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    url = f"http://127.0.0.1:{port}{start}?token={token}"
    print(f"\nmtgkit course: open this URL in your browser:\n\n    {url}\n\n"
          "(Ctrl+C stops the server.)\n", flush=True)
    try:
        subprocess.run(cmd, check=False)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

"""The browser tier: JupyterLab in headless Chromium, driven by Playwright.

Skips with instructions where Chromium is missing, except under CI (CI=true), where it fails:
`.ci/run` installs Chromium first.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import load_tool

from mtgkit.course import free_port

ROOT = Path(__file__).resolve().parents[2]
# found the one way .ci/run finds it too (tools/chromium.py): $MTGKIT_CHROMIUM, else PATH, else the
# usual places; "" when there is none
CHROMIUM = load_tool("chromium").find() or ""
SHOTS = ROOT / "build" / "screenshots"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _need_chromium() -> None:
    if CHROMIUM and Path(CHROMIUM).exists():
        return
    how = f"{load_tool('chromium').HOW}, then re-run `make test`."
    if os.environ.get("CI"):
        pytest.fail(how)
    pytest.skip(how)


@pytest.fixture(scope="session")
def lab() -> Iterator[tuple[str, str]]:
    """A JupyterLab server on a free loopback port with a token and a throwaway HOME."""
    _need_chromium()
    home = Path(tempfile.mkdtemp(prefix="mtgkit-lab-home-"))
    settings = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Every cell attached to the page, not only those scrolled into view (the default
    # 'contentVisibility' leaves cells off screen unrendered), so a test finds any cell by index.
    tracker = home / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local/share"), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_RUNTIME_DIR=str(home / "run"), IPYTHONDIR=str(home / ".ipython"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), JUPYTER_PLATFORM_DIRS="1")
    work = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)  # the browser saves nothing into the repo
    port, token = free_port(), secrets.token_hex(12)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={work}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(home / "lab.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError("JupyterLab did not start; all it logged:\n" + (home / "lab.log").read_text())
        yield base, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    _need_chromium()
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="mtgkit-chromium-")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        try:
            yield b
        finally:
            b.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def lab_page(browser, lab: tuple[str, str]):  # type: ignore[no-untyped-def]
    """One browser context and one JupyterLab page for every notebook (and the released
    assignment): each is opened from the file browser (a page load per notebook would cost
    seconds each)."""
    base, token = lab
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    page.goto(f"{base}/lab?token={token}&reset")  # reset: no tabs from an earlier session
    yield page
    context.close()

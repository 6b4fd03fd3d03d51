"""Test-session set-up shared by unit tests, doctests and nbval.

Jupyter, IPython and matplotlib write config and caches under HOME and the XDG folders;
point them at a throwaway folder so a test run writes nothing into the real home (and removes
the folder when it ends).
"""

from __future__ import annotations

import os
import shutil
import tempfile

_HOME = tempfile.mkdtemp(prefix="mtgkit-test-home-")
for var, sub in [("HOME", ""), ("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"),
                 ("XDG_DATA_HOME", ".local/share"), ("XDG_RUNTIME_DIR", "run"),
                 ("IPYTHONDIR", ".ipython"), ("MPLCONFIGDIR", ".mpl")]:
    path = os.path.join(_HOME, sub)
    os.makedirs(path, exist_ok=True)
    os.environ[var] = path
os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
os.environ["JUPYTER_PLATFORM_DIRS"] = "1"

# Solutions are snippets for %load inside a notebook; tests/test_course.py runs them there.
collect_ignore_glob = ["notebooks/solutions/*"]


def pytest_unconfigure() -> None:
    """The session is over (kernels and servers shut down): remove the throwaway home."""
    shutil.rmtree(_HOME, ignore_errors=True)

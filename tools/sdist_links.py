"""The sdist command, keeping the repository's top-level symlinks (``scenarios`` -> mtgkit/scenarios).

setuptools builds an sdist from a list of files, so a symlinked folder would either be left out
or copied; the tests expect the link. pyproject.toml names this class as the ``sdist`` command.
"""

from __future__ import annotations

import os

from setuptools.command.sdist import sdist


class Sdist(sdist):
    """setuptools' sdist, plus every relative top-level symlink that points inside the project."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        for name in sorted(os.listdir(".")):
            if not os.path.islink(name):
                continue
            target = os.readlink(name)
            if os.path.isabs(target) or not os.path.realpath(name).startswith(os.path.realpath(".")):
                continue
            try:
                os.symlink(target, os.path.join(base_dir, name))
            except OSError as err:  # e.g. Windows without the right to make links
                self.warn(f"could not keep the symlink {name} -> {target} in the sdist: {err}")

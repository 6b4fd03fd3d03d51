"""The browser tier's own behaviour where Chromium is missing: skip with instructions, or
fail under CI."""

from __future__ import annotations

import pytest

from . import conftest


def test_missing_chromium_skips_with_instructions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", "/nowhere/chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y chromium"):
        conftest._need_chromium()


def test_missing_chromium_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", "/nowhere/chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="Chromium is not installed"):
        conftest._need_chromium()

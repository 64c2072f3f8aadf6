"""What the browser tests share (the trace page's and the playground's): finding Debian's Chromium, and what a
missing piece means — a skip on a developer's machine, a failure in CI, where `.ci/run` installs it."""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(what: str, needed_by: str) -> NoReturn:
    if in_ci():
        pytest.fail(f"{what} is missing, and CI must run {needed_by} (.ci/run installs it)")
    pytest.skip(f"{what} is not installed: {needed_by} need it")


def chromium_path() -> str | None:
    given = os.environ.get("RULECHECK_CHROMIUM")
    if given:
        return given
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)

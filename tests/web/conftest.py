"""What the browser tests share: a live server per module, one Chromium per module and a fresh
desktop-sized page per test that fails the test on a script error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import Live, live_server
from tests.web.browser import CHROMIUM, open_page


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    with live_server(f"sqlite:///{db}", absent_after=1.0) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context, page, errors = open_page(browser)
    yield page
    context.close()
    assert not errors, errors

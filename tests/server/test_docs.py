"""The API's documentation at /docs works with no network: Swagger UI's files come from the
installed package, and the page, in a real browser that may reach nothing but this server,
lists every operation."""

from __future__ import annotations

import os
import re
from urllib.parse import urlparse

import pytest

from tests.server.live import Live

CHROMIUM = "/usr/bin/chromium"


def test_the_docs_page_loads_nothing_from_elsewhere(live: Live) -> None:
    r = live.http.get("/docs")
    assert r.status_code == 200
    urls = re.findall(r"""(?:src|href|url)\s*[:=]\s*['"]([^'"]+)['"]""", r.text)
    assert urls, r.text
    for url in urls:
        assert not urlparse(url).netloc, f"/docs loads {url} from another host"
        assert live.http.get(url).status_code == 200, url


def test_no_other_docs_page_reaches_a_cdn(live: Live) -> None:
    assert live.http.get("/redoc").status_code == 404


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing")
def test_the_docs_render_in_a_browser_cut_off_from_the_network(live: Live) -> None:
    from playwright.sync_api import sync_playwright

    operations = sum(len(p) for p in live.http.get("/openapi.json").json()["paths"].values())
    elsewhere: list[str] = []

    def only_here(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if urlparse(url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            elsewhere.append(url)
            route.abort()  # type: ignore[attr-defined]

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = browser.new_page()
            page.route("**/*", only_here)
            page.goto(f"{live.base}/docs")
            page.wait_for_selector(".opblock", timeout=20_000)
            assert page.locator(".opblock").count() == operations
            assert "towers" in page.locator(".info .title").inner_text()
        finally:
            browser.close()
    assert not elsewhere, elsewhere

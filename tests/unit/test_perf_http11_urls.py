"""``http11.LeanAsyncClient`` keeps each request URL string's parsed URL: what it hands out must be what httpx2's own
client builds, including after ``base_url`` changes and after its bound is reached."""

from __future__ import annotations

import httpx2

from mcp_sim.http11 import LeanAsyncClient

URLS = [
    "http://127.0.0.1:8000/mcp",
    "http://127.0.0.1:8000/mcp/",
    "http://localhost:9/a?b=c",
    "https://example.test/x%20y",
    "/relative/path",
    "relative",
]


async def test_kept_urls_are_the_ones_httpx2_builds() -> None:
    async with LeanAsyncClient() as lean, httpx2.AsyncClient() as stock:
        for _ in range(3):  # the second and third rounds come from the kept URLs
            for url in URLS:
                assert lean._merge_url(url) == stock._merge_url(url)
                assert str(lean.build_request("POST", url, json={"a": 1}).url) == str(
                    stock.build_request("POST", url, json={"a": 1}).url
                )
        assert lean._merge_url(httpx2.URL(URLS[0])) == stock._merge_url(httpx2.URL(URLS[0]))


async def test_a_new_base_url_is_not_answered_from_the_kept_merges() -> None:
    async with LeanAsyncClient(base_url="http://one.test/api/") as lean:
        assert str(lean._merge_url("items")) == "http://one.test/api/items"
        lean.base_url = "http://two.test/v2/"  # type: ignore[assignment]
        assert str(lean._merge_url("items")) == "http://two.test/v2/items"
        async with httpx2.AsyncClient(base_url="http://two.test/v2/") as stock:
            for url in URLS:
                assert lean._merge_url(url) == stock._merge_url(url)


async def test_the_kept_urls_are_bounded_and_still_right_after_clearing() -> None:
    async with LeanAsyncClient() as lean, httpx2.AsyncClient() as stock:
        urls = [f"http://127.0.0.1:{8000 + n}/mcp" for n in range(LeanAsyncClient.URLS_KEPT * 2 + 5)]
        for url in urls + urls:
            assert lean._merge_url(url) == stock._merge_url(url)
            assert len(lean._urls) <= LeanAsyncClient.URLS_KEPT

"""The dashboard in headless Chromium: after real MCP calls it shows the session, its calls and the flags."""

from __future__ import annotations

import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path

import anyio
import httpx
import pytest

from tests.hosting import experiment_file, serve
from tests.integration.test_host import mcp_client
from tests.prerequisites import missing
from tests.webdriver import CHROMEDRIVER, HEADLESS, webdriver

CHROMIUM = Path("/usr/bin/chromium")
TOKEN = "dashboard-token"
SESSION = "dash-session-1"
WIDTH, HEIGHT = 1280, 900

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def chromium() -> Path:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        missing("chromium or chromedriver is not installed (run scripts/setup.d/chromium.sh)")
    return CHROMIUM


def headless(chromium: Path, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        str(chromium),
        *HEADLESS,
        f"--user-data-dir={profile}",
        f"--window-size={WIDTH},{HEIGHT}",
        "--virtual-time-budget=10000",  # lets the page's fetches finish before the DOM or pixels are taken
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, check=True)


def test_dashboard_shows_sessions_calls_and_flags(chromium: Path, tmp_path: Path) -> None:
    with serve(experiment_file(tmp_path, "desk"), token=TOKEN) as server:

        async def calls() -> None:
            async with mcp_client(f"{server.base_url}/mcp", SESSION, token=TOKEN) as client:
                await client.call_tool("create_ticket", {"title": "printer on fire"})
                await client.call_tool("list_tickets", {})

        anyio.run(calls)
        url = f"{server.base_url}/admin/#token={TOKEN}"  # the fragment never reaches the server
        dom = headless(chromium, tmp_path / "profile-dom", "--dump-dom", url).stdout
        shot = tmp_path / "dashboard.png"
        headless(chromium, tmp_path / "profile-shot", f"--screenshot={shot}", url)

    calls_table = dom[dom.index('id="calls"') :]
    assert SESSION in dom
    assert calls_table.index("create_ticket") < calls_table.index("list_tickets")  # the calls, in order
    assert "printer on fire" in calls_table
    assert 'id="flag-desk"' in dom and "desk (default)" in dom  # the experiment and its flag control
    assert "needs a bearer token" not in dom  # the token from the fragment was used

    width, height, pixels = decode_png(shot.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    colours = Counter(pixels)
    assert len(colours) > 50, "a near-blank screenshot"
    assert colours.most_common(1)[0][1] < 0.9 * len(pixels), "one colour fills the page"


def test_dashboard_flag_control_switches_routing(chromium: Path, tmp_path: Path) -> None:
    with serve(experiment_file(tmp_path, "lab", echo=True), token=TOKEN) as server, webdriver(chromium) as browser:
        browser.go(f"{server.base_url}/admin/#token={TOKEN}")
        browser.click("tr[data-tool='echo'] option[value='real']")  # the per-tool flag of a tool with a backend
        browser.wait_for_text("status", "switched")
        shown = httpx.get(f"{server.base_url}/admin/experiments/lab", headers={"authorization": f"Bearer {TOKEN}"})
        assert shown.json()["routing"]["overrides"] == {"echo": "real"}

        browser.click("#flag-lab option[value='real']")  # every tool real: the ticket tools have no backend
        browser.wait_for_text("status", "cannot route to a real backend")
        shown = httpx.get(f"{server.base_url}/admin/experiments/lab", headers={"authorization": f"Bearer {TOKEN}"})
        assert shown.json()["routing"]["default"] == "sim"
        assert browser.find("tr[data-tool='create_ticket'] option[value='real']").attribute("disabled") == "true"


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and pixels of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, offset = {}, 8
    idat = b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind, body = data[offset + 4 : offset + 8], data[offset + 8 : offset + 8 + length]
        chunks[kind] = body
        idat += body if kind == b"IDAT" else b""
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "unexpected PNG format"
    size = 3 if colour_type == 2 else 4
    rows = _unfilter(zlib.decompress(idat), width * size, height, size)
    return width, height, [row[i : i + size] for row in rows for i in range(0, len(row), size)]


def _unfilter(raw: bytes, stride: int, height: int, size: int) -> list[bytes]:
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, up_left = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[i] = (line[i] + _paeth(left, up, up_left)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return rows


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c

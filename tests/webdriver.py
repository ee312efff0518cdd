"""Just enough W3C WebDriver (over chromedriver's HTTP API) to click through the dashboard; no selenium needed."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

CHROMEDRIVER = Path("/usr/bin/chromedriver")
HEADLESS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
WAIT_MS = 15000  # how long a lookup may wait for the page's script to render what it looks for


@dataclass
class Element:
    browser: Browser
    id: str

    def attribute(self, name: str) -> Any:
        return self.browser.command("GET", f"element/{self.id}/attribute/{name}")


@dataclass
class Browser:
    http: httpx.Client
    session: str

    def command(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.http.request(method, f"/session/{self.session}/{path}", json=body)
        assert response.status_code == 200, response.text
        return response.json()["value"]

    def go(self, url: str) -> None:
        self.command("POST", "url", {"url": url})

    def find(self, css: str) -> Element:
        return Element(self, self.command("POST", "element", {"using": "css selector", "value": css})[ELEMENT])

    def click(self, css: str) -> None:
        self.command("POST", f"element/{self.find(css).id}/click", {})

    def wait_for_text(self, element_id: str, text: str) -> None:
        xpath = f"//*[@id='{element_id}' and contains(., '{text}')]"
        self.command("POST", "element", {"using": "xpath", "value": xpath})


@contextmanager
def webdriver(chromium: Path) -> Iterator[Browser]:
    """Headless Chromium driven by chromedriver on 127.0.0.1 (a free port it picks and reports)."""
    with tempfile.TemporaryDirectory() as profile:
        driver = subprocess.Popen(
            [str(CHROMEDRIVER), "--port=0", "--allowed-ips=127.0.0.1"], stdout=subprocess.PIPE, text=True
        )
        try:
            assert driver.stdout is not None
            line = next((ln for ln in driver.stdout if "started successfully on port" in ln), "")
            assert line, "chromedriver did not start"
            port = int(line.rsplit("port", 1)[1].strip(" .\n"))
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                options = {"binary": str(chromium), "args": [*HEADLESS, f"--user-data-dir={profile}"]}
                caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
                session = http.post("/session", json=caps).json()["value"]["sessionId"]
                browser = Browser(http, session)
                browser.command("POST", "timeouts", {"implicit": WAIT_MS})
                try:
                    yield browser
                finally:
                    http.delete(f"/session/{session}")
        finally:
            driver.terminate()
            driver.wait()
            if driver.stdout is not None:
                driver.stdout.close()

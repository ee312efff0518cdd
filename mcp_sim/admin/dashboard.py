"""The web dashboard: one static page plus a script that reads the admin API (no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).with_name("static")

api = APIRouter(include_in_schema=False)


@api.get("/")
async def page() -> FileResponse:
    return FileResponse(STATIC / "index.html", media_type="text/html")


@api.get("/dashboard.js")
async def script() -> FileResponse:
    return FileResponse(STATIC / "dashboard.js", media_type="text/javascript")


@api.get("/dashboard.css")
async def style() -> FileResponse:
    return FileResponse(STATIC / "dashboard.css", media_type="text/css")

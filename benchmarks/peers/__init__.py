"""Peer proxies, each run by the python of its own venv under .cache/venvs/ (never imported here)."""

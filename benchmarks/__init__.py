"""Reproducible measurements of mcp-sim against what users would pick instead (issue 7).

``python -m benchmarks`` runs every section in ``sections.SECTIONS``; each figure is compared with a
baseline measured in the same run, because this machine is shared and noisy.
"""

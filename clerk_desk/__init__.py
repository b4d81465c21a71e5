"""Clerk Desk core: the domain, rules, deadlines and database of the City Hall counter.

The core imports neither Qt nor ReportLab nor openpyxl, so every rule can be tested and scripted
without a screen (``tests/test_layers.py`` holds it to that).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("clerk-desk")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0+unknown"

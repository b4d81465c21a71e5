"""Clerk Desk core: the domain, rules, deadlines and database of the City Hall counter.

The core imports neither Qt nor ReportLab nor openpyxl, so every rule can be tested and scripted
without a screen (``tests/test_layers.py`` holds it to that).
"""


def __getattr__(name: str) -> str:
    # importlib.metadata costs ~20 ms; only ``version`` and the About box need it, not start-up.
    if name != "__version__":
        raise AttributeError(name)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("clerk-desk")
    except PackageNotFoundError:  # running from a checkout that was never installed
        return "0+unknown"

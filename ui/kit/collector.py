"""Python's cycle collector, kept from freezing the window.

A full collection walks every object the process holds. With the core, Qt's bindings and the
tabs loaded that is some 220,000 objects and 120 ms on this machine, and it runs on whichever
thread happens to allocate when it falls due — often a worker reading a register — holding the
interpreter throughout, so the window could not answer a key for that long (measured by
``benchmarks/responsiveness.py``: opening Street Numbers at twenty years stalled 170 ms, of
which 119 ms was one collection on the worker).

What start-up makes (modules, classes, mapped tables, the window's widgets) lives as long as the
process. :func:`settle` moves everything alive out of the collector's sight (:func:`gc.freeze`,
a constant-time splice of its lists), so that later collections walk only what was made since:
a few milliseconds. :func:`loading` loads modules on a worker without a collection midway, then
settles.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


def settle() -> None:
    """Move every object alive now out of the collector's sight: it is not walked again."""
    gc.freeze()


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """Load modules with the collector paused, then freeze what is alive: it is never garbage,
    and no later collection need walk it. The collector runs again afterwards, as before."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        settle()
        if was_on:
            gc.enable()

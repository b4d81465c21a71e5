"""The cycle collector after loading (ui/kit/collector.py): what was loaded is out of its sight,
and it still collects what is made afterwards, so that nothing leaks."""

from __future__ import annotations

import gc
import weakref

from ui.kit import collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_loading_pauses_the_collector_then_freezes_what_it_loaded() -> None:
    gc.unfreeze()
    before = gc.get_freeze_count()
    with collector.loading():
        assert not gc.isenabled()
        loaded = [Cycle() for _ in range(100)]
    try:
        assert gc.isenabled()
        assert gc.get_freeze_count() >= before + len(loaded)
    finally:
        gc.unfreeze()


def test_garbage_made_after_loading_is_still_collected() -> None:
    with collector.loading():
        pass
    try:
        made = Cycle()
        alive = weakref.ref(made)
        del made
        gc.collect()
        assert alive() is None
    finally:
        gc.unfreeze()


def test_loading_leaves_a_collector_that_was_off_off() -> None:
    gc.disable()
    try:
        with collector.loading():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()

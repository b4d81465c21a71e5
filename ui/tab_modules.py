"""Where each workflow's tab lives, and loading them all ahead of time.

A built workflow's tab is ``ui/<name>_tab.py`` (or ``ui/<name>/tab.py``) with the class
``<Name>Tab(app)``; the main window imports it by this name when the tab is first shown (a frozen
program lists it as a hidden import), and :func:`import_tab_modules` loads them all on a worker
thread once the window is up.
"""

from __future__ import annotations

import importlib
import importlib.util

from clerk_desk.workflows import WORKFLOWS, Workflow


def tab_module_name(workflow: Workflow) -> str:
    """``vending`` → ``ui.vending_tab``, or ``ui.sidewalk_cafes.tab`` for a
    workflow whose window is a package (``ui/<name>/``): where a built workflow's tab lives. It
    is imported by this name when first shown, so a frozen program lists it as a hidden import."""
    package = importlib.util.find_spec(f"ui.{workflow.name}")
    if package is not None and package.submodule_search_locations is not None:
        return f"ui.{workflow.name}.tab"
    return f"ui.{workflow.name}_tab"


def tab_class_name(workflow: Workflow) -> str:
    """``street_numbers`` → ``StreetNumbersTab``: the convention every workflow's tab follows."""
    return "".join(part.capitalize() for part in workflow.name.split("_")) + "Tab"


def import_tab_modules() -> None:
    """Import every built workflow's tab module (classes only: widgets are made on the window's
    thread when the tab is first shown), out of the cycle collector's sight once loaded."""
    from ui.kit.collector import loading

    with loading():
        for workflow in WORKFLOWS:
            if workflow.built and workflow.name != "today":
                name = tab_module_name(workflow)
                if importlib.util.find_spec(name) is not None:
                    importlib.import_module(name)

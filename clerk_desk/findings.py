"""Findings: what a rule of the ordinance says about a record, with the section it comes from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["block", "warn", "info"]

LEVELS: tuple[Level, ...] = ("block", "warn", "info")


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of a rule.

    ``level`` is ``"block"`` (the action may not proceed), ``"warn"`` (the clerk should look) or
    ``"info"``. ``cite`` names the section and the paragraph's own heading, e.g.
    ``"§ 506-24 (Conditions of permit: Liability insurance)"``; the ordinance text lost its
    subsection letters, so none are invented.
    """

    level: Level
    cite: str
    text: str

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown finding level {self.level!r}")

    @property
    def blocks(self) -> bool:
        return self.level == "block"


def blocking(findings: list[Finding]) -> list[Finding]:
    """The findings that stop an action."""
    return [f for f in findings if f.blocks]

"""§ 506-19: a City project's estimated cost, at each boundary one cent under, at and over."""

from __future__ import annotations

import pytest

from clerk_desk.money import Money
from clerk_desk.petitions.bidding import (
    CONTRACTS_CITE,
    NO_BID_CITE,
    Project,
    WorkClass,
    bidding_findings,
)


def only(project: Project) -> tuple[str, str, str]:
    (finding,) = bidding_findings(project)
    return finding.level, finding.cite, finding.text


@pytest.mark.parametrize(
    ("cost", "level", "starts"),
    [
        ("0.00", "info", "Estimated at $0.00: let as the Council may direct"),
        ("4999.99", "info", "Estimated at $4,999.99: let as the Council may direct"),
        ("5000.00", "info", "Estimated at exactly $5,000.00: let as the Council may direct"),
        ("5000.01", "warn", "Estimated at $5,000.01, over $5,000.00 and not over $25,000.00"),
        ("25000.00", "warn", "Estimated at $25,000.00, over $5,000.00 and not over $25,000.00"),
        ("25000.01", "warn", "Estimated at $25,000.01, over $25,000.00: let by contract to the"),
    ],
)
def test_a_contract_by_its_estimated_cost(cost: str, level: str, starts: str) -> None:
    got_level, cite, text = only(Project(Money(cost)))
    assert (got_level, cite) == (level, CONTRACTS_CITE)
    assert text.startswith(starts)


def test_the_class_1_notice_is_named_with_its_chapter() -> None:
    text = only(Project(Money("12000.00")))[2]
    assert text.endswith(
        "the Council gives a Class 1 notice under ch. 985, Wis. Stats., of the proposed "
        "construction before the contract is executed."
    )


@pytest.mark.parametrize("gift", ["materials_donated", "volunteer_labour"])
def test_donated_materials_or_volunteers_lift_the_notice_not_the_bids(gift: str) -> None:
    noticed = only(Project(Money("12000.00"), **{gift: True}))  # type: ignore[arg-type]
    assert noticed[0] == "info" and "no Class 1 notice is required" in noticed[2]
    over = only(Project(Money("30000.00"), **{gift: True}))  # type: ignore[arg-type]
    assert over[0] == "warn" and "lowest responsible bidder" in over[2]


@pytest.mark.parametrize(
    ("cost", "level"), [("4999.99", "info"), ("5000.00", "warn"), ("5000.01", "warn")]
)
def test_work_the_city_does_itself_needs_bids_from_5000(cost: str, level: str) -> None:
    got_level, cite, text = only(Project(Money(cost), by_contract=False))
    assert (got_level, cite) == (level, NO_BID_CITE)
    if level == "warn":
        assert "three-quarters of all the members-elect" in text


@pytest.mark.parametrize(
    "work", [WorkClass.STREETS, WorkClass.SEWER_MAINS, WorkClass.WATER_MAINS, WorkClass.MAIN_REPAIR]
)
def test_the_listed_classes_may_be_done_by_the_city_whatever_they_cost(work: WorkClass) -> None:
    level, cite, text = only(Project(Money("250000.00"), work, by_contract=False))
    assert (level, cite) == ("info", NO_BID_CITE)
    assert text == f"{work.label} may be done directly by the City without bids, whatever it costs."


def test_a_negative_estimate_is_refused() -> None:
    with pytest.raises(ValueError, match="not negative"):
        bidding_findings(Project(Money("-1.00")))

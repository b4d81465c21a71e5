"""How a shortfall is said and whose permit a certificate may protect: pure rules, no
database."""

from __future__ import annotations

from clerk_desk.bonds import rules
from clerk_desk.coverage import Shortfall
from clerk_desk.money import Money

CITE = "§ 506-6 (Insurance required)"


def test_a_limit_is_written_as_on_the_certificate_in_whole_dollars() -> None:
    assert rules.dollars(Money("250000")) == "$250,000"
    assert rules.dollars(Money("499999.50")) == "$499,999.50"


def test_the_standing_says_what_is_short_of_what_for_which_permit_and_why() -> None:
    short = Shortfall("bodily injury per person", Money("250000"), Money("500000"), CITE)
    assert rules.short_words(short, "SO-2026-006") == (
        "Short: $250,000 of $500,000 bodily injury per person for SO-2026-006, "
        "§ 506-6 (Insurance required)"
    )


def test_a_certificate_protects_its_own_holders_permit_only() -> None:
    assert rules.other_holder_refusal("SO-2026-006", "Hanson", "Hanson", CITE) is None
    refused = rules.other_holder_refusal("SO-2026-006", "Riverland Telephone", "Hanson", CITE)
    assert refused is not None and refused.field == "record_id"
    assert str(refused) == (
        "SO-2026-006 is a permit of Riverland Telephone: a certificate of Hanson cannot protect "
        "it. File the certificate of the permit's holder. (§ 506-6 (Insurance required))"
    )

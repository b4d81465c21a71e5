"""The register of parties and parcels: checked forms, search as a clerk types it, and an audit
trail that shows only what changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select

from clerk_desk import parties
from clerk_desk.desk import Desk, SignedIn
from clerk_desk.errors import Conflict, InvalidInput, NotFound, PermissionDenied
from clerk_desk.kinds import PartyKind, Role
from clerk_desk.models import AuditEvent
from clerk_desk.parties import ParcelData, PartyData


def _person(name: str, **fields: object) -> PartyData:
    return PartyData(kind=PartyKind.PERSON, name=name, **fields)  # type: ignore[arg-type]


def _add(desk: Desk, who: SignedIn, data: PartyData) -> int:
    with desk.action(who) as action:
        return parties.add_party(action, data).id


def _found(desk: Desk, text: str, **options: object) -> list[str]:
    with desk.database.reading() as session:
        return [p.name for p in parties.search_parties(session, text, **options)]  # type: ignore[arg-type]


def _parcels_found(desk: Desk, text: str) -> list[str]:
    with desk.database.reading() as session:
        return [p.parcel_number for p in parties.search_parcels(session, text)]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": "  "}, "name", "Enter the name"),
        ({"state": "Wis"}, "state", "two letters"),
        ({"state": "W1"}, "state", "two letters"),
        ({"postal_code": "5402"}, "postal_code", "ZIP code"),
        ({"postal_code": "54021-12"}, "postal_code", "ZIP code"),
        ({"postal_code": "54O21"}, "postal_code", "ZIP code"),
        ({"email": "clerk@prescott"}, "email", "e-mail address"),
        ({"email": "clerk prescott@wi.gov"}, "email", "e-mail address"),
    ],
)
def test_the_party_form_is_checked_field_by_field(
    desk: Desk, admin: SignedIn, fields: dict[str, str], field: str, message: str
) -> None:
    fields = dict(fields)  # the same dict serves the SQLite and the PostgreSQL run
    data = _person(fields.pop("name", "Anna Berg"), **fields)
    with pytest.raises(InvalidInput, match=message) as caught:
        _add(desk, admin, data)
    assert caught.value.field == field
    assert _found(desk, "") == []


def test_a_tidy_party_is_saved_as_a_clerk_expects(desk: Desk, admin: SignedIn) -> None:
    party_id = _add(
        desk,
        admin,
        _person(
            "  Anna   Berg ",
            state=" wi ",
            postal_code="54021-1234",
            email=" anna@example.com ",
            street="312 Orange St",
            city="Prescott",
        ),
    )
    with desk.database.reading() as session:
        party = parties.get_party(session, party_id)
        assert (party.name, party.state, party.postal_code, party.email) == (
            "Anna Berg",
            "WI",
            "54021-1234",
            "anna@example.com",
        )
        assert party.mailing_address == "312 Orange St\nPrescott, WI 54021-1234"
        with pytest.raises(NotFound, match="no party number 999"):
            parties.get_party(session, 999)


def test_a_utility_is_always_flagged_public_utility(desk: Desk, admin: SignedIn) -> None:
    party_id = _add(desk, admin, PartyData(kind=PartyKind.UTILITY, name="Valley Gas"))
    with desk.database.reading() as session:
        assert parties.get_party(session, party_id).public_utility


def test_search_finds_any_word_in_any_order_without_accents(desk: Desk, admin: SignedIn) -> None:
    for data in (
        _person("Văn An Nguyễn", street="412 Kinnickinnic St", phone="(715) 555-0142"),
        _person("Zoë Müller", email="zoe.mueller@example.com"),
        _person("Łukasz Šimková", street="88 Hampshire St"),
        PartyData(
            kind=PartyKind.BUSINESS,
            name="Confluence Bakery",
            contact_name="Siobhán O'Brien",
            street="204 Broad St N",
        ),
        _person("Björn Ørsted"),
    ):
        _add(desk, admin, data)
    assert _found(desk, "nguyen") == ["Văn An Nguyễn"]
    assert _found(desk, "NGUYEN van") == ["Văn An Nguyễn"]
    assert _found(desk, "zoe") == ["Zoë Müller"]
    assert _found(desk, "muller") == ["Zoë Müller"]
    assert _found(desk, "kinnickinnic 412") == ["Văn An Nguyễn"]
    assert _found(desk, "555-0142") == ["Văn An Nguyễn"]
    assert _found(desk, "siobhan") == ["Confluence Bakery"]
    assert _found(desk, "simkova") == ["Łukasz Šimková"]
    assert _found(desk, "lukasz") == ["Łukasz Šimková"]
    assert _found(desk, "orsted") == ["Björn Ørsted"]
    assert _found(desk, "broad bakery") == ["Confluence Bakery"]
    assert _found(desk, "broad nguyen") == []
    assert _found(desk, "zoe", kind=PartyKind.BUSINESS) == []
    assert _found(desk, "%") == []  # typed characters are not wildcards
    assert len(_found(desk, "")) == 5


def test_an_inactive_party_drops_out_of_searches(desk: Desk, admin: SignedIn) -> None:
    party_id = _add(desk, admin, _person("Anna Berg"))
    with desk.action(admin) as action:
        parties.set_party_active(action, party_id, False)
    assert _found(desk, "anna") == []
    assert _found(desk, "anna", include_inactive=True) == ["Anna Berg"]


def test_a_parcel_number_is_registered_once(desk: Desk, admin: SignedIn) -> None:
    with desk.action(admin) as action:
        parties.add_parcel(action, ParcelData("281-01004-0000", "104 Broad St N"))
    with (
        pytest.raises(Conflict, match="281-01004-0000 is already in the register"),
        desk.action(admin) as action,
    ):
        parties.add_parcel(action, ParcelData(" 281-01004-0000 ", "another address"))
    with desk.action(admin) as action:
        other = parties.add_parcel(action, ParcelData("281-01008-0000", "108 Broad St N"))
    with pytest.raises(Conflict, match="already in the register"), desk.action(admin) as action:
        parties.update_parcel(action, other.id, ParcelData("281-01004-0000", "108 Broad St N"))
    with pytest.raises(InvalidInput) as caught, desk.action(admin) as action:
        parties.add_parcel(action, ParcelData("   "))
    assert caught.value.field == "parcel_number"
    with pytest.raises(NotFound), desk.action(admin) as action:
        parties.add_parcel(action, ParcelData("281-9", owner_id=4242))
    assert sorted(_parcels_found(desk, "")) == ["281-01004-0000", "281-01008-0000"]


def test_renaming_an_owner_updates_the_parcel_search(desk: Desk, admin: SignedIn) -> None:
    owner = _add(desk, admin, _person("Anna Berg", street="104 Broad St N"))
    with desk.action(admin) as action:
        parties.add_parcel(action, ParcelData("281-01004-0000", "104 Broad St N", owner_id=owner))
    assert _parcels_found(desk, "berg broad") == ["281-01004-0000"]
    with desk.action(admin) as action:
        parties.update_party(action, owner, _person("Anna Gunderson", street="104 Broad St N"))
    assert _parcels_found(desk, "gunderson") == ["281-01004-0000"]
    assert _parcels_found(desk, "berg") == []
    with desk.database.reading() as session:
        assert [p.parcel_number for p in parties.parcels_of(session, owner)] == ["281-01004-0000"]


def test_the_audit_trail_holds_only_what_changed(desk: Desk, admin: SignedIn) -> None:
    party_id = _add(
        desk, admin, _person("Anna Berg", phone="(715) 555-0100", street="104 Broad St N")
    )
    with desk.action(admin) as action:
        parties.update_party(
            action, party_id, _person("Anna Berg", phone="(715) 555-0199", street="104 Broad St N")
        )
    with desk.database.reading() as session:
        events = list(
            session.scalars(
                select(AuditEvent).where(AuditEvent.record_type == "party").order_by(AuditEvent.id)
            )
        )
    assert [e.action for e in events] == ["party.create", "party.update"]
    assert events[0].after is not None and events[0].after["name"] == "Anna Berg"
    assert "search_text" not in events[0].after
    assert events[1].before == {"phone": "(715) 555-0100"}
    assert events[1].after == {"phone": "(715) 555-0199"}
    assert events[1].record_id == str(party_id)
    assert events[1].operator_name == "admin"


def test_every_role_may_keep_the_register(
    desk: Desk, operator_with: Callable[[Role], SignedIn]
) -> None:
    for role in Role:
        _add(desk, operator_with(role), _person(f"Party of the {role.label}"))
    assert len(_found(desk, "party")) == len(Role)


# -- text longer than its column: refused by the service on both databases ----------------------


@pytest.mark.parametrize(
    ("field", "limit"),
    [
        ("name", 200),
        ("contact_name", 120),
        ("street", 200),
        ("city", 80),
        ("phone", 40),
        ("email", 120),
    ],
)
def test_party_text_longer_than_its_column_is_refused_next_to_the_field(
    desk: Desk, admin: SignedIn, field: str, limit: int
) -> None:
    def value(length: int) -> str:
        if field == "email":
            return "a" * (length - len("@example.com")) + "@example.com"
        return "x" * length

    fields = {"name": "Anna Berg", field: value(limit + 1)}
    with pytest.raises(InvalidInput, match=f"too long: at most {limit} characters") as refused:
        _add(desk, admin, _person(**fields))  # type: ignore[arg-type]
    assert refused.value.field == field
    party_id = _add(desk, admin, _person(**{"name": "Anna Berg", field: value(limit)}))  # type: ignore[arg-type]
    with desk.database.reading() as session:
        assert len(getattr(parties.get_party(session, party_id), field)) == limit
    with pytest.raises(InvalidInput, match="too long") as refused, desk.action(admin) as action:
        parties.update_party(action, party_id, _person(**fields))  # type: ignore[arg-type]
    assert refused.value.field == field


def test_parcel_number_and_address_longer_than_their_columns_are_refused(
    desk: Desk, admin: SignedIn
) -> None:
    for data, field, limit in [
        (ParcelData("1" * 41), "parcel_number", 40),
        (ParcelData("281-1005", site_address="9" * 201), "site_address", 200),
    ]:
        with (
            pytest.raises(InvalidInput, match=f"at most {limit} characters") as refused,
            desk.action(admin) as action,
        ):
            parties.add_parcel(action, data)
        assert refused.value.field == field
    with desk.action(admin) as action:
        parcel = parties.add_parcel(action, ParcelData("1" * 40, site_address="9" * 200))
    assert len(parcel.parcel_number) == 40


def test_the_limits_are_read_from_the_model() -> None:
    from clerk_desk.models import Party
    from clerk_desk.validation import fits, max_length

    assert max_length(Party.phone) == Party.__table__.c.phone.type.length == 40
    assert max_length(Party.notes) is None  # Text: no limit
    assert fits(Party.notes, "n" * 10_000, "The notes") == "n" * 10_000


def test_a_duplicate_saved_by_another_station_meanwhile_is_a_conflict_not_a_crash(
    desk: Desk, admin: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two stations can both look for parcel 281-00001 before either saves it."""
    with desk.action(admin) as action:
        parties.add_parcel(action, parties.ParcelData(parcel_number="281-00001"))
    monkeypatch.setattr(parties, "_refuse_duplicate_parcel", lambda *args: None)  # the race
    with (
        pytest.raises(Conflict, match="Another counter station saved the same record"),
        desk.action(admin) as action,
    ):
        parties.add_parcel(action, parties.ParcelData(parcel_number="281-00001"))


# -- the public-utility flag waives the street opening bond -------------------------------------


@pytest.mark.parametrize("role", [Role.DEPUTY_CLERK, Role.INSPECTOR])
def test_only_those_who_manage_bonds_set_or_clear_the_public_utility_flag(
    desk: Desk, admin: SignedIn, operator_with: Callable[[Role], SignedIn], role: Role
) -> None:
    counter = operator_with(role)
    for data in (
        PartyData(kind=PartyKind.BUSINESS, name="Valley Gas", public_utility=True),
        PartyData(kind=PartyKind.UTILITY, name="Valley Gas"),  # the kind implies the flag
    ):
        with pytest.raises(PermissionDenied) as refused, desk.action(counter) as action:
            parties.add_party(action, data)
        assert refused.value.message == (
            "To mark Valley Gas as a public utility (which waives the street opening bond) you "
            "need the role Clerk, Treasurer or Administrator; "
            f"you are signed in as {role.label}."
        )
        assert refused.value.cite == "§ 506-6 (Public utilities)"
    assert _found(desk, "valley") == []
    business = _add(desk, counter, PartyData(kind=PartyKind.BUSINESS, name="Valley Gas"))
    with pytest.raises(PermissionDenied), desk.action(counter) as action:
        parties.update_party(
            action,
            business,
            PartyData(kind=PartyKind.BUSINESS, name="Valley Gas", public_utility=True),
        )
    treasurer = operator_with(Role.TREASURER)
    with desk.action(treasurer) as action:
        parties.update_party(
            action,
            business,
            PartyData(kind=PartyKind.BUSINESS, name="Valley Gas", public_utility=True),
        )
    # Other changes to a flagged party stay with the counter; clearing the flag does not.
    with desk.action(counter) as action:
        parties.update_party(
            action,
            business,
            PartyData(
                kind=PartyKind.BUSINESS,
                name="Valley Gas",
                phone="715-555-0100",
                public_utility=True,
            ),
        )
    with pytest.raises(PermissionDenied) as clearing, desk.action(counter) as action:
        parties.update_party(
            action, business, PartyData(kind=PartyKind.BUSINESS, name="Valley Gas")
        )
    assert "To stop treating Valley Gas as a public utility" in clearing.value.message
    with desk.database.reading() as session:
        assert parties.get_party(session, business).public_utility


def test_renaming_an_owner_and_renumbering_a_parcel_is_followed_by_every_search(
    desk: Desk, admin: SignedIn
) -> None:
    """Finding 4: the street numbering register and the petitions keep the owner's name and the
    parcel's number in their own search text. Ann Lee marries and becomes Ann Berg, and the
    County renumbers her parcel: her address and her petition are found by the new words, and
    no longer by the old."""
    from clerk_desk.kinds import Compass
    from clerk_desk.petitions import service as petitions
    from clerk_desk.petitions.service import PetitionData, SignerData
    from clerk_desk.street_numbers import addresses, assignment, streets

    with desk.action(admin) as action:
        ann = parties.add_party(action, _person("Ann Lee", street="118 Orange St"))
        action.session.flush()
        lot = parties.add_parcel(action, ParcelData("281-1005-12-000", "118 Orange St", ann.id))
        street = streets.add_street(
            action,
            streets.StreetData(
                name="Orange",
                suffix="St",
                odd_side=Compass.NORTH,
                increases_toward=Compass.EAST,
                range_low=100,
                range_high=199,
            ),
        )
        action.session.flush()
        assignment.assign_number(
            action,
            assignment.AssignmentData(
                street_id=street, number=118, parcel_id=lot.id, side=Compass.SOUTH
            ),
        )
        petitions.receive_petition(
            action,
            PetitionData(
                petitions.PetitionKind.CURB_AND_GUTTER,
                "Orange St",
                signers=[SignerData(ann.id, lot.id)],
            ),
        )
        ann_id, lot_id = ann.id, lot.id

    def found(text: str) -> tuple[list[str], list[str]]:
        with desk.database.reading() as session:
            return (
                [addresses.address_text(a) for a in addresses.search_addresses(session, text)],
                [p.number for p in petitions.search_petitions(session, text)],
            )

    assert found("lee") == (["118 Orange St"], ["P-2026-001"])
    with desk.action(admin) as action:
        parties.update_party(action, ann_id, _person("Ann Berg", street="118 Orange St"))
        parties.update_parcel(
            action, lot_id, ParcelData("281-1005-12-100", "118 Orange St", ann_id)
        )
    assert found("berg") == (["118 Orange St"], ["P-2026-001"])
    assert found("281-1005-12-100") == (["118 Orange St"], ["P-2026-001"])
    assert found("lee") == ([], [])
    assert found("281-1005-12-000") == ([], [])


def test_a_picker_offers_the_first_fifty_names_and_narrows_as_typed(
    desk: Desk, admin: SignedIn
) -> None:
    """A party picker shows four names at a time: it reads the first fifty of what matches,
    not the register's two hundred, and typing finds a name beyond them."""
    from clerk_desk import parties_views

    for number in range(1, 61):
        _add(desk, admin, _person(f"Owner {number:03d}"))
    with desk.lookup(admin) as action:
        offered = parties_views.party_choices(action, "")
        assert len(offered) == parties_views.PICKER_LIMIT == 50
        assert [row.name for row in offered][:2] == ["Owner 001", "Owner 002"]
        assert [row.name for row in parties_views.party_choices(action, "owner 060")] == [
            "Owner 060"
        ]
    assert len(_found(desk, "")) == 60  # the register itself still lists them all

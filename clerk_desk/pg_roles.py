"""PostgreSQL roles for several counter stations: an owner that changes the schema, and the
stations' role that may only do the day's work.

The owner role owns every table: it runs the migrations and restores. The stations connect as a
role granted what saving and looking up need, and nothing more: on the audit trail only SELECT
and INSERT, so that a station (or someone at it with the station's password) can neither change
nor remove an event, nor TRUNCATE the table, nor switch off its append-only trigger (ALTER TABLE
needs the owner). :func:`grant_station_role` writes that set in one place; a migration run by the
owner re-applies it to every station role afterwards (:func:`regrant_station_roles`), so a table
a new version adds is granted too.
"""

from __future__ import annotations

from sqlalchemy import Connection, text
from sqlalchemy.engine import URL

from clerk_desk.errors import DatabaseUnavailable, InvalidInput

APPEND_ONLY = {"audit_event": ("SELECT", "INSERT")}
"""Tables a station may read and add to, but never change: the audit trail."""
READ_ONLY = {"alembic_version": ("SELECT",)}
"""Tables a station reads and only the owner writes: the schema's version."""
DAY_TO_DAY = ("SELECT", "INSERT", "UPDATE", "DELETE")
"""Every other table (the chain's head, ``audit_chain``, is updated at each save)."""

_WITNESS = "audit_event"
"""The table whose grants tell which roles are station roles (see :func:`station_roles`)."""


def _quote(connection: Connection, name: str) -> str:
    return connection.dialect.identifier_preparer.quote(name)


def _tables(connection: Connection) -> list[str]:
    return list(
        connection.scalars(
            text(
                "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() "
                "ORDER BY tablename"
            )
        )
    )


def grant_station_role(connection: Connection, role: str) -> list[str]:
    """Give ``role`` exactly what a counter station needs on every table and sequence of the
    current schema, taking away anything more; return the tables granted.

    Run by the tables' owner (``clerk-desk grant-station-role ROLE``). Running it again is
    harmless and puts back the intended set if someone granted more by hand.
    """
    known = connection.scalar(
        text("SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = :role"), {"role": role}
    )
    if known is None:
        raise InvalidInput(
            f"There is no role {role!r} on the database server: create it first "
            f"(createuser --pwprompt {role}).",
            field="role",
        )
    if known:
        raise InvalidInput(
            f"The role {role!r} is a superuser: no grant can keep it from the audit trail. "
            "Stations need an ordinary role (createuser without --superuser).",
            field="role",
        )
    owner = connection.scalar(
        text(
            "SELECT tableowner FROM pg_catalog.pg_tables "
            "WHERE schemaname = current_schema() AND tablename = :table"
        ),
        {"table": _WITNESS},
    )
    if owner is None:
        raise DatabaseUnavailable(
            "This database has no Clerk Desk tables yet: run clerk-desk migrate as the owner "
            "first, then grant the stations' role."
        )
    if owner == role:
        raise InvalidInput(
            f"The role {role!r} owns the tables: an owner can alter them and switch off the "
            "audit trail's protection. Stations need a role of their own.",
            field="role",
        )
    who = _quote(connection, role)
    schema = _quote(connection, str(connection.scalar(text("SELECT current_schema()"))))
    connection.execute(text(f"GRANT USAGE ON SCHEMA {schema} TO {who}"))
    tables = _tables(connection)
    for table in tables:
        name = _quote(connection, table)
        privileges = APPEND_ONLY.get(table) or READ_ONLY.get(table) or DAY_TO_DAY
        connection.execute(text(f"REVOKE ALL ON TABLE {name} FROM {who}"))
        connection.execute(text(f"GRANT {', '.join(privileges)} ON TABLE {name} TO {who}"))
    # The id columns' sequences: nextval needs USAGE, nothing else is needed.
    connection.execute(text(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {schema} FROM {who}"))
    connection.execute(text(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA {schema} TO {who}"))
    return tables


def station_roles(connection: Connection) -> list[str]:
    """The roles granted as stations: those holding INSERT on the audit trail without owning it
    (and not superusers, who need no grant)."""
    return list(
        connection.scalars(
            text(
                "SELECT DISTINCT grantee FROM information_schema.role_table_grants "
                "WHERE table_schema = current_schema() AND table_name = :table "
                "AND privilege_type = 'INSERT' AND grantee <> ("
                "  SELECT tableowner FROM pg_catalog.pg_tables "
                "  WHERE schemaname = current_schema() AND tablename = :table) "
                "AND grantee IN (SELECT rolname FROM pg_catalog.pg_roles WHERE NOT rolsuper) "
                "ORDER BY grantee"
            ),
            {"table": _WITNESS},
        )
    )


def regrant_station_roles(connection: Connection) -> list[str]:
    """After a migration: grant every station role the tables as they are now."""
    roles = station_roles(connection)
    for role in roles:
        grant_station_role(connection, role)
    return roles


def require_owner(connection: Connection, url: URL) -> None:
    """Refuse, in words, a migration by a role that may not change the tables."""
    may = connection.scalar(
        text(
            "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_tables "
            "  WHERE schemaname = current_schema() AND tablename = 'alembic_version') "
            "THEN has_schema_privilege(current_schema(), 'CREATE') "
            "ELSE pg_has_role((SELECT tableowner FROM pg_catalog.pg_tables "
            "  WHERE schemaname = current_schema() AND tablename = 'alembic_version'), 'USAGE') "
            "END"
        )
    )
    if may:
        return
    station = connection.scalar(text("SELECT current_user"))
    owner_url = url.set(username="OWNER", password=None).render_as_string(hide_password=True)
    raise DatabaseUnavailable(
        "The database's tables are not those this version of Clerk Desk needs (older, or not "
        f"made yet), and this station's account "
        f"({station}) may not change them: the database must be brought up to date by "
        f"the owner. Ask your IT contact to run: clerk-desk --database {owner_url} migrate "
        "(as the role that owns the database), then start Clerk Desk again."
    )

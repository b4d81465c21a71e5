"""Alembic environment: always run from code with a connection handed in by ``config()``."""

from __future__ import annotations

from alembic import context

from clerk_desk.models import Base
from clerk_desk.text_search import include_object

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "Clerk Desk migrations run from clerk_desk.migrations.upgrade(), not the CLI"
    )

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite cannot ALTER most things; batch mode rebuilds the table
    compare_type=True,
    include_object=include_object,  # the trigram index is the migrations' alone (0011)
)
with context.begin_transaction():
    context.run_migrations()

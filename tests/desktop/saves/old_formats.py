"""A current save rewritten as an older format held it, for the migration tests (formats 1 to 4)."""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

from rt0table.desktop.saves.schema import MIGRATION_NAMES, migrations

# Columns that format 5 folded into ``fight.setup`` (and out of the header), read back from that JSON.
_FROM_SETUP = {
    "seed": "json_extract({s}, '$.seed')",
    "room_size": "json_extract({s}, '$.room_size')",
    "practice": "CASE WHEN json_extract({s}, '$.practice') THEN 1 ELSE 0 END",
    "fighters": "json_extract({s}, '$.fighters')",
    "adversaries": "json_extract({s}, '$.adversaries')",
    "bestiary": "json_extract({s}, '$.bestiary')",
    "day": "coalesce(json_extract({s}, '$.day'), 0)",
}
# A header of a save begun before its first fight (formats 3 and 4 wrote these).
_NO_SETUP = {"seed": "0", "room_size": "0", "practice": "0", "fighters": "'[]'", "adversaries": "'[]'",
             "bestiary": "'{}'"}  # fmt: skip
_FIRST_SETUP = "(SELECT setup FROM current.fight WHERE number = 1)"


def old_format_copy(source: Path, target: Path, version: int) -> None:
    """``target`` as a save of format ``version`` holding what ``source`` (a current save) holds.

    Formats 1 and 2 had no ``fight`` table: the copy keeps fight 1 only (a source with one fight loses nothing).
    """
    db = Database(target, execute_plugins=False)
    migrations.apply(db, stop_before=MIGRATION_NAMES[version] if version < len(MIGRATION_NAMES) else None)
    db.execute("ATTACH DATABASE ? AS current", [str(source)])
    with db.atomic():
        for table in db.table_names():
            if table.startswith("_sqlite"):
                continue
            columns = list(db.table(table).columns_dict)
            select = ", ".join(_expression(table, column) for column in columns)
            where = " WHERE fight = 1" if version < 3 and table in ("log", "snapshot") else ""
            db.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select} FROM current.{table}{where}")
        db.execute(f"UPDATE game SET save_format = {version}")
    db.execute("DETACH DATABASE current")
    db.close()


def _expression(table: str, column: str) -> str:
    if table == "game" and column in _FROM_SETUP:
        found = _FROM_SETUP[column].format(s=_FIRST_SETUP)
        return f"CASE WHEN {_FIRST_SETUP} IS NULL THEN {_NO_SETUP[column]} ELSE {found} END"
    if table == "fight" and column in _FROM_SETUP:
        return _FROM_SETUP[column].format(s="setup")
    return column

"""The premade party a one-shot of Act 1 starts with (ACT-ONE-SHOT): three Report Cards shipped as house content in
``assets/paradise_lua/quick_start.json``, each checked by the character rules when read.
"""

from __future__ import annotations

import json
from typing import Any

from ..rt0.campaign.character import Character, CharacterError, validate
from ..rt0.fight.serialize import decode
from .world_content import WorldContentError

FILE = "quick_start.json"


def read_party(text: str | bytes, filename: str = FILE) -> tuple[Character, ...]:
    """The party in a quick-start file; raises WorldContentError naming the file, the entry and the field."""
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
        raise WorldContentError(f"{filename}: not readable JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("party"), list) or not data["party"]:
        raise WorldContentError(f'{filename}: must be an object with a non-empty list "party"')
    party: list[Character] = []
    for index, raw in enumerate(data["party"]):
        where = f"{filename}: party entry {index + 1}"
        if not isinstance(raw, dict):
            raise WorldContentError(f"{where}: must be an object")
        try:
            character = decode(Character, raw, "character")
            validate(character, party)
        except CharacterError as error:
            problem = error.problems[0]
            said = f"field '{problem.field}': {problem.message}"
            raise WorldContentError(f"{where} ({raw.get('name')!r}): {said}") from None
        except (ValueError, KeyError, TypeError) as error:
            raise WorldContentError(f"{where}: {str(error).strip(chr(39))}") from None
        party.append(character)
    return tuple(party)


def quick_start_party() -> tuple[Character, ...]:
    """The shipped quick-start party."""
    from ...assets.bundled import bundled_bytes

    return read_party(bundled_bytes("paradise_lua", FILE))

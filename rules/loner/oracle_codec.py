"""The solo oracle's state as a save keeps it, and back: shared by every game the oracle sits beside."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..game_json import decode, encode
from ..seam import RulesError
from .journal import JournalError
from .oracle_state import OracleState
from .scenes import SceneFrame

# Saves write the oracle's fields in its class's order but for these: the scenes played before the scene, the
# scene's frame beside its own fields, and the two tag shelves together under "tags".
TAG_SIDES = {"for": "tags_for", "against": "tags_against"}


def write_oracle(oracle: OracleState) -> dict[str, Any]:
    """The oracle's state as JSON data."""
    own: dict[str, Any] = encode(oracle)
    scene = own["scene"]
    if scene is not None:
        frame = scene.pop("frame")
        own["scene"] = {"number": scene["number"], "kind": scene["kind"], **frame, **scene}
    own = {
        "counter": own.pop("counter"),
        "twist_due": own.pop("twist_due"),
        "in_conflict": own.pop("in_conflict"),
        "leverage": own.pop("leverage"),
        "scenes_played": own.pop("scenes_played"),
        **own,
    }
    own["tags"] = {side: own.pop(name) for side, name in TAG_SIDES.items()}
    if own["rng"] is None:  # an oracle that never threw its own dice writes what saves always held
        del own["rng"]
    else:
        own["rng"] = own.pop("rng")  # after the tags
    return own


def read_oracle_state(data: Any) -> OracleState:
    """The oracle's state ``write_oracle`` wrote; a save from before the optional modules had a panel, or before the
    tag shelf was kept, lacks them and gets them empty."""
    if not isinstance(data, dict):
        raise JournalError("solo journal: field 'oracle' must be an object")
    own = {key: value for key, value in data.items() if key != "tags"}
    tags = data.get("tags", {})
    for side, name in TAG_SIDES.items():
        shelf = tags.get(side, []) if isinstance(tags, dict) else None
        if not isinstance(shelf, list) or not all(
            isinstance(t, list) and len(t) == 2 and isinstance(t[0], str) and isinstance(t[1], bool) for t in shelf
        ):
            raise JournalError(f"solo journal: field 'oracle.tags.{side}' must be a list of [tag, picked] pairs")
        own[name] = shelf
    scene = own.get("scene")
    if isinstance(scene, dict):
        frame = {key: scene[key] for key in SCENE_FRAME if key in scene}
        own["scene"] = {key: value for key, value in scene.items() if key not in SCENE_FRAME} | {"frame": frame}
    try:
        return decode(OracleState, own, "oracle")
    except JournalError:
        raise
    except RulesError as error:
        where, _, problem = str(error).partition(": ")
        where = where.replace(".scene.frame.", ".scene.")  # the frame is written beside the scene's own fields
        raise JournalError(f"solo journal: field '{where}' {problem}") from None
    except ValueError as error:
        raise JournalError(f"solo journal: the oracle's state cannot be read ({error})") from None


SCENE_FRAME = tuple(f.name for f in fields(SceneFrame))

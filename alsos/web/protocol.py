"""The web table's protocol as a JSON Schema (draft 2020-12), and the check of what a page sends.

Every message is a JSON object told apart by its ``"type"``.  Each type has
one entry here -- :data:`SERVER_MESSAGES` for the frames the server sends,
:data:`CLIENT_MESSAGES` for what a page may send -- so a new message is one
new entry.  The game data inside the frames (a view, an event, a settlement)
is described by :func:`alsos.play.data.schema`, derived from the classes
themselves; :func:`schema` puts it all in one document (``alsos serve
--schema`` prints it, ``docs/server.rst`` describes it).

The server checks every message a page sends against the same entries
(:func:`check_client`) before it acts on it, so the schema a client is
written against and the server's verdict cannot drift apart: the entries for
client messages use only ``type``, ``const``, ``minimum``, ``maxLength``,
``required`` and ``additionalProperties: false``, which the check reads.
"""

from __future__ import annotations

import copy
from typing import Any

from alsos.pack.cards import quote
from alsos.play.data import schema as data_schema
from alsos.ruleset.schema import SCHEMA_DIALECT
from alsos.web.messages import ACTION_GROUPS, PROTOCOL

__all__ = ["CLIENT_MESSAGES", "SERVER_MESSAGES", "check_client", "schema"]


def _message(kind: str, doc: str, props: dict[str, Any], optional: tuple[str, ...] = ()) -> Any:
    """One message's schema: an object of ``type`` ``kind`` and ``props``, all of them
    required but ``optional``, no other key."""
    return {
        "description": doc,
        "type": "object",
        "properties": {"type": {"const": kind}, **props},
        "required": ["type", *(p for p in props if p not in optional)],
        "additionalProperties": False,
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


_GROUP_NAMES = [name for _, name in ACTION_GROUPS]
_TEXT = {"type": "string"}
_PLY = {"type": "integer", "minimum": 0, "description": "How many actions the table had taken."}
# a ply a page names: any whole number (one not the table's is refused as stale)
_ASKED = {"type": "integer", "description": "The ply the page showed when it was clicked."}
_SEAT = {"type": "integer", "minimum": -1, "description": "A seat; -1 is a spectator."}
_HAND = {"type": "integer", "minimum": 1, "description": "The hand in play, 1 the first."}
_ASKED_HAND = {"type": "integer", "description": "The hand the page showed when it was clicked."}
_SEATS_INTS = {"type": "array", "items": {"type": "integer"}}
_SEAT_OR_NONE = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}

#: The frames the server sends, by ``type``.
SERVER_MESSAGES: dict[str, Any] = {
    "welcome": _message(
        "welcome",
        "The first frame of a connection: the protocol, the seat the link opened, the "
        "table, and to a person's seat the spectators' token (to invite spectators).",
        {
            "protocol": {"const": PROTOCOL},
            "seat": _SEAT,
            "table": _ref("Table"),
            "watch": {"type": "string"},
        },
        optional=("watch",),
    ),
    "state": _message(
        "state",
        "The table as the seat sees it: after the welcome and after every accepted action.",
        {
            "ply": _PLY,
            "dealer": {"type": "integer", "minimum": 0, "description": "The hand's dealer."},
            "view": _ref("View"),
            "held": {
                "type": "array",
                "items": _ref("Card"),
                "description": "The seat's hand in the order a player holds it (trumps "
                "first, each suit strongest first in the game's order).",
            },
            "actions": {"type": "array", "items": _ref("LegalAction")},
            "story": {
                "type": "array",
                "items": _ref("StoryLine"),
                "description": "The hand so far in words, as the seat may know it "
                "(alsos.words.story): what the terminal narrator prints.",
            },
            "settlement": {"anyOf": [_ref("Settlement"), {"type": "null"}]},
            "explained": {
                "type": "array",
                "items": _ref("ExplainedLine"),
                "description": "Why the hand paid what it paid, line by line, once it is "
                "over (alsos.words.settlement.explain_settlement); empty before.",
            },
            "record": {
                "type": "string",
                "description": "The whole record, to a spectator once the hand is over.",
            },
            "clock": {
                "type": "number",
                "minimum": 0,
                "description": "Under a turn limit: the seconds the person to act has left "
                "(then a bot moves for them once).",
            },
        },
        optional=("record", "clock"),
    ),
    "events": _message(
        "events",
        "What one accepted action caused, as the seat sees it; ply counts it.",
        {"ply": _PLY, "events": {"type": "array", "items": _ref("Event")}},
    ),
    "refused": _message(
        "refused",
        "An action or undo not taken, and why: nothing changed.",
        {"action": _TEXT, "reason": _TEXT},
    ),
    "error": _message(
        "error",
        "A message not read (too large, too frequent, malformed): nothing changed.",
        {"reason": _TEXT},
    ),
    "undone": _message(
        "undone",
        "A seat took back its last decision and the actions that followed it.",
        {"seat": _SEAT, "actions": {"type": "integer", "minimum": 1}},
    ),
    "hint": _message("hint", "A suggestion for the seat, or why there is none.", {"text": _TEXT}),
    "record": _message(
        "record",
        "The seat's own record while the hand goes on, the whole one once it is over.",
        {"whole": {"type": "boolean"}, "text": _TEXT},
    ),
    "sheet": _message(
        "sheet",
        "The session's score sheet, public: sent to every page when a hand ends and "
        "when the next is dealt.",
        {"hand": _HAND, "session": _ref("Session")},
    ),
    "pong": _message("pong", "The answer to a ping.", {}),
    "table": _message(
        "table",
        "The table's public facts again, sent to every page when they change: a name "
        "chosen, a seat taken, a person away or back, a stand-in bot, a rematch.",
        {"table": _ref("Table")},
    ),
}

#: What a page may send, by ``type``.
CLIENT_MESSAGES: dict[str, Any] = {
    "hello": _message(
        "hello",
        "The first message of a connection: the secret token of a seat (or the "
        "spectators'), and the language the page reads (a code alsos has words for: "
        "alsos.language.LANGUAGES; English when not given).",
        {
            "token": {"type": "string", "maxLength": 200},
            "lang": {"type": "string", "maxLength": 16},
        },
        optional=("lang",),
    ),
    "act": _message(
        "act",
        "Take an action (in the alsos notation) at the ply the page shows; naming the "
        "hand refuses it as stale once that hand is over.",
        {"action": {"type": "string", "maxLength": 200}, "ply": _ASKED, "hand": _ASKED_HAND},
        optional=("hand",),
    ),
    "next": _message(
        "next",
        "Deal the hand after the finished hand it names (a stale number does nothing).",
        {"hand": _ASKED_HAND},
    ),
    "undo": _message(
        "undo",
        "Take back the seat's last decision and what followed (against bots only).",
        {"ply": _ASKED},
    ),
    "name": _message(
        "name",
        "Choose the name the table shows for this seat (a person's seat only; at most "
        "24 characters, no control character, not another seat's name).",
        {"name": {"type": "string", "maxLength": 100}},
    ),
    "hint": _message("hint", "Ask for a suggestion (against bots only).", {}),
    "rematch": _message(
        "rematch",
        "Once the session is over: play a new one with the same people (a person's seat "
        "only); every page is sent the new table's id in a table frame.",
        {},
    ),
    "record": _message("record", "Ask for the record.", {}),
    "ping": _message("ping", "Ask for a pong.", {}),
}

_TABLE = {
    "description": "The table's public facts.",
    "type": "object",
    "properties": {
        "id": _TEXT,
        "variant": _TEXT,
        "name": _TEXT,
        "players": {"type": "integer", "minimum": 2},
        "dealer": {"type": "integer", "minimum": 0},
        "hand": _HAND,
        "session": _ref("Session"),
        "seats": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seat": {"type": "integer", "minimum": 0},
                    "kind": _TEXT,
                    "name": _TEXT,
                    "free": {
                        "type": "boolean",
                        "description": "A person's seat no one took yet (from the lobby).",
                    },
                    "here": {"type": "boolean", "description": "A page is open at the seat."},
                    "grace": {
                        "type": "number",
                        "minimum": 0,
                        "description": "The person is away: seconds until a stand-in plays.",
                    },
                    "standin": {
                        "type": "string",
                        "description": "The person is away: the bot level playing for them.",
                    },
                },
                "required": ["seat", "kind", "name"],
                "additionalProperties": False,
            },
        },
        "settings": {
            "type": "object",
            "description": "What the table does besides its rules (alsos.web.lobby.Settings).",
            "properties": {
                "title": _TEXT,
                "listed": {"type": "boolean"},
                "grace": {"type": "number", "minimum": 0},
                "stand_in": {"anyOf": [_TEXT, {"type": "null"}]},
                "turn_time": {"anyOf": [{"type": "number"}, {"type": "null"}]},
                "boards": {
                    "description": "a tournament's table: the boards it plays (else null)",
                    "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}],
                },
                "tournament": {
                    "description": "a tournament's table: the tournament's id (else null)",
                    "anyOf": [_TEXT, {"type": "null"}],
                },
                "numbers": {
                    "description": "a tournament's bots here: [seat, number among its bots]",
                    "type": "array",
                    "items": {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 0},
                        "minItems": 2,
                        "maxItems": 2,
                    },
                },
            },
            "required": [
                "title",
                "listed",
                "grace",
                "stand_in",
                "turn_time",
                "boards",
                "tournament",
                "numbers",
            ],
            "additionalProperties": False,
        },
        "rematch": {
            "type": "string",
            "description": "The table the session goes on at (the same links' tokens).",
        },
    },
    "required": [
        "id",
        "variant",
        "name",
        "players",
        "dealer",
        "seats",
        "hand",
        "session",
        "settings",
    ],
    "additionalProperties": False,
}

_SHEET_LINE = {
    "description": "One finished hand on the score sheet, per seat by index.",
    "type": "object",
    "properties": {
        "hand": _HAND,
        "dealer": {"type": "integer", "minimum": 0},
        "contract": {"anyOf": [_TEXT, {"type": "null"}]},
        "declarer": _SEAT_OR_NONE,
        "written": _SEATS_INTS,
        "payments": _SEATS_INTS,
        "bonus": _SEATS_INTS,
        "totals": _SEATS_INTS,
    },
    "required": [
        "hand",
        "dealer",
        "contract",
        "declarer",
        "written",
        "payments",
        "bonus",
        "totals",
    ],
    "additionalProperties": False,
}

_SESSION = {
    "description": (
        "A session (alsos.Session.summary()): its kind, the scores and net results, the "
        "sheet, and what its own rule keeps (a rubber's or radli's target, prize and "
        "winner; a session of deals' deals and deals left; declarations where limited)."
    ),
    "type": "object",
    "properties": {
        "kind": _TEXT,
        "over": {"type": "boolean"},
        "hands": {"type": "integer", "minimum": 0},
        "dealer": {"type": "integer", "minimum": 0},
        "scores": _SEATS_INTS,
        "result": _SEATS_INTS,
        "sheet": {"type": "array", "items": _ref("SheetLine")},
        "declared": _SEATS_INTS,
        "declare_limit": {"type": "integer", "minimum": 0},
        "target": {"type": "integer"},
        "prize": {"type": "integer"},
        "winner": _SEAT_OR_NONE,
        "deals": {"type": "integer", "minimum": 1},
        "left": {"type": "integer", "minimum": 0},
    },
    "required": ["kind", "over", "hands", "dealer", "scores", "result", "sheet"],
    "additionalProperties": False,
}

_LEGAL_ACTION = {
    "description": (
        "A legal action as offered: its notation, its group, an accessible name, a "
        "one-line explanation (may be empty), and the card's code for a card."
    ),
    "type": "object",
    "properties": {
        "action": _TEXT,
        "group": {"enum": ["answer", *_GROUP_NAMES]},
        "label": _TEXT,
        "help": _TEXT,
        "card": _ref("Card"),
    },
    "required": ["action", "group", "label", "help"],
    "additionalProperties": False,
}


_PART = {
    "description": "A piece of a story line: words, a card (its code), a suit (its "
    "letter and name) or words that stand out.",
    "type": "object",
    "properties": {"text": _TEXT, "card": _ref("Card"), "suit": _TEXT, "strong": _TEXT},
    "additionalProperties": False,
    "minProperties": 1,
}

_STORY_LINE = {
    "description": "One line of the story: header (a part of the hand begins: title, "
    "with the parts a note on it), text, note (explains the line before) or rule (the "
    "rulebook's words); depth is its indent under the header.",
    "type": "object",
    "properties": {
        "style": {"enum": ["header", "text", "note", "rule"]},
        "title": _TEXT,
        "depth": {"type": "integer", "minimum": 0},
        "parts": {"type": "array", "items": _ref("StoryPart")},
    },
    "required": ["style", "title", "depth", "parts"],
    "additionalProperties": False,
}

_EXPLAINED_LINE = {
    "description": "One line of a settlement's explanation: a fact (depth 1) or its detail.",
    "type": "object",
    "properties": {"depth": {"type": "integer", "minimum": 0}, "text": _TEXT},
    "required": ["depth", "text"],
    "additionalProperties": False,
}


def schema() -> dict[str, Any]:
    """The whole protocol as one JSON Schema (draft 2020-12): a message either way.

    ``$defs`` holds one entry per message -- ``server.<type>`` and
    ``client.<type>`` -- and ``ServerMessage`` / ``ClientMessage`` (any of
    them), besides the game data (``View``, ``Event``, ``Settlement`` ...).
    Validate a frame against one direction with a schema
    ``{"$ref": "#/$defs/ServerMessage", "$defs": ...}``.  A fresh dict each call.
    """
    defs: dict[str, Any] = {
        "Table": _TABLE,
        "LegalAction": _LEGAL_ACTION,
        "Session": _SESSION,
        "SheetLine": _SHEET_LINE,
        "StoryLine": _STORY_LINE,
        "StoryPart": _PART,
        "ExplainedLine": _EXPLAINED_LINE,
    }
    for kind in ("view", "event", "settlement"):
        for name, entry in data_schema(kind)["$defs"].items():
            if defs.setdefault(name, entry) != entry:  # pragma: no cover - a naming clash
                raise AssertionError(f"two schemas named {name}")
    for side, messages in (("server", SERVER_MESSAGES), ("client", CLIENT_MESSAGES)):
        for kind, entry in messages.items():
            defs[f"{side}.{kind}"] = entry
        defs[f"{side.capitalize()}Message"] = {
            "oneOf": [_ref(f"{side}.{kind}") for kind in messages]
        }
    return copy.deepcopy(
        {
            "$schema": SCHEMA_DIALECT,
            "title": "Alsós web table protocol (alsos.web)",
            "description": (
                "One JSON object per WebSocket message, told apart by its type: the server "
                "sends a ServerMessage, a page a ClientMessage."
            ),
            "anyOf": [_ref("ServerMessage"), _ref("ClientMessage")],
            "$defs": dict(sorted(defs.items())),
        }
    )


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "boolean": (bool,),
}


def check_client(message: Any, allowed: tuple[str, ...] | None = None) -> str | None:
    """Why ``message`` (parsed JSON) is not a client message of the protocol, or None.

    ``allowed``: the types accepted here (the first message must be a ``hello``,
    the later ones must not).  The answer names the message type, the key and
    what is allowed; the values a page sent are quoted, cut short.
    """
    kinds = tuple(CLIENT_MESSAGES) if allowed is None else allowed
    if not isinstance(message, dict):
        return f"a message is a JSON object, not {_json_kind(message)}"
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        return f"type: {quote(kind)} is not one of {', '.join(kinds)}"
    entry = CLIENT_MESSAGES[kind]
    props: dict[str, Any] = entry["properties"]
    for key in entry["required"]:
        if key not in message:
            return f"{kind}: {key!r} is missing ({_describe(props[key])})"
    for key, value in message.items():
        rule = props.get(key)
        if rule is None:
            keys = ", ".join(props)
            return f"{kind}: unknown key {quote(key)}; the keys are {keys}"
        if not _fits(rule, value):
            return f"{kind}: {key!r} is {_describe(rule)}, not {quote(value)}"
    return None


def _fits(rule: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` meets ``rule`` (the keywords the client entries use)."""
    if "const" in rule:
        return bool(value == rule["const"] and type(value) is type(rule["const"]))
    # bool is an int to Python, not an integer to JSON Schema; 3.0 is an integer to both
    integral = rule["type"] == "integer" and isinstance(value, float) and value.is_integer()
    if type(value) not in _JSON_TYPES[rule["type"]] and not integral:
        return False
    if "minimum" in rule and value < rule["minimum"]:
        return False
    return not ("maxLength" in rule and len(value) > rule["maxLength"])


def _describe(rule: dict[str, Any]) -> str:
    """What ``rule`` allows, in words."""
    if "const" in rule:
        return f"{rule['const']!r}"
    words = {"string": "text", "integer": "a whole number", "boolean": "true or false"}
    text = words.get(rule["type"], str(rule["type"]))
    if "minimum" in rule:
        text += f" from {rule['minimum']}"
    if "maxLength" in rule:
        text += f" of at most {rule['maxLength']} characters"
    return text


def _json_kind(value: Any) -> str:
    """The JSON name of ``value``'s kind."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "text"
    if value is None:
        return "null"
    return "a number" if isinstance(value, int | float) else "a value of another kind"

"""alsos: the Hungarian trick-taking game Alsós and its variants, as a library.

Load a variant profile, play hands through a state machine, read an itemised
settlement::

    import alsos
    rules = alsos.load_variant("potter1930")
    game = alsos.Game(rules, seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.settlement)
"""

from alsos.actions import Action, ActionParseError, parse_action
from alsos.bots import RandomBot
from alsos.cards import Card, CardParseError, Order, Rank, Suit, format_cards, parse_cards
from alsos.data import DataError, from_data, to_data
from alsos.deal import Deal, DealError
from alsos.game import ConcurrentUseError, Contract, Game, IllegalActionError, Kind, Phase
from alsos.loading import load_variant, shipped_variants
from alsos.profile import ProfileError, Ruleset
from alsos.record import Record, RecordError
from alsos.session import Deals, Radli, Rubber, Session, new_session
from alsos.settlement import Entry, Settlement

# Cards draw themselves in notebooks: alsos.svg gives Card its _repr_svg_.
from alsos.svg import card_svg as _card_svg  # noqa: F401
from alsos.version import __version__
from alsos.view import View

__all__ = [
    "Action",
    "ActionParseError",
    "Card",
    "CardParseError",
    "ConcurrentUseError",
    "Contract",
    "DataError",
    "Deal",
    "DealError",
    "Deals",
    "Entry",
    "Game",
    "IllegalActionError",
    "Kind",
    "Order",
    "Phase",
    "ProfileError",
    "Radli",
    "RandomBot",
    "Rank",
    "Record",
    "RecordError",
    "Rubber",
    "Ruleset",
    "Session",
    "Settlement",
    "Suit",
    "View",
    "__version__",
    "format_cards",
    "from_data",
    "load_variant",
    "new_session",
    "parse_action",
    "parse_cards",
    "shipped_variants",
    "to_data",
]

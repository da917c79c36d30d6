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

from alsos.bots import RandomBot
from alsos.errors import (
    ActionError,
    AlsosError,
    BotError,
    NotationError,
    ResearchError,
    RLError,
    RulesetError,
    SearchError,
    WebError,
)
from alsos.hand.history import Step, StepParseError, parse_step
from alsos.hand.settlement import Entry, Settlement
from alsos.pack.actions import Action, ActionParseError, parse_action
from alsos.pack.cards import Card, CardParseError, Order, Rank, Suit, format_cards, parse_cards
from alsos.pack.deal import Deal, DealError

# Cards draw themselves in notebooks: alsos.pack.svg gives Card its _repr_svg_.
from alsos.pack.svg import card_svg as _card_svg  # noqa: F401
from alsos.play.data import DataError, from_data, to_data
from alsos.play.game import ConcurrentUseError, Contract, Game, IllegalActionError, Kind, Phase
from alsos.play.session import Deals, Radli, Rubber, Session, new_session
from alsos.play.view import View
from alsos.records.record import Record, RecordError
from alsos.ruleset.loading import load_variant, shipped_variants
from alsos.ruleset.profile import ProfileError, Ruleset
from alsos.version import __version__

__all__ = [
    "Action",
    "ActionError",
    "ActionParseError",
    "AlsosError",
    "BotError",
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
    "NotationError",
    "Order",
    "Phase",
    "ProfileError",
    "RLError",
    "Radli",
    "RandomBot",
    "Rank",
    "Record",
    "RecordError",
    "ResearchError",
    "Rubber",
    "Ruleset",
    "RulesetError",
    "SearchError",
    "Session",
    "Settlement",
    "Step",
    "StepParseError",
    "Suit",
    "View",
    "WebError",
    "__version__",
    "format_cards",
    "from_data",
    "load_variant",
    "new_session",
    "parse_action",
    "parse_cards",
    "parse_step",
    "shipped_variants",
    "to_data",
]

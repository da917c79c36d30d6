"""A finished hand told as prose: each action as a sentence, the contract, the settlement.

Where :mod:`alsos.words.story` tells a hand as it happens, line by line for a
screen, these sentences explain a replayed hand to a reader who never played
(the rulebook's worked example, ``alsos.rulebook.worked``): "Seat 1
announces abszolút (``announce abszolut``): to take at least 82 ...".  Each is
read from the typed action and the game as it stood before it -- nothing here
reads an action's text back -- and written as one message of a
:class:`~alsos.language.Language`, the notation kept as typed.
"""

from __future__ import annotations

from collections.abc import Callable

from alsos.hand.chosen import named_contracts
from alsos.hand.settlement import Entry
from alsos.language import ENGLISH, N_, Language, said_in
from alsos.pack.actions import (
    KONTRA_NAMES,
    MELD_NAMES,
    Accept,
    Action,
    Announce,
    Bid,
    ContractBid,
    Declare,
    DeclareMelds,
    Discard,
    Draw,
    Exchange,
    Kicsi,
    Kontra,
    Pass,
    Show,
    Siber,
)
from alsos.pack.phases import Kind
from alsos.play.game import Game
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.wording import profile_words
from alsos.words.rules import contract_name, figure_meaning, seat_name, suit_name

__all__ = [
    "action_sentence",
    "contract_title",
    "declarer_sentence",
    "item_name",
    "settlement_sentences",
]

Who = Callable[[int], str]


def _who(lang: Language, who: Who | None) -> Who:
    """Names a seat at the start of a sentence: ``Seat 1`` (or the client's names)."""
    if who is not None:
        return who
    return lambda seat: seat_name(seat, lang).capitalize()


def _code(action: Action) -> str:
    """The action in the notation, as a literal in the reader's markup."""
    return f"``{action}``"


def item_name(target: str, rules: Ruleset, lang: Language = ENGLISH) -> str:
    """An item a kontra names, in words: ``game`` -> the game, ``abszolut@1`` -> seat 1's
    abszolút."""
    name, _, seat = target.partition("@")
    if name == "game":
        return lang.text("the game")
    fig = rules.figures.get(name)
    own = fig.title if fig is not None else ""
    title = profile_words(rules, lang).figure_title(name, own) or name
    if not seat:
        return title
    return lang.text("{player}'s {item}", player=seat_name(int(seat), lang), item=title)


def action_sentence(
    game: Game,
    seat: int,
    action: Action,
    *,
    front: bool,
    detail: str = "",
    again: bool = False,
    lang: Language = ENGLISH,
    who: Who | None = None,
) -> str:
    """``seat``'s ``action`` as a sentence, read at its point of the hand (``game`` as
    it was before it).  ``front``: said in the front announcements; ``detail``: what
    the action brought to light (the cards drawn, the kinds of meld declared);
    ``again``: the seat's step before was its own too (a pass then ends its turn)."""
    rules, t = game.rules, lang.text
    player, code = _who(lang, who)(seat), _code(action)
    if isinstance(action, Pass):
        message = (
            N_("{player} ends its turn ({code}).") if again else N_("{player} passes ({code}).")
        )
        return t(message, player=player, code=code)
    ladder = _ladder(game, action, detail, lang) if named_contracts(rules) else None
    message, values = ladder or _stake(game, action, front, lang) or _plain(game, action, lang)
    return t(message, player=player, code=code, **values)


#: A sentence's message and the values of its placeholders other than player and code.
_Said = tuple[str, dict[str, object]]


def _stake(game: Game, action: Action, front: bool, lang: Language) -> _Said | None:
    """A figure announced or a kontra said: what it undertakes or multiplies, and by how
    much from where it was said; None for another action."""
    rules, t = game.rules, lang.text
    if isinstance(action, Announce) and action.figure in rules.figures:
        fig = rules.figures[action.figure]
        if front and fig.front_multiplier != 1:
            when = t("from the front, so it counts {n} times its value", n=fig.front_multiplier)
        else:
            when = t("from the front") if front else t("from the back")
        message = N_(
            "{player} announces {figure} ({code}): to {meaning}; worth {value}, said {when}."
        )
        return message, {
            "figure": profile_words(rules, lang).figure_title(action.figure, fig.title)
            or action.figure,
            "meaning": figure_meaning(rules, action.figure, lang),
            "value": fig.value,
            "when": when,
        }
    word = _kontra_word(action)
    if isinstance(action, Kontra) and word in rules.kontra.levels:
        k = rules.kontra
        target = action.figure if action.seat is None else f"{action.figure}@{action.seat}"
        message = N_("{player} says {word} on {item} ({code}), multiplying its stake by {factor}.")
        return message, {
            "word": word,
            "item": item_name(target, rules, lang),
            "factor": k.front_factor if front else k.back_factor,
        }
    return None


def _plain(game: Game, action: Action, lang: Language) -> _Said:
    """Any other action outside a ladder auction: what it does, in a sentence."""
    if isinstance(action, Accept):
        message = N_("{player} accepts the indicator's suit, {suit}, as trumps ({code}).")
        return message, {"suit": suit_name(game.original, lang)}
    if isinstance(action, Bid):
        return N_("{player} bids {bid} ({code})."), {"bid": _bid(action, lang)}
    if isinstance(action, Exchange):
        message = N_("{player} swaps its low trump for the indicator, {card} ({code}).")
        return message, {"card": game.indicator.name}
    if isinstance(action, Siber):
        message = N_("{player} does a síber ({code}): lays down the low trump and takes the talon.")
        return message, {}
    if isinstance(action, Discard):
        message = N_("{player} puts {card} back face down ({code}); it counts for nobody.")
        return message, {"card": action.card.name}
    if isinstance(action, Declare):
        meld = "vannak" if action.length == 0 else MELD_NAMES.get(action.length, action.length)
        return N_("{player} declares a meld, {meld} ({code})."), {"meld": meld}
    if isinstance(action, Show):
        return N_("{player} shows the next detail of the meld ({code})."), {}
    if isinstance(action, Kicsi):
        return N_("{player} gives up the meld contest ({code})."), {}
    return N_("{player}: {code}."), {}


def _bid(action: Bid, lang: Language) -> str:
    return lang.text("no-trumps") if action.suit is None else suit_name(action.suit, lang)


def _kontra_word(action: Action) -> str:
    """The kontra step's word as the notation writes it ("" for another action)."""
    if not isinstance(action, Kontra) or not 0 < action.level <= len(KONTRA_NAMES):
        return ""
    return KONTRA_NAMES[action.level - 1]


def _ladder(game: Game, action: Action, detail: str, lang: Language) -> _Said | None:
    """The actions of a ladder auction (``bidding.contracts``), where bids name
    contracts, the talon is drawn while bidding and melds are declared by kind; None
    for an action told as in other games."""
    rules = game.rules
    said = [a for _, a in game.history]
    if isinstance(action, ContractBid) and action.contract in named_contracts(rules):
        spec = named_contracts(rules)[action.contract]
        aims = "; ".join(figure_meaning(rules, n, lang) for n in spec.objectives)
        message = N_("{player} bids {contract} ({code}): to {aims}.")
        title = profile_words(rules, lang).contract_title(action.contract, spec.title)
        return message, {"contract": title, "aims": aims or lang.text("win it")}
    if isinstance(action, Draw):
        if detail:
            message = N_("{player} draws two talon cards, {cards}, unseen by the others ({code}).")
            return message, {"cards": detail}
        return N_("{player} draws two talon cards, unseen by the others ({code})."), {}
    if isinstance(action, Discard) and not any(isinstance(a, Bid) for a in said):
        message = N_(
            "{player} lays {card} face down on the talon ({code}); a higher bidder would draw it."
        )
        return message, {"card": action.card.name}
    if isinstance(action, Discard) and any(isinstance(a, Exchange) for a in said):
        message = N_("{player} lays {card} face up in its place ({code}); it counts for nobody.")
        return message, {"card": action.card.name}
    if isinstance(action, Bid):
        return N_("{player} names {suit} as trumps ({code})."), {"suit": _bid(action, lang)}
    if isinstance(action, Exchange):
        message = N_("{player} takes the face-up talon card, {card} ({code}).")
        return message, {"card": game.indicator.name}
    if isinstance(action, Siber):
        return N_("{player} takes the set-aside pair of talon cards too ({code})."), {}
    if isinstance(action, DeclareMelds | Declare):
        if detail:
            return N_("{player} declares its melds ({code}): {kinds}, by kind only."), {
                "kinds": detail
            }
        return N_("{player} declares its melds ({code})."), {}
    return None


def contract_title(game: Game, lang: Language = ENGLISH) -> str:
    """The contract in words: a ladder contract by its title and trumps
    (``Solo, with acorns as trumps``), any other as the notation writes it."""
    c = game.contract
    spec = named_contracts(game.rules).get(c.name) if c is not None and c.name else None
    if c is None or c.kind is Kind.KLOPITZKY:
        return str(c)
    if spec is None:  # the kind of game, in the language (``trump leaves`` in English)
        return contract_name(game.rules, c, lang)
    title = _ladder_title(game, lang)
    if c.trump is None:
        return lang.text("{contract}, without trumps", contract=title)
    return lang.text(
        "{contract}, with {suit} as trumps", contract=title, suit=suit_name(c.trump, lang)
    )


def _ladder_title(game: Game, lang: Language) -> str:
    """A ladder contract by its title alone (``Solo``), without its trumps."""
    c = game.contract
    spec = named_contracts(game.rules).get(c.name) if c is not None and c.name else None
    if c is None or spec is None:
        return str(c)
    return profile_words(game.rules, lang).contract_title(c.name or "", spec.title)


def declarer_sentence(game: Game, lang: Language = ENGLISH, who: Who | None = None) -> str:
    """Who declared and what, once the contract is known."""
    assert game.declarer is not None
    return lang.text(
        "{player} is the declarer; the contract is {contract}.",
        player=_who(lang, who)(game.declarer),
        contract=contract_title(game, lang),
    )


def settlement_sentences(game: Game, lang: Language = ENGLISH, who: Who | None = None) -> list[str]:
    """The settlement of a finished hand as sentences: the points, each item and its
    worth (or a ladder contract's objectives), and who pays whom."""
    st, rules, t = game.settlement, game.rules, lang.text
    assert st is not None
    name = who or (lambda seat: seat_name(seat, lang))
    lines = []
    ladder = st.declarer is not None and bool(named_contracts(rules))
    if ladder:
        lines += _contract_settlement(game, lang, name)
    elif st.declarer is not None and st.card_points:
        totals = {
            seat: st.card_points[seat] + st.meld_points.get(seat, 0) + st.bela.get(seat, 0)
            for seat in st.card_points
        }
        others = ", ".join(str(v) for s, v in sorted(totals.items()) if s != st.declarer)
        message = (
            N_(
                "The declarer's points (cards in tricks, melds, béla) add up to {total}; the "
                "others have {others}: the declarer wins the game."
            )
            if st.game_won
            else N_(
                "The declarer's points (cards in tricks, melds, béla) add up to {total}; "
                "the others have {others}: the declarer loses the game."
            )
        )
        lines.append(t(message, total=totals.get(st.declarer, 0), others=others))
    if not ladder:
        lines += [_entry_sentence(e, rules, lang, name) for e in st.entries]
    pays = ", ".join(
        t("{player} receives {n}", player=name(s), n=v)
        if v > 0
        else t("{player} pays {n}", player=name(s), n=-v)
        for s, v in sorted(st.payments.items())
        if v
    )
    lines.append(t("In all: {payments}.", payments=pays or t("nobody pays")))
    return lines


def _contract_settlement(game: Game, lang: Language, who: Who) -> list[str]:
    """A ladder contract's settlement in words: the points, each objective, the score."""
    st, t = game.settlement, lang.text
    assert st is not None and st.declarer is not None
    d = st.declarer
    totals = {seat: st.card_points[seat] + st.meld_points.get(seat, 0) for seat in st.card_points}
    others = [v for seat, v in sorted(totals.items()) if seat != d]
    lines = [
        t(
            "The declarer has {cards} card points in tricks and {melds} in melds, {total} in "
            "all; the defenders have {others}, {together} together.",
            cards=st.card_points[d],
            melds=st.meld_points.get(d, 0),
            total=totals[d],
            others=lang.join(map(str, others)),
            together=sum(others),
        )
    ]
    made = [said_in(n, lang) for n in st.notes if n.endswith((": made", ": lost"))]
    lines += [f"{n[0].upper()}{n[1:]}." for n in made]
    won = all(e.made for e in st.entries if e.seat == d)
    title = _ladder_title(game, lang)
    message = (
        N_("So {player} wins {contract} and writes {score:+d}; the defenders write nothing.")
        if won
        else N_("So {player} loses {contract} and writes {score:+d}; the defenders write nothing.")
    )
    lines.append(t(message, player=who(d), contract=title, score=st.written[d]))
    return lines


def _entry_sentence(e: Entry, rules: Ruleset, lang: Language, who: Who) -> str:
    """One item of the settlement: its base worth, each factor, made or lost."""
    t = lang.text
    if e.note:
        return f"{e.label}: {said_in(e.note, lang)}."
    name = t("The game") if e.label == "game" else item_name(e.label, rules, lang).capitalize()
    if e.seat is not None:
        name = t("{item} (undertaken by {player})", item=name, player=who(e.seat))
    parts = [t("{item} is worth {base}", item=name, base=e.base)]
    if e.front_multiplier != 1:
        parts.append(t("times {n} for being announced from the front", n=e.front_multiplier))
    parts += [t("times {n} for {boost}", n=factor, boost=label) for label, factor in e.boosts]
    for i, (_seat, front) in enumerate(e.steps):
        word = e.step_names[i] if i < len(e.step_names) else "kontra"
        factor = rules.kontra.front_factor if front else rules.kontra.back_factor
        message = (
            N_("times {n} for the {word} said from the front")
            if front
            else N_("times {n} for the {word} said from the back")
        )
        parts.append(t(message, n=factor, word=word))
    if e.call != 1:
        parts.append(t("times {n} for the call", n=e.call))
    message = (
        N_("{parts}: {value}.  It was made.") if e.made else N_("{parts}: {value}.  It was lost.")
    )
    return t(message, parts=", ".join(parts), value=e.value)

"""The rulebook in another language (issue 33): every sentence a section writes passes
through the language, so the Hungarian rulebook speaks Hungarian.

The pseudo-language ``qps`` marks each message it is asked for (``⟦…⟧``): a clause
of the sections written in ``alsos.rulebook.sections`` that carries text outside
the marks was glued together from English words no catalogue can reach.  The
Hungarian checks read clauses a player reads and would fail if the wrong message
were picked (or an English one were left).
"""

from __future__ import annotations

import re

import pytest
from pseudo import unmarked

import alsos
from alsos.rulebook import clause, rulebook
from alsos.rulebook.clauses import Clause

#: The sections ``alsos.rulebook.sections`` writes itself (the others are written by
#: rule modules' ``describe`` hooks).
SECTIONS = ("cards", "deal", "games", "figures", "kontra", "announcements", "melds", "play")

#: Each shipped profile, and csibor seated two and four.
RULESETS = [(v, None) for v in alsos.shipped_variants()] + [("csibor", 2), ("csibor", 4)]


def _load(variant: str, players: int | None) -> alsos.Ruleset:
    if players is None:
        return alsos.load_variant(variant)
    return alsos.load_variant(variant, players=players)


def _clauses(rules: alsos.Ruleset, lang: str) -> list[Clause]:
    return [c for s in rulebook(rules, lang=lang) if s.key in SECTIONS for c in s.clauses]


#: Table columns holding words (not card codes, numbers, notation or the profile's
#: own titles), by clause key: each cell there is a message.
_WORDED_COLUMNS = {
    "games.contracts": (3, 4),
    "figures.table": (5,),
    "kontra.notation": (2,),
}


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_sections_every_clause_passes_through_the_language(
    variant: str, players: int | None
) -> None:
    """In qps every clause text of the sections is marked throughout (two whole
    sentences side by side leave only the space between them), every table header
    is a message, and so is every cell that holds words."""
    rules = _load(variant, players)
    clauses = _clauses(rules, "qps")
    assert {c.key.split(".")[0] for c in clauses} >= {"cards", "deal", "play"}
    for c in clauses:
        left = unmarked(c.text)
        assert not re.search(r"\w", left), (c.key, c.text)
        if not c.table:
            continue
        assert all(cell.startswith("⟦") for cell in c.table[0]), (c.key, c.table[0])
        for row in c.table[1:]:
            for i in _WORDED_COLUMNS.get(c.key, ()):
                assert row[i] == "—" or row[i].startswith("⟦"), (c.key, row)
    melds = {c.key: c for c in clauses}.get("melds.notation")
    if melds is not None:  # "terc (3 cards)": the count and its noun are a message
        assert all("⟦" in row[0] for row in melds.table[1:])


def test_sections_hungarian_counts_players_and_who_sits_out() -> None:
    """The players clause is the Hungarian message with the profile's count, and
    the seated-four message (the dealer sits out) only where four sit."""
    csibor = clause(alsos.load_variant("csibor"), "cards.players", "hu")
    assert csibor == "A játékban 3 játékos vesz részt."
    four = clause(alsos.load_variant("csibor", players=4), "cards.players", "hu")
    assert four.startswith("A játékban 4 játékos vesz részt;") and "kimarad" in four
    two = clause(alsos.load_variant("two-player"), "cards.players", "hu")
    assert two == "A játékban 2 játékos vesz részt."


def test_sections_hungarian_deal_and_leads_follow_the_profile() -> None:
    """Altiansz deals in steps joined in Hungarian; csibor turns up an indicator;
    the leader of the first trick is the profile's, in Hungarian words."""
    altiansz = alsos.load_variant("altiansz")
    deal = clause(altiansz, "deal.packets", "hu")
    assert deal.startswith("Az osztó mindenkinek 3 lapot ad, majd egy lapot színével felfelé")
    assert "2 lapot lefordítva a talonra tesz" in deal and "mind a 9 lapját" in deal
    assert (
        clause(altiansz, "play.lead.trump", "hu") == "Adus játékban az első ütés hívója a felvevő."
    )
    csibor = alsos.load_variant("csibor")
    assert "3 és 3 lapos csomagokban 6 lapot" in clause(csibor, "deal.packets", "hu")
    lead = clause(csibor, "play.lead.trump", "hu")
    assert lead == "Adus játékban az első ütés hívója az osztó utáni játékos."
    assert "MA a makk ász, ZU a zöld alsó" in clause(csibor, "cards.pack", "hu")


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_sections_hungarian_has_no_english_sentence(variant: str, players: int | None) -> None:
    """No clause of the sections reads as English in Hungarian (a figure's own clause
    quotes what its rule module says, which is that module's to translate)."""
    english = re.compile(r"\b(the|and|players?|cards?|trumps?|face|each|must|may|with)\b")
    for c in _clauses(_load(variant, players), "hu"):
        if c.key.startswith("figures.") and not c.shown:
            continue
        assert not english.search(c.text), (c.key, c.text)
        for cell in c.table[0] if c.table else ():
            assert not english.search(cell), (c.key, cell)


def test_sections_english_is_as_it_was() -> None:
    """English is the messages themselves: the joined steps, counts and leads read
    word for word as before the sections went through a language."""
    altiansz = alsos.load_variant("altiansz")
    assert clause(altiansz, "deal.packets") == (
        "The dealer deals 3 to each player, then one card face up to the talon, then 3 to "
        "each player, then 2 face down to the talon, then 3 to each player; the rest of the "
        "pack goes face down to the talon.  Each player looks at all 9 cards at once."
    )
    four = alsos.load_variant("csibor", players=4)
    assert clause(four, "cards.players") == (
        "The game is for 4 players; the dealer sits each hand out, so three play."
    )
    csibor = alsos.load_variant("csibor")
    assert clause(csibor, "play.follow") == (
        "Players must follow suit; a player who cannot must trump if able; otherwise any "
        "card.  Nobody has to beat the cards already played."
    )
    assert (
        clause(csibor, "kontra.factors")
        == "Said elölről a step multiplies the item by 4; hátulról by 2."
    )

"""A rule module owns its words (issue 33): each module describes itself in the
reader's language.

Every ``describe`` hook of the built-in modules (bidding, exchange, calling,
scoring, the session schedules, the figure kinds) and their ``overview`` steps
write whole messages through the ``lang`` they are given.  The pseudo-language
``qps`` brackets every message it looks up (``⟦…⟧``, vowels accented), so a
clause rendered in it that still holds a plain English word wrote that word
without a language.  The Hungarian catalogue gives the modules' clauses in
Hungarian, and English stays as it was.

A plugin brings its own words: the example plugin's figure kind and scoring
module name their own gettext catalogue (``catalogue``), and a Hungarian
rulebook reads the plugin's Hungarian; a hook written before hooks took a
language (no ``lang`` parameter) is asked for English and still works.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_plugin import CAPPED, PROFILE, clean_registry, plugin_on_path  # noqa: F401

import alsos
import alsos.ruleset.registry
from alsos.hand.chosen import module
from alsos.hand.hooks import described
from alsos.hand.protocol import FigureKind
from alsos.language import ENGLISH, language
from alsos.play.session import new_session
from alsos.rulebook import rulebook
from alsos.ruleset.profile import FAMILY_PLACES
from alsos.ruleset.registry import lookup, register
from alsos.words.rules import clause, figure_meaning

QPS = language("qps")
HU = language("hu")

#: A card in the notation (``MA``, ``P10``): language-independent.
_CARD = re.compile(r"^[MPTZ](?:A|K|O|U|10|9|8|7)$")
#: A glossary marker, ``{síber}``: the term is the game's Hungarian word.
_MARKER = re.compile(r"\{[^{}]*\}")


def _profile_words(rules: alsos.Ruleset) -> set[str]:
    """The words a profile itself gives that a clause may quote as they are: its
    figures' ids and titles, its contracts' titles, its kontra words."""
    text = [*rules.kontra.levels]
    for name, fig in rules.figures.items():
        text += [name, fig.title or ""]
    for spec in module(rules, "bidding").named_contracts(rules).values():
        text.append(spec.title)
    return {w for t in text for w in re.findall(r"[^\W\d_]+", t)}


def _english_left(text: str, allowed: set[str]) -> list[str]:
    """The words of a qps ``text`` that no message wrote: runs of letters with a plain
    (unaccented) vowel, other than the profile's own words, card codes and ranks."""
    plain = _MARKER.sub(" ", text)
    return [
        word
        for word in re.findall(r"[^\W\d_]+", plain)
        if re.search(r"[aeiouAEIOU]", word)
        and len(word) > 1
        and word not in allowed
        and not _CARD.match(word)
    ]


def _module_texts(rules: alsos.Ruleset, lang: alsos.Language) -> Iterator[tuple[str, str]]:
    """Every text the chosen modules write about ``rules`` in ``lang``: each family's
    ``describe`` clauses, the exchange's and the session's ``overview`` steps, every
    figure's meaning (its kind's ``describe``), and the scoring module's ``terms``."""
    assert "session" in FAMILY_PLACES  # the session schedule is a module family too
    for family in FAMILY_PLACES:
        owner = module(rules, family)
        for key, text, _ in described(owner, lang, rules) or ():
            yield f"{family} {key}", text
        step = described(owner, lang, rules, hook="overview")
        if step is not None:
            yield f"{family} overview", step
    for name in rules.figures:
        yield f"figure {name}", figure_meaning(rules, name, lang)
    scoring = module(rules, "scoring")
    for term, explanation in scoring.terms.items():
        yield f"term {term}", lang.text(explanation)


@pytest.mark.parametrize("variant", alsos.shipped_variants())
def test_every_module_clause_of_a_shipped_profile_is_wrapped_in_qps(variant: str) -> None:
    """Each clause a module writes, rendered in qps, is one looked-up message from
    end to end and holds no plain English word: nothing a module writes bypasses
    the language (a value glued in English, a fragment never looked up)."""
    rules = alsos.load_variant(variant)
    allowed = _profile_words(rules)
    seen = 0
    for where, text in _module_texts(rules, QPS):
        seen += 1
        assert text.startswith("⟦") and text.endswith("⟧"), (variant, where, text)
        assert not _english_left(text, allowed), (variant, where, _english_left(text, allowed))
    assert seen >= 8


def test_the_qps_check_catches_a_glued_english_word() -> None:
    """The check above is not empty: an English word put into a message as a value
    (as ``{ends}`` once was ``bottom``) is found."""
    glued = QPS.text("from {ends} for as long as each is a trump", ends="the bottom")
    assert _english_left(glued, set()) == ["the", "bottom"]
    assert not _english_left(QPS.text("from {ends}", ends=QPS.text("the bottom")), set())


@pytest.mark.parametrize(
    ("variant", "variations"),
    [
        ("potter1930", {}),
        ("potter1930", {"exchange": {"takes": "reveal", "reveal_from": ["bottom", "top"]}}),
        ("potter1930", {"exchange": {"simple_exchange": False, "discard_trumps": True}}),
        ("potter1930", {"exchange": {"takes": "trumps-and-aces", "top_needed": False}}),
        ("potter1930", {"calling": {"targets": "any", "call_back": True}}),
        ("potter1930", {"bidding": {"betli": False, "klopitzky": False}}),
        ("potter1930", {"scoring": {"klopitzky_per_payer": True}}),
        (
            "csibor",
            {"bidding": {"unique_suits": False, "hidden_suit": True, "count_game_value": True}},
        ),
        ("csibor", {"scoring": {"radli_tie_split": True}}),
    ],
)
def test_module_options_are_worded_through_the_language(
    variant: str, variations: dict[str, dict[str, object]], tmp_path: Path
) -> None:
    """The modules' options pick whole messages (never English pieces): every
    combination here is wrapped in qps, and translated in Hungarian (no English
    left, and no placeholder left unfilled)."""
    import yaml

    path = tmp_path / "options.yaml"
    path.write_text(yaml.safe_dump({"extends": variant, **variations}), encoding="utf-8")
    rules = alsos.load_variant(path)
    allowed = _profile_words(rules)
    for where, text in _module_texts(rules, QPS):
        assert text.startswith("⟦") and text.endswith("⟧"), (where, text)
        assert not _english_left(text, allowed), (where, _english_left(text, allowed))
    for where, text in _module_texts(rules, HU):
        assert "{" not in _MARKER.sub("", text), (where, text)
        english = [w for w in ("the ", " and ", " with ", " of ") if w in text]
        assert not english, (where, text)


def test_the_modules_clauses_read_in_hungarian() -> None:
    """Hungarian words for potter1930's clauses, as a player would write them: the
    bidding order in Hungarian suit names, the síber of the trump 7 (or 8), the
    figures by their cards, the gyerünk call's answers, the rubber."""
    rules = alsos.load_variant("potter1930")
    assert clause(rules, "bidding.round2", HU) == (
        "Ha mindenki passzolt, mindenki egyszer licitálhat egy, az eredetitől eltérő színt, "
        "az előző licitnél magasabbat; a színek alulról felfelé: zöld, tök, piros, makk, "
        "szanzadu; a szanzadu minden színnél magasabb, és lezárja a kört.  Az utolsó "
        "licitáló lesz a felvevő."
    )
    siber = clause(rules, "exchange.siber", HU)
    assert siber.startswith(
        "A felvétel után, ha a játék az eredeti színben megy, és a talon legfelső lapja adu "
        "vagy ász, az adu hetes birtokosa (illetve az adu nyolcas birtokosa, ha az előtte "
        "jogosult lapok a két nyílt talonlap között vannak) az első kijátszás előtt élhet a "
        "síber lehetőségével: felfordítva leteszi ezt a lapot, felveszi az egész talont"
    )
    assert "9 lap legyen a kezében (adut nem tehet vissza)" in siber
    assert figure_meaning(rules, "tuletroa", HU) == (
        "ütésekben megszerezni ezeket: az adu alsó, az adu kilences és az adu hetes"
    )
    assert figure_meaning(rules, "ultimo", HU) == (
        "elvinni az utolsó ütést ezzel a lappal: az adu hetes"
    )
    assert figure_meaning(rules, "abszolut", HU).startswith(
        "legalább 82 (adu nélkül 66) kártyapontot szerezni ütésekben"
    )
    assert clause(rules, "calling.when", HU) == (
        "Ha kassza kivételével nem mondtak be figurát, a játékos a második ütésben, amikor "
        "sorra kerül, gyerünk hívást tehet (Klopitzkyban nem)."
    )
    assert "(legfeljebb ennyiig: hirskontra)" in clause(rules, "calling.answers", HU)
    assert clause(rules, "scoring.session", HU).startswith(
        "A pontokat egy robberen át adják össze: aki elsőként és egyedül ér el 20 pontot"
    )
    overview = described(module(rules, "exchange"), HU, rules, hook="overview")
    assert overview == (
        "**Aducsere.** Akinél az adu hetes van, kicserélheti a felfordított lapra, vagy ha a "
        "szabályok megengedik, élhet a {síber} lehetőségével."
    )


def test_the_ladder_and_the_session_of_deals_in_hungarian() -> None:
    """altiansz: the ladder auction lists the profile's contracts in a Hungarian
    sentence, its Klopitzky is explained its own way (the scoring module's ``terms``,
    an English message the glossary looks up), and the session of 18 deals."""
    rules = alsos.load_variant("altiansz")
    assert clause(rules, "bidding.limit", HU) == (
        "Aki a sorozatban már 6 alkalommal volt felvevő, annak passzolnia kell."
    )
    assert clause(rules, "scoring.session", HU) == (
        "Egy sorozat 18 leosztásból áll; a pontokat összeadják."
    )
    scoring = module(rules, "scoring")
    assert HU.text(scoring.terms["Klopitzky"]).startswith("az a játék, amelyet akkor")
    assert ENGLISH.text(scoring.terms["Klopitzky"]).startswith("the game played when nobody")
    step = described(lookup("session", "deals"), HU, rules, hook="overview")
    assert step == (
        "**Sorozat.** Egy sorozat 18 leosztásból áll, a pontokat összeadják.  Ebben "
        "mindenki legfeljebb 6 alkalommal lehet felvevő; aki ezeket elhasználta, annak "
        "passzolnia kell."
    )


def test_english_clauses_are_as_they_were() -> None:
    """English is the messages themselves: the clauses read as before the modules
    took a language (a few, word for word)."""
    rules = alsos.load_variant("potter1930")
    assert clause(rules, "bidding.round2") == (
        "If all pass, each player once may bid a suit other than the original one, higher "
        "than the last bid, ranked low to high leaves, gourds, hearts, acorns, no-trumps; "
        "no-trumps ranks above every suit and ends the round.  The last bidder declares."
    )
    assert figure_meaning(rules, "tuletroa") == (
        "win the trump U, the trump 9 and the trump 7 in tricks"
    )
    assert clause(rules, "exchange.siber").startswith(
        "After the pick-up in a game in the original suit, when the top talon card is a "
        "trump or an Ace, the holder of the trump 7 (the 8 when the cards before it are one "
        "of the two seen talon cards) may do a síber before the first lead: lay that card "
        "face up, take the whole talon, and put back face down as many cards as bring the "
        "hand to 9 (no trumps)."
    )


def test_a_session_s_words_for_the_score_sheet_take_a_language() -> None:
    """What the terminal prints around a session (the hand's heading, the goal, the
    end) is written in the language asked for, English by default."""
    rubber = new_session(alsos.load_variant("potter1930"))
    assert rubber.hand_title(3) == "Hand 3" and rubber.hand_title(3, HU) == "3. leosztás"
    assert rubber.goal() == "a rubber to 20" and rubber.goal(HU) == "robber 20 pontig"
    assert rubber.title_in(HU) == "robber" and rubber.title_in() == "rubber"
    deals = new_session(alsos.load_variant("altiansz"))
    assert deals.hand_title(2) == "Deal 2 of 18"
    assert deals.hand_title(2, HU) == "2. leosztás (összesen 18)"
    assert deals.goal(HU) == "18 leosztásos sorozat"
    for seat in range(3):
        deals.scores[seat] = 5 - seat
    deals.hands = 18
    assert deals.ending() == "the 18 deals are played: seat 0 leads with 5"
    assert deals.ending(HU) == ("18 leosztás után véget ért a sorozat: 0. játékos vezet, 5 ponttal")


# ---------------------------------------------------------------- a plugin's words


def _all_text(rules: alsos.Ruleset, lang: str) -> str:
    """Every clause and table cell of the rulebook of ``rules`` in ``lang``."""
    out = []
    for section in rulebook(rules, lang=lang):
        for c in section.clauses:
            out.append(c.text)
            out.extend(cell for row in c.table for cell in row)
    return "\n".join(out)


def test_a_plugin_s_clause_reads_its_own_hungarian(plugin_on_path: None) -> None:  # noqa: F811
    """The example plugin ships its catalogue (``locale/hu/.../alsos_example_plugin.mo``)
    and names it: its figure kind's meaning and its scoring module's clause read the
    plugin's Hungarian in a Hungarian rulebook, potter's clauses that the ``capped``
    module repeats read alsos's Hungarian, and English is unchanged."""
    fivetricks = alsos.load_variant(PROFILE)
    assert "legalább 5 ütést elvinni" in _all_text(fivetricks, "hu")
    assert "win at least 5 tricks" in _all_text(fivetricks, "en")
    assert figure_meaning(fivetricks, "five-tricks", QPS) == "⟦wín át léást 5 trícks⟧"
    capped = alsos.load_variant(CAPPED)
    hu = clause(capped, "scoring.cap", HU)
    assert hu.startswith("Egy leosztásban egyik ellenfél sem fizet a felvevőnek") and "8" in hu
    assert clause(capped, "scoring.game", HU).startswith("A felvevő akkor nyeri meg a játékot")
    assert clause(capped, "scoring.cap") == (
        "No opponent pays the declarer, or is paid by it, more than 8 stakes in a hand: "
        "the payments are cut to that, the score sheet is written as usual."
    )
    assert "⟦" in clause(capped, "scoring.game", QPS)


class _OldWords(FigureKind):
    """A figure kind written before hooks took a language: ``describe(fig, rules)``."""

    def judge(self, t: object, fig: object, item: object) -> bool:
        return False

    def describe(self, fig: object, rules: object) -> str:  # type: ignore[override]
        return "hold the old words"


@pytest.fixture
def old_kind() -> Iterator[str]:
    """The kind ``old-words`` registered for the test, and forgotten after it."""
    register("figures", "old-words")(_OldWords())
    yield "old-words"
    alsos.ruleset.registry._REGISTRY["figures"].pop("old-words", None)


def test_a_plugin_hook_without_a_language_still_works(old_kind: str, tmp_path: Path) -> None:
    """A hook with no ``lang`` parameter is called as it was written: its (English)
    text appears in every language's rulebook, nothing fails."""
    path = tmp_path / "old.yaml"
    path.write_text(
        "extends: potter1930\nfigures:\n"
        f"  old: {{title: old figure, kind: {old_kind}, value: 1}}\n",
        encoding="utf-8",
    )
    rules = alsos.load_variant(path)
    assert figure_meaning(rules, "old", HU) == "hold the old words"
    assert "hold the old words" in _all_text(rules, "hu")
    assert "hold the old words" in _all_text(rules, "en")


def test_every_rank_is_named_in_each_phrase() -> None:
    """The rank phrases (``the trump 7``, ``every A``) are a message per rank: English
    writes the rank's code, as before; Hungarian names the card."""
    from alsos.hand.rules.ranks import every_rank, of_trumps, the_rank, trump_rank
    from alsos.pack.cards import Rank

    for rank in Rank:
        assert trump_rank(rank, ENGLISH) == f"the trump {rank.code}"
        assert of_trumps(rank, ENGLISH) == f"the {rank.code} of trumps"
        assert the_rank(rank, ENGLISH) == f"the {rank.code}"
        assert every_rank(rank, ENGLISH) == f"every {rank.code}"
        name = HU.text(rank.name_en)  # ász, király, ... hetes
        assert trump_rank(rank, HU) == of_trumps(rank, HU) == f"az adu {name}"
        assert every_rank(rank, HU) == f"mind a négy {name}"

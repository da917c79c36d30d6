"""``alsos play`` and ``alsos analyze`` speak the language they are given, whole (issue 33).

The pseudo-language ``qps`` brackets every message and accents its vowels
(``⟦yóúr áctíón>⟧``); a value put into a message keeps its own letters.  So a
word with a plain vowel on the screen did not come from a message: it is
either the notation one types (``pass``, ``announce abszolut``, ``MA``), a name
(the profile's, a figure's, a bot's) or what the player typed -- or a string
that escaped the language.  These tests play whole hands in ``qps`` (help,
hint, a refused answer, an undo, a rubber's scores, an analysis) and fail on
any such escaped word; a Hungarian run checks the prompts a player reads
word for word, and the English of every refusal is still the engine's own.
"""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

import alsos
from alsos.analysis.undo import UndoRefused, take_back_own
from alsos.cli import main
from alsos.hand.chosen import named_contracts
from alsos.language import ENGLISH, language, said_in
from alsos.pack.actions import KONTRA_NAMES, MELD_NAMES
from alsos.play.game import IllegalActionError
from alsos.rulebook import worked_example
from alsos.words.refusal import refusal

QPS = language("qps")
HU = language("hu")

# The notation one types, in every language: action words, melds, suits as the
# notation names them, the kontra levels, and the commands of the prompt.
NOTATION = {
    *("pass", "passz", "accept", "betli", "exchange", "siber", "show", "kicsi", "gyerunk"),
    *("call", "concede", "play", "on", "draw", "declare", "melds", "bid", "no", "trumps"),
    *("contract", "announce", "discard", "game", "acorns", "hearts", "gourds", "leaves"),
    *KONTRA_NAMES,
    *MELD_NAMES.values(),
    *("vannak", "bela", "béla", "abszolut", "rádli"),  # and the game's own terms
    *("hint", "undo", "quit", "help", "list", "exit"),
}
CARD = re.compile(r"[MPTZ](?:10|[AKOU987])")
PLAIN_VOWEL = re.compile(r"[aeiouAEIOU]")
PROMPT = QPS.text("your action>")
# Lines written outside the terminal that are not in the language yet, excused here
# so that these tests judge the terminal's own words: the settlement's notes (the
# scoring modules', alsos.hand.rules, given as English text).
ELSEWHERE = (re.compile(r"\s*" + re.escape(QPS.text("note: {note}", note="")[:-1]) + r".*⟧"),)


def _names(rules: alsos.Ruleset, *more: str) -> set[str]:
    """The words of the names a hand may show: the profile's, its figures' and
    contracts' ids and titles, and ``more`` (bot names)."""
    texts = [rules.name, rules.id, *more]
    for name, fig in rules.figures.items():
        texts += [name, fig.title or ""]
    for cid, spec in named_contracts(rules).items():
        texts += [cid, spec.title]
    return {w for t in texts for w in re.findall(r"[^\W\d_]+", t)}


def _escaped(out: str, allowed: Iterable[str]) -> list[str]:
    """The lines of ``out`` holding a word no message wrote (a plain vowel) that is not
    notation, a card, a rank letter or one of the ``allowed`` names; what the player
    typed after the prompt is theirs."""
    allow = NOTATION | set(allowed)
    bad = []
    for line in out.splitlines():
        if line.startswith(PROMPT):
            continue  # the prompt, then the answer echoed
        if any(known.fullmatch(line) or known.match(line) for known in ELSEWHERE):
            continue
        for word in re.findall(r"[^\W\d_]+", line):
            if not PLAIN_VOWEL.search(word) or word in allow:
                continue
            if CARD.fullmatch(word) or (len(word) == 1 and word.isupper()):
                continue
            bad.append(f"{word}: {line}")
            break
    return bad


def test_the_check_finds_english_that_escaped() -> None:
    """The check itself: an English line is found, a marked one with notation is not."""
    english = "your action> 1\n  you may: pass"
    assert _escaped(english, ()) == ["your: your action> 1", "you: " + "  you may: pass"]
    assert _escaped(QPS.text("you may:") + " pass · MA MK", ()) == []


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    answers: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", "--color", "never", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_whole_hand_in_qps_leaves_no_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seated hand in qps: the help, a hint, three refused answers (unreadable
    text, a card in the bidding, a number past the list), an action, its undo, then
    the hand played to its settlement; no line carries an escaped English word."""
    answers = "?\nhint\nxyz\nMA\n99\n1\nundo\n" + "1\n" * 300
    code, out, err = _play(
        monkeypatch, capsys, answers, "--variant", "csibor", "--seed", "3", "--lang", "qps"
    )
    assert code == 0, out[-2000:] + err
    rules = alsos.load_variant("csibor")
    assert _escaped(out + err, _names(rules, "heuristic")) == []
    # each part was reached, in its marked words
    for message in ("How to answer", "you may:", "your hand:", "Settlement"):
        assert QPS.text(message) in out, message
    assert QPS.text("taken back: {actions}", actions="").rstrip("⟧") in out
    assert out.count(QPS.text("error: {error}", error="").rstrip("⟧")) == 3
    assert "⟦hínt: " in out
    assert "⟦únknówn wórd 'xyz'" in out and "⟦nó cárd ís pláyéd ín thís phásé⟧" in out


def test_a_rubber_in_qps_leaves_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    """Watched sessions: a rubber (the scores after each hand, the unfinished rubber)
    and a session of deals whose seats may declare a limited number of contracts."""
    for variant in ("potter1930", "altiansz"):
        argv = ["play", "--variant", variant, "--watch", "--rubber", "--hands", "2"]
        assert main([*argv, "--seed", "5", "--lang", "qps", "--color", "never"]) == 0
        out = capsys.readouterr().out
        rules = alsos.load_variant(variant)
        assert _escaped(out, _names(rules, "heuristic")) == [], variant
        assert "⟦scóré áftér " in out and "⟦stóppéd áftér 2 hánds; " in out
        if variant == "altiansz":
            assert "⟦cóntrácts éách séát máy stíll décláré: " in out


@pytest.mark.parametrize(
    "options",
    [["--seat", "7"], ["--bots", "heuristic,random"], ["--bots", "nosuch"], ["--hands", "0"]],
)
def test_refused_options_are_told_in_qps(
    options: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seat that does not play, the wrong number of bots, an unknown bot, ``--hands
    0``: each refusal on standard error is in the language."""
    code, out, err = _play(monkeypatch, capsys, "", "--seed", "1", "--lang", "qps", *options)
    assert code == 2 and "⟦" in err
    bots = ("heuristic", "random", "nosuch", "easy", "expert", "hard", "learned", "medium")
    names = _names(alsos.load_variant("potter1930"), *bots, "openspiel ismcts mcts pimc quiet")
    names.add("bots")  # the option, --bots
    assert _escaped(out + err, names) == []


def test_hungarian_prompts_word_for_word(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first turn of csibor at seed 3 (seat 1, the bidding, before any bot has
    spoken) in Hungarian: the turn, the choices, the prompt, the help's heading, a
    refusal and leaving -- and the same answers in English as they always were."""
    answers = "?\n99\nquit\n"
    code, out, _ = _play(
        monkeypatch, capsys, answers, "--variant", "csibor", "--seed", "3", "--lang", "hu"
    )
    assert code == 1
    lines = out.splitlines()
    for line in (
        "játékosok: 0. játékos (heuristic robot), 1. játékos (te), 2. játékos (heuristic robot)",
        "-- te jössz (1. játékos), licit",
        "  a lapjaid: PK P10 P9 P8 T9 ZA (+3 lefordítva)",
        "  lehetőségeid: pass · accept",
        "a lépésed> ?",
        "Hogyan válaszolj",
        "a lépésed> 99",
        "hiba: nincs 99. számú szabályos lépés; 1 és 2 között válassz",
        "kilépés: a leosztás befejezetlen marad",
    ):
        assert line in lines, line
    assert any(line.startswith("A te helyed: 1. játékos. Írd be a lépésedet") for line in lines)
    code, out, _ = _play(
        monkeypatch, capsys, answers, "--variant", "csibor", "--seed", "3", "--lang", "en"
    )
    lines = out.splitlines()
    for line in (
        "-- your turn (seat 1), bidding",
        "  you may: pass · accept",
        "your action> ?",
        "How to answer",
        "error: there is no legal action number 99; choose 1 to 2",
        "leaving the hand unfinished",
    ):
        assert line in lines, line


def _refusals(variant: str, seed: int) -> Iterable[tuple[alsos.Game, IllegalActionError]]:
    """Refusals of typed answers all through a random hand: unreadable text, words
    that need more, cards not held or not following suit, actions out of phase."""
    texts = ["xyz", "pas", "pass pass", "bid", "announce", "kontra", "declare", "12345678901"]
    rng = random.Random(seed)
    game = alsos.Game(alsos.load_variant(variant), seed=seed)
    while not game.is_over:
        cards = [str(alsos.Card(i)) for i in range(32)]
        for text in [*texts, *rng.sample(cards, 6)]:
            try:
                game.copy().apply(text, seat=game.to_act)
            except IllegalActionError as e:
                yield game, e
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("variant", ["potter1930", "altiansz", "two-player"])
def test_a_refusal_is_the_engines_in_english_and_marked_in_qps(variant: str) -> None:
    """Every refusal's English is the engine's message itself (the terminal shows it
    as before); in qps its frame and reason are marked, and only the typed text, the
    notation and the legal actions stay as they are."""
    rules = alsos.load_variant(variant)
    seen = set()
    for game, e in _refusals(variant, 7):
        assert refusal(e, game, ENGLISH) == str(e)
        marked = refusal(e, game, QPS)
        assert marked.startswith("⟦")
        typed = set(re.findall(r"[^\W\d_]+", str(e.action)))
        assert _escaped(marked, _names(rules) | typed) == [], marked
        seen.add(" ".join(e.reason.split()[:2]))
    assert len(seen) >= 4, seen  # several kinds of reason were met


def test_an_undo_refused_speaks_the_language() -> None:
    """The undo's refusals (a person at the table, nothing to undo) in Hungarian, the
    seats named the Hungarian way; their English as before."""
    game = alsos.Game(alsos.load_variant("potter1930"), seed=1)
    me = game.to_act
    assert me is not None
    with pytest.raises(UndoRefused) as nothing:
        take_back_own(game, me, humans=())
    assert said_in(nothing.value, HU) == (
        f"{me}. játékos még nem lépett ebben a leosztásban: nincs mit visszavonni"
    )
    game.apply(game.legal_actions()[0])
    with pytest.raises(UndoRefused) as people:
        take_back_own(game, me, humans=game.active)
    others = sorted(s for s in game.active if s != me)
    assert str(people.value).startswith(
        f"undo is only for a hand against bots: seat {others[0]}, seat {others[1]} are played"
    )
    assert f"{others[0]}. játékos, {others[1]}. játékos helyén emberek játszanak" in said_in(
        people.value, HU
    )


def test_analyze_in_qps_and_hungarian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``alsos analyze --lang qps`` of the rulebook's worked hand leaves no English word
    (actions stay in the notation); ``--lang hu`` heads its parts in Hungarian, and a
    file of two hands is refused in Hungarian."""
    rules = alsos.load_variant("potter1930")
    record = tmp_path / "hand.alsos"
    record.write_text(worked_example(rules).dumps(), encoding="utf-8")
    assert main(["analyze", str(record), "--seat", "1", "--worlds", "1", "--lang", "qps"]) == 0
    out = capsys.readouterr().out
    assert _escaped(out, _names(rules, "heuristic")) == []
    assert "⟦ánálysís óf á hánd óf potter1930⟧" in out and "-- ⟦súmmáry⟧ --" in out
    assert "⟦víéw " in out and "⟦tríck 2⟧" in out
    assert main(["analyze", str(record), "--seat", "1", "--worlds", "0", "--lang", "hu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "egy leosztás elemzése (potter1930)"
    assert "-- összegzés --" in lines and "-- 2. ütés --" in lines
    two = tmp_path / "two.alsos"
    two.write_text(record.read_text(encoding="utf-8") * 2, encoding="utf-8")
    assert main(["analyze", str(two), "--lang", "hu"]) == 2
    assert "2 leosztás van benne" in capsys.readouterr().err

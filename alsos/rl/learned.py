"""The learned bot: a small network, trained by PIMC's choices or by reinforcement,
played with NumPy alone.

:class:`LearnedBot` (``alsos.bots.make("learned")``, ``--bots learned`` in
``alsos arena``) reads its seat's :class:`~alsos.play.view.View` through
:class:`~alsos.rl.ObservationEncoder` (so it knows exactly what the seat may
know), feeds the vector to a multilayer perceptron, and plays the legal
action with the highest output.  A network taught by
``examples/train_policy.py`` to imitate :class:`~alsos.bots.pimc.PIMCBot`'s
decisions (``pimc(worlds=8, budget=32)``, the ``hard`` level) also reads the
heuristic bot's choice as a one-hot hint over the action space (ReLU
layers): the hint lets it learn where the search's choices differ from the
rules of thumb instead of relearning those rules.  Such a network may cover
only some phases (``phases`` in its file: the training script's
``--speech-only`` learns the bidding, announcements, kontras and calls); in
the others the bot plays the heuristic's choice.  One network per profile
ships: potter1930's taught by PIMC, tompa's a MaskablePPO policy (below).

The weights ship in the package (``alsos/rl/policies/<profile>.npz``) and are
read with NumPy; PyTorch is needed only to train (the ``train`` extra).  A
table whose profile has no network (:func:`trained_profiles` lists those
that have one) is refused with :class:`UntrainedProfileError`, naming the
profiles covered.

A network file may also describe a policy trained otherwise: its ``inputs``
name the parts of the input vector in order (``observation``, ``hint``,
``mask``: the legal actions as a 0/1 vector over the action space) and its
``activation`` the hidden layers' function (``relu`` or ``tanh``).  That is
how a MaskablePPO policy trained by ``examples/train_ppo.py`` is exported
(``--export``) to play with NumPy alone: its inputs are ``mask`` and
``observation``, as Stable-Baselines3 concatenates them, with ``tanh``
layers and no hint.

A decision with one legal action is returned at once; the others cost an
encoding, a heuristic decision (when the network reads a hint) and three
small matrix products, about 0.2 ms of CPU on average (the bots page of the
documentation has the measurement and the shipped networks' strength).
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Sequence
from importlib import resources
from typing import Any

from alsos.bots.heuristic import HeuristicBot
from alsos.errors import BotError
from alsos.pack.actions import Action
from alsos.pack.phases import Phase
from alsos.play.view import View
from alsos.ruleset.profile import Ruleset
from alsos.ruleset.tables import rules_named

try:
    import numpy as np
    import numpy.typing as npt
except ImportError:  # pragma: no cover - the rl extra brings NumPy
    np = None  # type: ignore[assignment]

__all__ = [
    "LearnedBot",
    "Policy",
    "UntrainedProfileError",
    "features",
    "space_digest",
    "trained_profiles",
]

#: The package folder holding one ``<profile>.npz`` per trained profile.
POLICIES = "policies"
#: The parts an input vector may have, and the layout of a file that names none.
INPUTS = frozenset({"observation", "hint", "mask"})
DEFAULT_INPUTS = ("observation", "hint")
#: The hidden layers' functions a file may name.
ACTIVATIONS = frozenset({"relu", "tanh"})


class UntrainedProfileError(BotError):
    """A table whose profile the learned bot has no network for (or a network
    that does not fit the table's action space)."""


def _need_numpy() -> None:
    if np is None:
        raise ImportError(
            "the learned bot needs NumPy: install the rl extra (pip install 'alsos[rl]')"
        )


def trained_profiles() -> list[str]:
    """The profile ids the package has a network for."""
    folder = resources.files("alsos.rl").joinpath(POLICIES)
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".npz"))


def space_digest(rules: Ruleset) -> str:
    """A short digest of a ruleset's action space and observation layout: a network
    fits a table only if both are the ones it was trained on."""
    from alsos.rl.encoding import ObservationEncoder

    enc = ObservationEncoder(rules)
    text = "\n".join([*map(str, enc.space), repr(enc.fields)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def features(
    encoder: Any, view: View, hint: int, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The network's input: the view's observation, then a one-hot of the hint's
    action index (the heuristic's choice).  ``encoder`` is an
    :class:`~alsos.rl.ObservationEncoder`."""
    n = encoder.shape[0]
    if out is None:
        out = np.zeros(n + len(encoder.space), dtype=np.float32)
    else:
        out[n:] = 0.0
    encoder.encode(view, out[:n])
    out[n + hint] = 1.0
    return out


class Policy:
    """A trained network: its layers, the profile and the action-space digest it fits.

    ``Policy.load(profile)`` reads the shipped weights; ``Policy.read(path)``
    any ``.npz`` that ``examples/train_policy.py`` wrote.
    """

    def __init__(self, data: dict[str, Any], where: str) -> None:
        try:
            self.profile = str(data["profile"])
            self.digest = str(data["digest"])
            layers = int(data["layers"])
            self.weights = [np.asarray(data[f"w{i}"], dtype=np.float32) for i in range(layers)]
            self.biases = [np.asarray(data[f"b{i}"], dtype=np.float32) for i in range(layers)]
            #: added to the hint's score (the network learns where to leave the heuristic)
            self.bonus = float(data["bonus"])
            #: the phases the network decides (the hint is played in the others)
            self.phases = frozenset(Phase[str(p)] for p in data["phases"])
        except KeyError as e:
            raise UntrainedProfileError(f"{where}: not a learned policy (no {e.args[0]!r})") from e
        #: the parts of the input vector, in order (module docs)
        self.inputs = tuple(str(p) for p in data.get("inputs", DEFAULT_INPUTS))
        #: the hidden layers' function
        self.activation = str(data.get("activation", "relu"))
        if sorted(self.inputs) != sorted(set(self.inputs)) or not set(self.inputs) <= INPUTS:
            raise UntrainedProfileError(
                f"{where}: inputs {list(self.inputs)!r} are not distinct parts of {sorted(INPUTS)}"
            )
        if self.activation not in ACTIVATIONS:
            raise UntrainedProfileError(
                f"{where}: activation {self.activation[:60]!r} is not one of {sorted(ACTIVATIONS)}"
            )

    @classmethod
    def read(cls, path: Any) -> Policy:
        _need_numpy()
        with np.load(path, allow_pickle=False) as data:
            return cls(dict(data), str(path))

    @classmethod
    @functools.cache
    def load(cls, profile: str) -> Policy:
        """The shipped network for ``profile`` (read once per process)."""
        _need_numpy()
        if profile not in trained_profiles():
            raise UntrainedProfileError(
                f"the learned bot has no network for the profile {profile[:60]!r}; "
                f"it was trained for: {', '.join(trained_profiles())}"
            )
        ref = resources.files("alsos.rl").joinpath(POLICIES, f"{profile}.npz")
        with resources.as_file(ref) as path:
            return cls.read(path)

    def scores(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The network's output for one input vector (one score per action).

        The input is mostly zeros, so the first layer sums only the rows of its
        non-zero entries: a tenth of the work of the full product.
        """
        nz = np.flatnonzero(x)
        out = x[nz] @ self.weights[0][nz] + self.biases[0]
        relu = self.activation == "relu"
        for w, b in zip(self.weights[1:], self.biases[1:], strict=True):
            if relu:
                np.maximum(out, 0.0, out=out)
            else:
                np.tanh(out, out=out)
            out = out @ w + b
        return out

    def width(self, encoder: Any) -> int:
        """The length of the input vector for ``encoder``'s observation and actions."""
        n, actions = encoder.shape[0], len(encoder.space)
        return sum(n if part == "observation" else actions for part in self.inputs)

    def input(
        self,
        encoder: Any,
        view: View,
        legal: Sequence[Action],
        hint: int | None,
        out: npt.NDArray[np.float32],
    ) -> npt.NDArray[np.float32]:
        """The input vector of ``view`` (its parts in :attr:`inputs` order) in ``out``."""
        out[:] = 0.0
        at = 0
        for part in self.inputs:
            if part == "observation":
                n = encoder.shape[0]
                encoder.encode(view, out[at : at + n])
            else:
                n = len(encoder.space)
                if part == "hint":
                    assert hint is not None
                    out[at + hint] = 1.0
                else:
                    out[at : at + n] = encoder.space.mask(legal)
            at += n
        return out


@functools.lru_cache(maxsize=8)
def _read(path: str, mtime: int, size: int) -> Policy:
    """A network file, read once per version (an arena makes a bot for every hand)."""
    return Policy.read(path)


class LearnedBot:
    """Plays the legal action the trained network scores highest (module docs).

    ``profile``: the shipped network to use (default: the table's own
    profile's); ``weights``: instead, the path of an ``.npz`` written by
    ``examples/train_policy.py``.  A table of another profile than the
    network's, or of a profile with no network, raises
    :class:`UntrainedProfileError` at the first decision (an unknown
    ``profile`` at once).  ``seed`` seeds the heuristic that gives the hint,
    so the same seed and views give the same actions.  ``boldness`` is the
    heuristic's (the networks were trained with 1.0).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        profile: str | None = None,
        weights: str | None = None,
        boldness: float = 1.0,
    ) -> None:
        _need_numpy()
        from alsos.rl.encoding import ObservationEncoder

        self._encoder_class = ObservationEncoder
        self.hint = HeuristicBot(seed, boldness=boldness)
        self._policy: Policy | None = None
        if weights is not None:
            stat = os.stat(weights)
            self._policy = _read(os.path.abspath(weights), stat.st_mtime_ns, stat.st_size)
            profile = self._policy.profile
        elif profile is not None:
            self._policy = Policy.load(profile)  # refuse an untrained profile at once
        #: the profile whose network is pinned (None: the table's own)
        self.profile = profile
        self._variant: str | None = None
        self._encoder: Any = None
        self._x: npt.NDArray[np.float32] | None = None

    def _setup(self, variant: str) -> None:
        """Fit the network and the encoder to the table's ruleset (its first decision)."""
        rules = rules_named(variant)
        if self.profile is not None and rules.id != self.profile:
            raise UntrainedProfileError(
                f"the learned bot's network is for {self.profile}, but the table plays {rules.id}"
            )
        policy = self._policy if self._policy is not None else Policy.load(rules.id)
        if policy.digest != space_digest(rules):
            raise UntrainedProfileError(
                f"the learned bot's network for {policy.profile} does not fit this table's "
                f"actions ({str(rules)[:60]}); it was trained on the profile as shipped"
            )
        self._encoder = self._encoder_class(rules)
        self._policy = policy
        self._x = np.zeros(policy.width(self._encoder), dtype=np.float32)
        self._variant = variant

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action in phase {view.phase}")
        if len(legal) == 1:
            return legal[0]
        if view.variant != self._variant:
            self._setup(view.variant)
        enc = self._encoder
        policy = self._policy
        assert policy is not None and self._x is not None
        if view.phase not in policy.phases:
            return self.hint.choose(view, legal)
        h: int | None = None
        if "hint" in policy.inputs:
            h = enc.space.index(self.hint.choose(view, legal))
        scores = policy.scores(policy.input(enc, view, legal, h, self._x))
        if h is not None:
            scores[h] += policy.bonus
        index = enc.space.index
        return max(legal, key=lambda a: float(scores[index(a)]))

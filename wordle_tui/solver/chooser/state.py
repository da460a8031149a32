"""What an equilibrium run of large lists found, kept so that a later run goes on where it
stopped (`mixing.mix`): the guesser's graph, the bounds proven, a threshold's proof and the
climb towards the lower bound's chooser."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games import Game
from ..matrix import reply_matrix
from .behaviour import SetGraph
from .climb import Climb
from .trial import Trial

FORMAT = 2


@dataclass
class MixState:
    """What the rounds found: the graph of sets and guesses, and the proven bound."""

    graph: SetGraph
    lower: float = 0.0  # proven: the uniform chooser's least expected guesses
    lower_proven: bool = False
    rounds: int = 0
    seconds: float = 0.0
    certified: float = 0.0  # proven: the least expected guesses against `certificate`
    certificate: dict[str, float] = field(default_factory=dict)  # a chooser of the rounds
    trial: Trial | None = None  # a threshold being proven, or the last one tried
    climb: Climb | None = None  # the lower bound's chooser, climbed to (`climb`)
    climbing: bool = field(default=False, compare=False)  # now (for progress; not saved)

    @property
    def hard(self) -> bool:
        """The guesser keeps every hint."""
        return self.graph.hard

    def to_data(self, game: Game) -> dict[str, object]:
        """As JSON data (the graph by `SetGraph.to_data`)."""
        return {
            "format": FORMAT,
            "fingerprint": game.fingerprint,
            "graph": self.graph.to_data(),
            "lower": self.lower,
            "lower_proven": self.lower_proven,
            "rounds": self.rounds,
            "seconds": self.seconds,
            "hard": self.hard,
            "certified": self.certified,
            "certificate": self.certificate,
            "trial": None if self.trial is None else self.trial.to_data(),
            "climb": None if self.climb is None else self.climb.to_data(),
        }

    @classmethod
    def from_data(cls, data: object, game: Game, hard: bool = False) -> MixState | None:
        """The state saved for these lists and mode, or None if it is not one (or not
        theirs)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if data.get("fingerprint") != game.fingerprint or data.get("hard", False) is not hard:
            return None
        graph = SetGraph(game, reply_matrix(game), hard)
        if not graph.load(data.get("graph")) or graph.bare():
            return None  # damaged, or a set the guesser has no guess for
        try:
            certificate = {str(w): float(p) for w, p in dict(data["certificate"]).items()}
            if not set(certificate) <= set(game.targets):
                return None
            trial = Trial.from_data(data.get("trial"), game)
            climbed = Climb.from_data(data.get("climb"), game)
            return cls(
                graph,
                float(data["lower"]),
                bool(data["lower_proven"]),
                int(data["rounds"]),
                float(data["seconds"]),
                float(data["certified"]),
                certificate,
                trial,
                climbed,
            )
        except (KeyError, TypeError, ValueError):
            return None

"""The guns' teams at deployment [The Troops: Artillery: Horse Teams] [Rulings R115].

Before the first turn (once any chosen scenery is placed) each side decides, gun by gun,
whether a gun with a team deploys hitched or unhitched: the Spanish side for its guns,
then the Swedish side for its own. The choice is public: the team stands on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from stratagem.games.tercios.roster import Troop

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "The Troops: Artillery: Horse Teams"


def teamed_guns(troops: Sequence[Troop]) -> list[Troop]:
    """The guns deployed at the start that have a team (a second, hitched Mvt), in
    the order the sides decide: the Spanish side's first [Horse Teams]."""
    guns = [t for t in troops if t.profile.mvt_hitched and not t.reserve]
    return sorted(guns, key=lambda t: (t.side, t.index))


def deploy_texts(troops: Sequence[Troop]) -> list[str]:
    """The two deployment actions of each gun with a team."""
    return [
        f"deploy {t.label} {way}" for t in teamed_guns(troops) for way in ("hitched", "unhitched")
    ]


def run_deployment(state: TerciosState, frame: Frame) -> None:
    """Ask each gun's side how it deploys (``deploy GUN hitched`` or ``deploy GUN
    unhitched``), one gun at a time [Horse Teams] [Rulings R115]."""
    g = state.g
    guns = teamed_guns(g.troops)
    at = frame["i"]
    if "choice_text" in frame:
        del frame["choice"]
        gun = guns[at]
        hitched = not frame.pop("choice_text").endswith(" unhitched")
        state.hitched[gun.index] = hitched
        state.log(
            f"{gun.label} deploys {'hitched' if hitched else 'unhitched'}.",
            RULE,
            {"unit": gun.index, "hitched": hitched},
        )
        at = frame["i"] = at + 1
    if at >= len(guns):
        state.pop(frame)
        return
    gun = guns[at]
    options = [g.table.parse(f"deploy {gun.label} {way}") for way in ("hitched", "unhitched")]
    state.decide(frame, gun.side, options)

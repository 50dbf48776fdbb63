"""The Tercios ``Game``: options, the pack, the two armies, the table and the action table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import Field

from stratagem.core import Action, Game, GameOptions, OptionError
from stratagem.games.tercios.army import ArmyError, army_path, read_army_file, shipped_armies
from stratagem.games.tercios.deployment import deploy_texts
from stratagem.games.tercios.encoding import (
    ORDERS,
    TARGET_VERBS,
    UNIT_VERBS,
    TerciosActionTable,
    action_texts,
)
from stratagem.games.tercios.info import INFO, SEATS
from stratagem.games.tercios.pack import Pack, load_pack
from stratagem.games.tercios.roster import (
    DeploymentError,
    Officer,
    Troop,
    build_roster,
    standard_deployment,
)
from stratagem.games.tercios.scenery import table_scenery
from stratagem.games.tercios.scenery_choice import spot_texts
from stratagem.games.tercios.serialize import load_fields
from stratagem.games.tercios.state import TerciosState
from stratagem.games.tercios.validation import check_army

DEFAULT_ARMIES = ("spanish_1000", "swedish_1000")


class TerciosOptions(GameOptions):
    """Tercios options: each seat's army (a shipped army or a file), the battlefield
    (``chosen``: the players buy and place it before the first turn) [Rulings R90], a
    fixed duration instead of the variable end [Duration], the Weary adaptation
    [Components: Status Markers: Adaptation] and the figures' scale (the 6/10 mm bases)
    [Rulings R80]."""

    armies: tuple[str, str] = Field(
        default=DEFAULT_ARMIES,
        description="each side's army, Spanish first: a shipped army or an army file",
        json_schema_extra={"choices": list(shipped_armies())},
    )
    terrain: Literal["standard", "open", "scenery points", "chosen"] = Field(
        default="standard",
        description="the battlefield: the standard one, open ground, scenery bought with "
        "points, or chosen and placed by the players before the first turn",
    )
    scenery_seed: int = Field(
        default=0,
        description="with scenery points: the draw of the scenery's dice, purchases and "
        "placement (another number, another battlefield)",
    )
    duration: int | None = Field(
        default=None,
        ge=1,
        le=8,
        description="a fixed number of turns instead of the variable end (blank: variable)",
    )
    weary_at_first_dm: bool = Field(
        default=False, description="the Weary adaptation: a unit is weary from its first DM"
    )
    scale: Literal["15/28mm", "6/10mm"] = Field(
        default="15/28mm",
        description="the figures' scale: 6/10mm halves every base and distance (Rulings R80)",
    )


class Tercios(Game):
    """Liber Militum: Tercios: a battle of the Thirty Years' War between two armies."""

    info = INFO

    def __init__(self, options: Mapping[str, Any], pack: Pack) -> None:
        pack = pack.at_scale(str(options.get("scale", "15/28mm")))
        names = tuple(options["armies"])
        specs = []
        for seat, name in zip(SEATS, names, strict=True):
            try:
                army = read_army_file(army_path(name))
            except ArmyError as error:
                raise OptionError(f"tercios: {seat} army: {error}") from None
            violations = check_army(pack, army)
            if violations:
                listed = "; ".join(str(v) for v in violations)
                raise OptionError(f"tercios: the {seat} army {name!r} is not valid: {listed}")
            specs.append(army)
        armies = (specs[0], specs[1])
        troops, officers = build_roster(pack, armies, SEATS)
        try:
            deployment = standard_deployment(pack, troops)
        except DeploymentError as error:
            raise OptionError(f"tercios: {error}") from None
        table = _action_table(pack, troops, officers, options["terrain"] == "chosen")
        super().__init__(options, SEATS, table)
        self.table = table
        self.pack = pack
        self.armies = armies
        self.army_names: tuple[str, str] = (armies[0].name, armies[1].name)
        self.troops = troops
        self.officers = officers
        self.deployment = deployment
        cartographers = tuple(
            any("Cartographer" in o.traits for o in officers if o.side == side) for side in (0, 1)
        )
        self.cartographers = (cartographers[0], cartographers[1])
        self.chosen_terrain = options["terrain"] == "chosen"
        self.terrain = table_scenery(
            pack, str(options["terrain"]), options.get("scenery_seed", 0), self.cartographers
        )
        self.duration: int | None = options.get("duration")
        self.weary_at_first_dm = bool(options.get("weary_at_first_dm"))
        self.die_action: dict[int, Action] = {f: table.parse(f"Die: {f}") for f in range(1, 7)}
        self.face_of = {action.id: face for face, action in self.die_action.items()}
        self.roll_action = [table.parse(f"Roll: {k} successes") for k in range(41)]
        self.count_of = {action.id: k for k, action in enumerate(self.roll_action)}
        self.order_action = [[table.parse(f"order {t.label}: {o}") for o in ORDERS] for t in troops]
        self.activate_action = [table.parse(f"activate {t.label}") for t in troops]
        self.verb_action = [
            {verb: table.parse(f"{t.label}: {verb}") for verb in UNIT_VERBS} for t in troops
        ]
        self.target_action: list[dict[tuple[str, int], Action]] = []
        for troop in troops:
            row: dict[tuple[str, int], Action] = {}
            for enemy in troops:
                if enemy.side != troop.side:
                    for verb in TARGET_VERBS:
                        row[(verb, enemy.index)] = table.parse(
                            f"{troop.label}: {verb} {enemy.label}"
                        )
            self.target_action.append(row)
        self.first_action = [table.parse(f"{seat} plays first") for seat in SEATS]
        self.pass_action = table.parse("pass")
        self.command_action = [table.parse(f"activate commander {o.label}") for o in officers]
        self.officer_index = {o.label: o.index for o in officers}
        self.troop_index = {t.label: t.index for t in troops}

    @classmethod
    def from_options(cls, options: GameOptions) -> Tercios:
        """Build the game from validated options (the registry's builder)."""
        assert isinstance(options, TerciosOptions)
        return cls(options.model_dump(mode="json"), load_pack(options.data))

    def new_initial_state(self) -> TerciosState:
        return TerciosState.initial(self)

    def _state_from_doc(self, doc: Mapping[str, Any]) -> TerciosState:
        return load_fields(TerciosState.bare(self), doc)


def _action_table(
    pack: Pack, troops: Sequence[Troop], officers: Sequence[Officer], chosen: bool
) -> TerciosActionTable:
    """The action table (the guns' deployment [Rulings R115]; the scenery purchase and
    placements when ``chosen``)."""
    texts = action_texts(troops, officers, SEATS) + deploy_texts(troops)
    kinds: list[str] = []
    if chosen:
        texts += spot_texts(pack)
        kinds = list(pack.rules.scenery_costs)
    return TerciosActionTable(texts, troops, officers, kinds)

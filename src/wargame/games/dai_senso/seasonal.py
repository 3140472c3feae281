"""The seasonal turns: the seasonal victory phase (0: the VP check and automatic victory) and each
faction's seasonal phase (1: the option card segment, logistics and partisans, replacements).

The position on the tracks lives in the game's data: ``war_state`` (prewar, limited_war,
total_war), ``vp_marker`` (``box``: 0-4 or "automatic_victory", ``face``: rising_sun or
allied_crusade), ``esv`` and ``uscl`` (the current ESV and Pacific USCL tracks),
``imperial_rescript`` and ``hakko_ichiu`` (their VP-track box or None), ``strategic_warfare``
(the markers in the Strategic Warfare box, ``id`` or ``id:faction`` for a marker of no printed
faction). Where each scenario starts is the provisional table ``seasonal_play``.

Decisions
- The map marks only the six strategic hexes the rules name (Nagasaki, Batavia, Saigon,
  Nanking, Peking and one more in Japan): the strategic value counts those on the sheets in
  play. A hex's controller (spec §2.7) is the faction of the ground units or logistics marker in
  it (priority 2), else the faction whose countries at the start (table ``supply``: sources)
  hold it (priority 3, stand-in ``control_by_country``: country alignment is not played).
  Devastation (priority 1), Policy markers (the PAC exception) and the Allied Collapse and
  Military Requisition markers count as the data holds them (none in the training scenarios).
- 0.1.1 step 3 reads "unless" by default, Japan Surrenders counts the 2-VP box or higher, and
  European Front Collapse is tested at the VP check (the table's reasons; open questions 1, 3,
  14). Asia Domination in standalone Dai Senso!: the face shown wins, the -17 exception (about
  Axis Empires, spec §9 A3) included, as the track's band for -17 or less is automatic victory.
- When the Allies win, the West wins with the Soviets (the Allies' joint victory, 0.3), each
  faction of the scenario named; a scenario without an Allied faction of the face cannot end so.
- The option card segment (1.1, the procedure ``option_card_segment`` of :mod:`option_cards`) is
  played where the scenario deals cards (``decks``); elsewhere it passes through, logged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame, Result, State
from wargame.games.dai_senso import detachments, logistics, markers, replacements, state, victory
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import ScenarioStart, SeasonalPlay
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.map_facts import strategic_hexes
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.tracks import sw_count

ALLIED: Final = ("west", "soviet")
AUTOMATIC: Final = "automatic_victory"
FAVOURS: Final = {"rising_sun": "axis", "allied_crusade": "allies"}

RULES.stand_in(
    "0.1.1",
    "a strategic hex is controlled by the units in it, else by the faction its country sided with"
    " at the start; the ESV term reads 'unless'",
    key="control_by_country",
)
RULES.stand_in(
    "0.2", "Japan Surrenders counts the 2-VP box or higher", key="japan_surrenders_higher"
)


def start_of(tables: Mapping[str, Any], scenario: str) -> ScenarioStart:
    play: SeasonalPlay = tables["seasonal_play"]
    return play.scenarios.get(scenario, play.scenarios["default"])


def initial_data(scenario: str, tables: Mapping[str, Any]) -> dict[str, Any]:
    """The tracks and markers of the scenario's start (table ``seasonal_play``)."""
    found = start_of(tables, scenario)
    setup = forces().scenarios[scenario].setup
    campaign = tables["campaign_scenarios"].get(scenario)
    scheduled = {coming.unit for coming in campaign.reinforcements} if campaign else set()
    pool = [
        p.unit
        for p in setup
        if p.box == "pool"
        and forces().is_ground(forces().units[p.unit])
        and p.unit not in scheduled
    ]  # a campaign's reinforcements come by its schedule (13.7), not from the force pool
    return {
        "war_state": found.war_state,
        "vp_marker": {"box": found.vp_box, "face": found.vp_face},
        "esv": found.esv,
        "uscl": found.uscl,
        "imperial_rescript": found.imperial_rescript,
        "hakko_ichiu": found.hakko_ichiu,
        "strategic_warfare": list(found.strategic_warfare),
        "logistics": dict.fromkeys(found.logistics, "pool"),
        "partisans": {},
        "partisan_pool": dict(found.partisan_bases),
        "conquered": list(found.conquered),
        "pool": sorted(pool),
        "delay_box": [],
        "arrivals": [],
    }


# -- 0.1 the VP check ----------------------------------------------------------------------------


@RULES.implements("0.1.1", "2.3.5")
def controller(
    data: Mapping[str, Any], hex_id: str, sources: Mapping[str, list[str]]
) -> str | None:
    """Who controls the hex (spec §2.7): its ground units', detachment's (2.3.5) or logistics
    marker's faction, else
    the faction whose countries hold it (stand-in ``control_by_country``)."""
    found = state.holder(data, hex_id) or detachments.holder(data, hex_id)
    if found is not None:
        return found
    for marker, where in data.get("logistics", {}).items():
        if where == hex_id:
            return forces().markers[marker].faction
    country = board().hexes[hex_id].country
    return next((side for side, countries in sources.items() if country in countries), None)


@RULES.implements("0.1", "0.1.1")
def strategic_value(
    state_: State, held: Mapping[str, tuple[str, str | None]] | None = None
) -> dict[str, int]:
    """The current strategic value and its terms: the Axis tally (Allied strategic hexes it
    controls, Allied Collapse markers), the Allied tally (Axis strategic hexes they control,
    Military Requisition markers) and the ESV term (0.1.1 steps 1-3); ``held``,
    :func:`strategic_holders` of the state, when the caller has it."""
    data = state_.data
    tables = game_tables(state_)
    if held is None:
        held = strategic_holders(state_)
    axis = sum(1 for colour, side in held.values() if colour == "allied" and side == "axis")
    axis += sw_count(data, "allied_collapse")
    allied = sum(1 for colour, side in held.values() if colour == "orange" and side in ALLIED)
    allied += sw_count(data, "military_requisition")
    japan_taken = any(
        colour == "orange" and side == "west" and board().hexes[hex_id].country == "japan"
        for hex_id, (colour, side) in held.items()
    )
    counts = japan_taken == (tables["seasonal_play"].esv_term == "if")
    esv = max(data["esv"], 0) if counts else 0
    return {"sv": axis - allied + esv, "axis": axis, "allied": allied, "esv": esv}


def strategic_holders(state_: State) -> dict[str, tuple[str, str | None]]:
    """Each strategic hex of the sheets in play: its colour and who controls it (0.1.1)."""
    data = state_.data
    sources = {
        side: found
        for side, found in game_tables(state_)["supply"].sources.items()
        if side in data["factions"]
    }
    sheets = forces().scenarios[state_.scenario].sheets
    return {
        hex_id: (colour, controller(data, hex_id, sources))
        for hex_id, colour in strategic_hexes().items()
        if hex_id[0] in sheets
    }


@RULES.implements("0.1.2")
def place_marker(data: Mapping[str, Any], tables: Mapping[str, Any], sv: int) -> dict[str, Any]:
    """Where the VP marker goes for ``sv``: the track's box and face, a +1 or +2 leaving the face
    as it is, a Rising Sun never beyond the Imperial Rescript's box."""
    band = tables["vp_track"].place(sv)
    face = data["vp_marker"]["face"] if band.face == "unchanged" else band.face
    box: int | str = band.box
    rescript = data.get("imperial_rescript")
    if face == "rising_sun" and rescript is not None and _rank(box) > rescript:
        box = rescript
    return {"box": box, "face": face}


def _rank(box: int | str) -> int:
    return 5 if box == AUTOMATIC else int(box)


@RULES.implements("0.2")
def automatic_victory(data: Mapping[str, Any], play: SeasonalPlay) -> tuple[str, str] | None:
    """The way a faction wins at once, and who ("axis" or "allies"), or None (0.2)."""
    box, face, war = data["vp_marker"]["box"], data["vp_marker"]["face"], data["war_state"]
    if box == AUTOMATIC and war == "total_war":
        return "asia_domination", FAVOURS[face]
    surrender = box == 2 or (play.japan_surrenders == "box_or_higher" and _rank(box) >= 2)
    if face == "allied_crusade" and war == "limited_war" and surrender:
        return "japan_surrenders", "allies"
    if data["esv"] >= play.european_collapse_esv:
        return "european_collapse", "axis"
    return None


def result_for(state_: State, who: str) -> Result | None:
    """The game's result when ``who`` (axis, allies) wins; None if no such faction plays."""
    factions = state_.data["factions"]
    winners = ["axis"] if who == "axis" else [side for side in ALLIED if side in factions]
    if not winners or winners[0] not in factions:
        return None
    counts = victory.held(state_.data)
    scores = {side: counts[side] for side in factions}
    return victory.won(state_, winners[0], winners[1:], scores)


@RULES.implements("0.1", "0.3")
def final_vp_result(state_: State) -> Result:
    """The end of a game that is not a training scenario (0.3): the final VP check places the VP
    marker, the Axis scores the Rising Sun's box and the Imperial Rescript's, the Allies the
    Allied Crusade's (the Automatic Victory box counting 5), the Axis the bonus of a returned
    V-J Day marker (14.45); more VP wins, a tie is the Axis's.
    The influence markers of the final check are not played yet."""
    data = state_.data
    marker = place_marker(data, game_tables(state_), strategic_value(state_)["sv"])
    box = _rank(marker["box"])
    axis = (box if marker["face"] == "rising_sun" else 0) + (data.get("imperial_rescript") or 0)
    axis += markers.return_bonus_vp(state_)
    allies = box if marker["face"] == "allied_crusade" else 0
    factions = data["factions"]
    allied = [side for side in ALLIED if side in factions]
    scores = {side: axis if side == "axis" else allies for side in factions}
    if axis >= allies or not allied:
        return victory.won(state_, "axis", [], scores)
    return victory.won(state_, allied[0], allied[1:], scores)


def final_result(state_: State) -> Result:
    """The result when the last turn ends: the objectives of a scenario whose designed terms
    give them (the training scenarios and War of Resistance, tables ``training_scenarios`` and
    ``campaign_scenarios``: 0.3's stand-in), else the final VP check (the two-map campaign that
    runs to V-J Day: its ``decided_by``)."""
    tables = game_tables(state_)
    campaign = tables["campaign_scenarios"].get(state_.scenario)
    by_objectives = campaign is not None and campaign.decided_by == "objectives"
    if state_.scenario in tables["training_scenarios"] or by_objectives:
        return victory.final_result(state_)
    return final_vp_result(state_)


class SeasonalVictory(Procedure):
    """Phase 0 of a seasonal turn: the VP check (0.1) and the automatic victory test (0.2)."""

    name = "seasonal_victory"

    def start(self, g: Context, f: Frame) -> None:
        tables = game_tables(g.state)
        found = strategic_value(g.state)
        g.log("log.vp_check", **found)
        g.data["vp_marker"] = place_marker(g.data, tables, found["sv"])
        box, face = g.data["vp_marker"]["box"], g.data["vp_marker"]["face"]
        g.log("log.vp_marker_auto" if box == AUTOMATIC else "log.vp_marker", box=box, face=face)
        won = automatic_victory(g.data, tables["seasonal_play"])
        result = None if won is None else result_for(g.state, won[1])
        if won is not None and result is not None:
            g.log("log.automatic_victory", way=won[0])
            g.end_game(result)
            return
        g.ret()


def tracks(data: Mapping[str, Any]) -> dict[str, Any]:
    """The tracks the seasonal turns read, for the client's tracks panel (0.1.2): the VP
    marker's box and face, the Pacific war state, the current ESV and the Pacific USCL."""
    marker = data.get("vp_marker") or {}
    found = {
        "vp_marker_box": marker.get("box"),
        "vp_marker_face": marker.get("face"),
        "pacific_war_state": data.get("war_state"),
        "current_esv": data.get("esv"),
        "pacific_uscl": data.get("uscl"),
    }
    return {key: value for key, value in found.items() if value is not None}


def marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each hex with a logistics marker or a partisan base (1.2), or a detachment
    (2.3.5), in its faction's colour."""
    found = [
        {"hex": where, "kind": "logistics", "side": forces().markers[marker].faction}
        for marker, where in sorted(data.get("logistics", {}).items())
        if where in board().hexes
    ]
    found += [
        {"hex": hex_id, "kind": "partisan", "side": side}
        for hex_id, side in sorted(data.get("partisans", {}).items())
    ]
    found += [
        {"hex": where, "kind": "detachment", "side": state.faction(uid)}
        for uid, where in sorted(data.get("detachments", {}).items())
    ]
    return found


# -- 1 the seasonal phase -----------------------------------------------------------------------


class SeasonalPhase(Procedure):
    """A faction's seasonal phase (1): the option card segment (1.1) if it is played, the
    logistics and partisan segment (1.2), the replacement segment (1.3)."""

    name = "seasonal_phase"

    def start(self, g: Context, f: Frame) -> None:
        if "option_card_segment" in g.procedures and "decks" in g.data:
            g.call("option_card_segment", then="logistics", side=f["side"])
            return
        g.log("log.phase_skipped", phase="option_cards", side=f["side"])
        g.goto("logistics")

    @RULES.implements("1.2")
    def logistics(self, g: Context, f: Frame) -> None:
        """1.2: a decision only when the faction has a marker or base to place or pick up."""
        g.goto("logistics_choice" if logistics.offer(g, f, None) else "replacements")

    @decision
    def logistics_choice(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.logistics")
        logistics.offer(g, f, choices)
        choices.add("end", _to_replacements)
        return choices

    @RULES.implements("1.3")
    def replacements(self, g: Context, f: Frame) -> None:
        """1.3: the steps received this seasonal turn, taken one unit at a time."""
        left = replacements.grant(g.state, f["side"])
        g.call("take_replacements", then="done", side=f["side"], left=left)

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


class TakeReplacements(Procedure):
    """Replacement steps ``left`` (a grant of :mod:`replacements`) taken by ``side`` one unit at
    a time (1.3.3, 1.3.4): the seasonal phase's, and any segment's that grants replacements."""

    name = "take_replacements"

    def start(self, g: Context, f: Frame) -> None:
        if f["left"]:
            g.log("log.replacements", side=f["side"], steps=sum(f["left"].values()))
        g.goto("take")

    def take(self, g: Context, f: Frame) -> None:
        if replacements.candidates(g.state, f["side"], f["left"]):
            g.goto("take_choice")
            return
        _lose_the_rest(g, f)
        g.ret()

    @decision
    def take_choice(self, g: Context, f: Frame) -> Choices:
        left = sum(f["left"].values())
        choices = Decision.single(f["side"], "prompt.replacements", steps=left)
        for uid in replacements.candidates(g.state, f["side"], f["left"]):
            choices.add(f"replace {uid}", _take, uid)
        choices.add("end", _end_replacements)
        return choices

    @decision
    def place(self, g: Context, f: Frame) -> Choices:
        """1.3.4: where the unit taken goes; cancel takes another."""
        choices = Decision.single(f["side"], "prompt.replacement_place", unit=f["unit"])
        choices.add("cancel", _cancel)
        for hex_id in replacements.places(g.state, f["unit"]):
            choices.add(f"hex {hex_id}", _place, hex_id)
        return choices


def _to_replacements(g: Context, f: Frame) -> None:
    g.goto("replacements")


def _take(g: Context, f: Frame, uid: str) -> None:
    f["unit"] = uid
    g.goto("place")


def _cancel(g: Context, f: Frame) -> None:
    f.locals.pop("unit")
    g.goto("take_choice")


@RULES.implements("1.3.3", "1.3.4")
def _place(g: Context, f: Frame, hex_id: str) -> None:
    uid = f.locals.pop("unit")
    paid = replacements.cost(g.data, uid, f["left"]) or {}
    for key, count in paid.items():
        f["left"][key] -= count
        if not f["left"][key]:
            del f["left"][key]
    for where in ("pool", "eliminated"):
        if uid in g.data[where]:
            g.data[where].remove(uid)
    g.data["units"][uid] = {"hex": hex_id, "steps": 1}
    g.log("log.replacement", side=f["side"], unit=uid, hex=hex_id)
    g.goto("take")


def _end_replacements(g: Context, f: Frame) -> None:
    _lose_the_rest(g, f)
    g.ret()


@RULES.implements("1.3.3")
def _lose_the_rest(g: Context, f: Frame) -> None:
    """No saving: steps not taken now are lost."""
    lost = sum(f.get("left", {}).values())
    if lost:
        g.log("log.replacements_lost", side=f["side"], steps=lost)
    f["left"] = {}


ALL: Final[tuple[Procedure, ...]] = (SeasonalVictory(), SeasonalPhase(), TakeReplacements())

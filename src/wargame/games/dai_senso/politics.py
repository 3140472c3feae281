"""Political play: the political DRM (1.1.2), rolls on the political event tables and their
chains (3.3 of the spec), the events applied (15, 16), and the card action segments that run
them: the political event segment (2.1) and the card part of the conditional event segment
(6.2). Only a scenario that plays politics (:func:`countries.plays`) runs them.

The rulebook's principles of reading (its "how to read the rules", unnumbered) live in
:func:`apply_event`, the one place every event passes through: an event is done as its text
says and no more (read literally); an event that cannot be done has no effect and play goes on
(impossible means no effect); a roll whose failure the text does not list gives no event
(:func:`roll_or_nothing`, unlisted failure means no event).

Decisions
- The current card is ``data["current_card"][faction]`` (a card id of ``cards.yaml``), kept by the
  option card segment (1.1); a faction with none has no political event segment (2.1: skipped
  when the current card lists nothing). A red-bordered action (``seasonal_only``) runs on
  seasonal turns only.
- The VP marker's part of the political DRM reads ``data["vp_marker"]`` (its ``box`` and
  ``face``), kept by the seasonal victory phase (0.1.2); before it is placed it adds nothing.
- Events played (each designed where no text survives, provisional): influence markers, Neutral
  markers (Neutrality), a neutral minor joining a faction, Country Resists and Successful Protest
  (an influence marker removed), Declaration of War (as 6.1.1), China Incident (the Chinese
  minors at War posture), Ceded Territory (a region to Japan), Armistice (a Truce), USCL
  Increase and US Influence Decline (the USCL level), Oil Embargo (the seed's example), Aid to
  the KMT and to the CCP (a roll on the Aid to China table: 16.3.9, 16.5.6), Free Passage (a
  faction's units may enter a neutral or Policy-affected country), Regime Change (a conquered
  minor becomes an active Axis one), Operation Z and
  Large-Scale Attack (SNLF Beachhead-0 markers: :mod:`snlf`, 15.29, 15.37), Allied Support for
  Resistance (partisan bases, 15.1), Euro Commitment (the ESV, 15.14), Minor Country Creation
  (a ceded region made a new Axis minor, 15.25, 13.8.2) and the German Victories (the ESV,
  France made Vichy: 13.8.4, 13.8.5), the Aid to China table's Chinese replacement steps and
  Military Aid (:mod:`aid`, 14.1), Stall [Command, Supply] (a Stall marker: :mod:`markers`,
  14.15), Total War's four Axis conditional events (:mod:`total_war`, 12.3): their numbers are
  the tables ``markers``' and ``politics``'. Every other event is logged as not played yet, and
  changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from wargame.engine.dice import D6
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame, State
from wargame.games.dai_senso import aid, countries, markers, snlf, total_war, war_states
from wargame.games.dai_senso.cards import cards
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES

MARKER_TABLES: Final = ("diplomatic_incident",)
"""Besides the current card tables (``current_card_*``), the tables whose rolls count the selected
country's marker (1.1.2: the Diplomatic Incident and Current Card tables)."""

RULES.stand_in("2.1", "events whose effect text is lost are designed or not played yet",
               key="political_events")  # fmt: skip
RULES.stand_in("15.1", "an Allied faction gains partisan base markers", key="asr")
RULES.stand_in("13.8.4", "France's fall makes France a neutral of the Axis with Free Passage",
               key="vichy")  # fmt: skip
RULES.stand_in("13.8.5", "Germany is off the map: its victories raise the ESV",
               key="germany_off_map")  # fmt: skip
RULES.stand_in("15.14", "an Allied faction's commitment to Europe lowers the ESV",
               key="euro_commitment")  # fmt: skip
RULES.stand_in("15.25", "a region ceded to Japan becomes a new Axis minor",
               key="minor_country_creation")  # fmt: skip


def current_card_actions(
    data: Mapping[str, Any], side: str, segment: str, seasonal: bool
) -> list[list[str | None]]:
    """The actions of ``side``'s current card for ``segment``, as (do, select) pairs in order;
    a red-bordered one only on a seasonal turn (2.1)."""
    card_id = data.get("current_card", {}).get(side)
    if card_id is None or card_id not in cards().cards:
        return []
    return [
        [action.do, action.select]
        for action in cards().cards[card_id].actions
        if action.segment == segment and (seasonal or not action.seasonal_only)
    ]


@RULES.implements("1.1.2")
def political_drm(state_: State, table: str, country: str | None) -> int:
    """The political DRM of a roll on ``table`` about ``country``: the VP marker's box, the
    USCL level's printed DRM and, on a Diplomatic Incident or current card table only, the
    selected country's marker."""
    data = state_.data
    printed = game_tables(state_)
    drm_table = printed["political_drm"]
    vp = data.get("vp_marker") or {}
    box = vp.get("box") if isinstance(vp.get("box"), int) else 0
    drm = {
        "rising_sun": drm_table.per_vp_rising_sun * box,
        "allied_crusade": drm_table.per_vp_allied_crusade * box,
    }.get(vp.get("face", ""), 0)
    uscl = printed["uscl_track"]
    drm += uscl[min(int(data.get("uscl", 0)), len(uscl) - 1)].political_drm
    marker = data.get("country_markers", {}).get(country or "")
    if marker and (table in MARKER_TABLES or table.startswith("current_card")):
        sign = printed["politics"].marker_drm.get(marker, 0)
        drm += sign * drm_table.marker_on_selected_country
    return int(drm)


@RULES.implements("2.1", "1.1.2")
def roll_on_table(g: Context, side: str, table: str, country: str | None) -> None:
    """Roll on ``table`` with the political DRM, clamped to 1-6, and follow the result: another
    table (rolled again, with its own DRM), or the event applied."""
    printed = game_tables(g.state)
    limits = printed["political_drm"]
    while True:
        drm = political_drm(g.state, table, country)
        roll = g.roll(D6, side, "political_event", table=table)
        modified = max(limits.lowest_roll, min(limits.highest_roll, roll + drm))
        result = printed["event_tables"][table].rows[str(modified)]
        g.log("log.table_roll", side=side, table=table, roll=roll, drm=drm, result=modified)
        if not result.startswith("table:"):
            apply_event(g, side, result, country)
            return
        table = result.removeprefix("table:")


def run_action(g: Context, side: str, do: str, country: str | None) -> None:
    """One card action: a table rolled on, an event applied or a marker (not played yet)."""
    if do.startswith("table:"):
        roll_on_table(g, side, do.removeprefix("table:"), country)
    elif do.startswith("marker:"):
        g.log("log.event_not_played", side=side, event=do.removeprefix("marker:"))
    else:
        apply_event(g, side, do, country)


@RULES.implements("2.1", "6.2")
def apply_event(g: Context, side: str, event: str, country: str | None) -> None:
    """The one door of every event, where the principles of reading apply: "none" is no event;
    an event with no play yet changes nothing and says so, as does one about the countries where
    the scenario plays no politics (an option card's there: only the tracks' events are played);
    an event that cannot be done now has no effect (impossible means no effect)."""
    if event == "none":
        g.log("log.no_event", side=side)
        return
    handler = HANDLERS.get(event)
    if handler is None or not (countries.plays(g.data) or event in WITHOUT_POLITICS):
        g.log("log.event_not_played", side=side, event=event)
        return
    if not handler(g, side, country):
        g.log("log.event_impossible", side=side, event=event, country=country)


def roll_or_nothing(g: Context, side: str, succeeds: Callable[[int], bool], event: str) -> bool:
    """A die roll that gives ``event`` if it succeeds; the text lists no failure, so a failed
    roll gives no event (unlisted failure means no event). Always done: True."""
    roll = g.roll(D6, side, "event", event=event)
    if succeeds(roll):
        apply_event(g, side, event, None)
    else:
        g.log("log.no_event", side=side)
    return True


# -- the events played ---------------------------------------------------------------------------

Handler = Callable[[Context, str, "str | None"], bool]


def _influence(faction: str) -> Handler:
    def place(g: Context, side: str, country: str | None) -> bool:
        return _marker(g, country, f"influence_{faction}")

    return place


def _neutrality(g: Context, side: str, country: str | None) -> bool:
    return _marker(g, country, "neutral")


def _marker(g: Context, country: str | None, marker: str) -> bool:
    """A country marker on the country, replacing any other (impossible: no country)."""
    markers = g.data["country_markers"]
    if country is None or not countries.is_country(country) or markers.get(country) == marker:
        return False
    markers[country] = marker
    g.log("log.country_marker", marker=marker, country=country)
    return True


def _joins(faction: str) -> Handler:
    def join(g: Context, side: str, country: str | None) -> bool:
        if country is None or countries.status(g.data, country) != "neutral":
            return False
        countries.set_status(g.data, country, "active", faction)
        g.log("log.country_joins", country=country, faction=faction)
        if countries.posture(g.data, country) == "war":
            war_states.took_war_posture(g, country)
        return True

    return join


def _remove_marker(only: str | None) -> Handler:
    def remove(g: Context, side: str, country: str | None) -> bool:
        markers = g.data["country_markers"]
        found = markers.get(country or "")
        if found is None or not found.startswith("influence") or only not in (None, found):
            return False
        del markers[country]
        g.log("log.marker_removed", marker=found, country=country)
        return True

    return remove


def _declaration(g: Context, side: str, country: str | None) -> bool:
    if country is None or war_states.declaration_refusal(g.data, side, country):
        return False
    war_states.declare_war(g, side, country)
    return True


def _china_incident(g: Context, side: str, country: str | None) -> bool:
    """The Chinese minors active and aligned with an Allied faction take a War posture."""
    found = [
        name
        for name in countries.CHINESE
        if countries.status(g.data, name) == "active"
        and countries.alignment(g.data, name) in countries.ALLIED
        and countries.posture(g.data, name) != "war"
    ]
    for name in found:
        countries.set_posture(g.data, name, "war")
        g.log("log.war_posture", country=name)
        war_states.took_war_posture(g, name)
    return bool(found)


@RULES.implements("13.8.1")
def _ceded_territory(g: Context, side: str, country: str | None) -> bool:
    """The selected country's first region not yet ceded goes to Japan (13.3.2), its marker to
    the Ceded Lands box."""
    ceded = g.data["politics"]["ceded"]
    regions = [
        name
        for name, area in sorted(countries.areas().items())
        if area["kind"] == "region" and area["owner"] == country and name not in ceded
    ]
    if country is None or not regions:
        return False
    ceded[regions[0]] = "japan"
    g.log("log.ceded", region=regions[0], country=country)
    return True


def _armistice(g: Context, side: str, country: str | None) -> bool:
    """A Truce marker on the selected country at war (6.1.2 takes it off in time)."""
    if country is None or countries.posture(g.data, country) != "war":
        return False
    if not countries.set_posture(g.data, country, "truce"):
        return False
    g.data["politics"]["truces"][country] = game_tables(g.state)["politics"].truce_turns
    g.log("log.truce", country=country)
    return True


def _uscl(step: int) -> Handler:
    def move(g: Context, side: str, country: str | None) -> bool:
        top = len(game_tables(g.state)["uscl_track"]) - 1
        level = int(g.data.get("uscl", 0))
        moved = max(0, min(top, level + step))
        if moved == level:
            return False
        g.data["uscl"] = moved
        g.log("log.uscl_event", level=moved)
        return True

    return move


def _esv_down(g: Context, side: str, country: str | None) -> bool:
    """The European strategic value one lower (the seasonal tracks' ESV, 0.1.1)."""
    g.data["esv"] = int(g.data.get("esv", 0)) - 1
    g.log("log.esv", side=side, esv=g.data["esv"], change=-1)
    return True


@RULES.implements("16.3.9", "16.5.6")
def _aid_to_china(g: Context, side: str, country: str | None) -> bool:
    """Aid to Nationalist (16.3.9) or Communist (16.5.6) China: a roll on the Aid to China
    table ([DN-DS] 14.1), with the political DRM as every event table roll."""
    roll_on_table(g, side, "aid_to_china", None)
    return True


def _free_passage(g: Context, side: str, country: str | None) -> bool:
    """The selected neutral or Policy-affected country of another faction lets ``side``'s units
    through it (:func:`war_states.entry_refusal`) for the rest of the game."""
    if country is None or countries.record(g.data, country) is None:
        return False
    if countries.alignment(g.data, country) == side:
        return False
    passage = g.data["politics"].setdefault("free_passage", {})
    if side in passage.get(country, []):
        return False
    passage.setdefault(country, []).append(side)
    g.log("log.free_passage", country=country, faction=side)
    return True


def _regime_change(g: Context, side: str, country: str | None) -> bool:
    """A conquered minor becomes an active minor of the Axis (a regime Japan set up)."""
    if country is None or countries.status(g.data, country) != "conquered":
        return False
    countries.set_status(g.data, country, "active", "axis")
    g.log("log.country_joins", country=country, faction="axis")
    return True


@RULES.implements("15.1")
def _allied_support_for_resistance(g: Context, side: str, country: str | None) -> bool:
    """An Allied faction's partisan base pool grows by the table's markers (impossible for the
    Axis)."""
    bases = game_tables(g.state)["markers"].asr_partisan_bases
    if side not in countries.ALLIED or bases == 0:
        return False
    pool = g.data.setdefault("partisan_pool", {})
    pool[side] = pool.get(side, 0) + bases
    g.log("log.asr", side=side, bases=bases)
    return True


@RULES.implements("15.14")
def _euro_commitment(g: Context, side: str, country: str | None) -> bool:
    """An Allied faction commits forces to Europe: the ESV moves by the table's change
    (impossible for the Axis)."""
    change = game_tables(g.state)["markers"].euro_commitment_esv
    if side not in countries.ALLIED or change == 0:
        return False
    g.data["esv"] = int(g.data.get("esv", 0)) + change
    g.log("log.esv", side=side, esv=g.data["esv"], change=change)
    return True


@RULES.implements("15.25", "13.8.2")
def _minor_country_creation(g: Context, side: str, country: str | None) -> bool:
    """The first region of the selected country ceded to Japan becomes a new minor country of
    the Axis (impossible: no such region)."""
    ceded = g.data["politics"]["ceded"]
    created = g.data["politics"].get("created", {})
    regions = [
        name
        for name, area in sorted(countries.areas().items())
        if area["owner"] == country and ceded.get(name) == "japan" and name not in created
    ]
    if country is None or not regions:
        return False
    countries.create_minor(g.data, regions[0], "axis")
    g.log("log.minor_created", region=regions[0], faction="axis")
    return True


@RULES.implements("13.8.5")
def _german_victory(defeated: str) -> Handler:
    """Germany, off the map, wins in Europe: the ESV rises by the table's amount; France's fall
    also makes France Vichy (13.8.4)."""

    def victory(g: Context, side: str, country: str | None) -> bool:
        change = game_tables(g.state)["markers"].german_victory_esv[defeated]
        g.data["esv"] = int(g.data.get("esv", 0)) + change
        g.log("log.esv", side=side, esv=g.data["esv"], change=change)
        if defeated == "france":
            _vichy(g)
        return True

    return victory


@RULES.implements("13.8.4")
def _vichy(g: Context) -> None:
    """France, active and not at war, becomes a neutral aligned with the Axis that lets the
    Axis's units through it and its dependents (Indochina)."""
    if not countries.plays(g.data) or countries.record(g.data, "france") is None:
        return
    if (
        countries.status(g.data, "france") != "active"
        or countries.posture(g.data, "france") == "war"
    ):
        return
    countries.set_status(g.data, "france", "neutral", "axis")
    passage = g.data["politics"].setdefault("free_passage", {})
    if "axis" not in passage.get("france", []):
        passage.setdefault("france", []).append("axis")
    g.log("log.vichy")


def _snlf(event: str) -> Handler:
    def place(g: Context, side: str, country: str | None) -> bool:
        return side == "axis" and snlf.begin(g, event)

    return place


def _oil_embargo(g: Context, side: str, country: str | None) -> bool:
    """The seed's example: Military Aid on a roll at most the Japanese markers in the Ceded
    Lands box; a higher roll is a failure the text does not list: no event."""
    count = sum(1 for owner in g.data["politics"]["ceded"].values() if owner == "japan")
    return roll_or_nothing(g, side, lambda roll: roll <= count, "military_aid")


HANDLERS: Final[dict[str, Handler]] = {
    **{f"influence_{f}": _influence(f) for f in ("axis", "west", "soviet")},
    **{f"country_joins_{f}": _joins(f) for f in ("axis", "west", "soviet")},
    "neutrality": _neutrality,
    "country_resists": _remove_marker(None),
    "successful_protest": _remove_marker("influence_axis"),
    "declaration_of_war": _declaration,
    "china_incident": _china_incident,
    "ceded_territory": _ceded_territory,
    "armistice": _armistice,
    "uscl_increase": _uscl(1),
    "us_influence_decline": _uscl(-1),
    "esv_down": _esv_down,
    "oil_embargo": _oil_embargo,
    "aid_to_kmt": _aid_to_china,
    "aid_to_ccp": _aid_to_china,
    "operation_z": _snlf("operation_z"),
    "free_passage": _free_passage,
    "regime_change": _regime_change,
    "large_scale_attack": _snlf("large_scale_attack"),
    "allied_support_for_resistance": _allied_support_for_resistance,
    "euro_commitment": _euro_commitment,
    "minor_country_creation": _minor_country_creation,
    "german_victory_france": _german_victory("france"),
    "german_victory_russia": _german_victory("russia"),
    "chinese_replacement_step": aid.replacement_steps(1),
    "chinese_replacement_steps_2": aid.replacement_steps(2),
    "military_aid": aid.military_aid,
    "stall_command": markers.stall_event("command"),
    "stall_supply": markers.stall_event("supply"),
    **{event: getattr(total_war, event) for event in total_war.QUEUED},
}
"""The events played, by id; each returns False when it cannot be done."""
WITHOUT_POLITICS: Final = frozenset(
    {
        "uscl_increase",
        "us_influence_decline",
        "esv_down",
        "euro_commitment",
        "german_victory_france",
        "german_victory_russia",
    }
)
"""The events played where the scenario plays no politics (an option card's: the tracks')."""


# -- the segments ------------------------------------------------------------------------------


class CardActions(Procedure):
    """The actions of the phasing faction's current card for a segment, in order (2.1; 6.2,
    where they are the faction's option-card conditional events: 16.2, 16.4, 16.6): a country
    selected where the action says so, then the action run."""

    name = "card_actions"

    @RULES.implements("2.1", "16.2", "16.4", "16.6")
    def start(self, g: Context, f: Frame) -> None:
        seasonal = bool(game_tables(g.state)["turn_track"][g.data["track"]].seasonal)
        f["actions"] = current_card_actions(g.data, f["side"], f["segment"], seasonal)
        f["next"] = 0
        if not f["actions"]:
            g.log("log.no_card_actions", side=f["side"], segment=f["segment"])
        g.goto("action")

    def action(self, g: Context, f: Frame) -> None:
        """The actions up to the next that selects a country, run; then its selection."""
        while f["next"] < len(f["actions"]):
            do, select = f["actions"][f["next"]]
            if select is not None:
                g.goto("select")
                return
            f["next"] += 1
            run_action(g, f["side"], do, None)
            if g.frame is not f:  # the event asks for decisions (snlf): it goes on at "action"
                return
        g.ret()

    @decision
    def select(self, g: Context, f: Frame) -> Choices:
        do, select = f["actions"][f["next"]]
        choices = Decision.single(f["side"], "prompt.select_country", action=do)
        for country in countries.selectable(g.data, select):
            choices.add(f"select {country}", _selected, country)
        return choices


def _selected(g: Context, f: Frame, country: str) -> None:
    do, _select = f["actions"][f["next"]]
    f["next"] += 1
    g.log("log.selected", side=f["side"], country=country)
    run_action(g, f["side"], do, country)
    if g.frame is f:
        g.goto("action")


class PoliticalEventSegment(Procedure):
    """The political event segment (2.1): the current card's political event actions."""

    name = "political_event_segment"

    @RULES.implements("2.1")
    def start(self, g: Context, f: Frame) -> None:
        g.call("card_actions", then="done", side=f["side"], segment="political_event")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (CardActions(), PoliticalEventSegment())
